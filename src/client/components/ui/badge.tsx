import { cn } from '@client/lib/cn';
import type { ComponentProps } from 'react';

const tones = {
  success: 'bg-success/12 text-success',
  info: 'bg-info/12 text-info',
  neutral: 'bg-surface-sunken text-fg-muted',
  accent: 'bg-accent-soft text-accent',
  danger: 'bg-danger/10 text-danger',
} as const;
export type BadgeTone = keyof typeof tones;

/**
 * A small rounded label for a status or a category. Colour is never the only signal: it carries text. A label
 * that can be a sentence ("Completed: 0 failed, 1 bounced") sets `wrap`, so that on a narrow screen it breaks
 * into lines inside its box instead of running out of it (a `whitespace-normal` class would not override
 * `whitespace-nowrap`: the stylesheet's order decides, and it puts nowrap last).
 */
export function Badge({
  tone = 'neutral',
  wrap = false,
  className,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone; wrap?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 px-2.5 py-0.5 text-xs font-semibold',
        wrap ? 'max-w-full rounded-xl whitespace-normal' : 'rounded-full whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

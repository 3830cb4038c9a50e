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

/** A small rounded label for a status or a category. Colour is never the only signal: it carries text. */
export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

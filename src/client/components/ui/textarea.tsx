import { cn } from '@client/lib/cn';
import type { ComponentProps } from 'react';

/**
 * A multi-line text field that grows with its content (where the browser can size fields to their content)
 * between a comfortable minimum and a maximum, then scrolls. Label it with a <label> or aria-labelledby.
 */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-40 max-h-[60vh] w-full resize-y field-sizing-content rounded-2xl border border-border',
        'bg-surface-raised px-4 py-3 text-base leading-relaxed text-fg shadow-inner shadow-black/[0.02]',
        'placeholder:text-fg-muted/70 transition-colors focus-visible:border-ring',
        'aria-invalid:border-danger disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

import { cn } from '@client/lib/cn';
import type { ComponentProps } from 'react';

/** A single-line text field in the product's look; `aria-invalid` turns its border red. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block h-12 w-full rounded-xl border border-border bg-surface-raised px-4 text-base text-fg transition',
        'placeholder:text-fg-muted/70 aria-invalid:border-danger',
        'read-only:bg-surface-sunken read-only:text-fg-muted disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

import { cn } from '@client/lib/cn';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

type CardProps = ComponentProps<'div'> & {
  /** Render the child element (a section, a list item, a link) with the card's look. */
  asChild?: boolean;
};

/**
 * A raised, rounded surface that groups one piece of content. Padding is the caller's (`p-6 sm:p-8`, or none
 * for a card split into panels): without class merging, a default here could not be overridden reliably.
 */
export function Card({ asChild, className, ...props }: CardProps) {
  const Component = asChild ? Slot.Root : 'div';
  return (
    <Component
      className={cn(
        'rounded-3xl border border-border bg-surface-raised shadow-lg shadow-black/[0.03]',
        className,
      )}
      {...props}
    />
  );
}

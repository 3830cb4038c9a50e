import { cn } from '@client/lib/cn';
import { type ComponentProps, useEffect, useRef } from 'react';

/**
 * A checkbox in the product's look. Native on purpose: lists of thousands of rows stay light, and the
 * browser provides keyboard use, form behaviour and the "mixed" state (`indeterminate`). Label it with a
 * <label> or `aria-label`.
 */
export function Checkbox({
  indeterminate = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn('size-5 shrink-0 cursor-pointer accent-accent disabled:cursor-not-allowed', className)}
      {...props}
    />
  );
}

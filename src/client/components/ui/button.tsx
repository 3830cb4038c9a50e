import { cn } from '@client/lib/cn';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-accent text-accent-fg shadow-sm hover:brightness-110 active:brightness-95',
  secondary: 'border border-border bg-surface-raised text-fg hover:bg-surface-sunken',
  ghost: 'text-fg hover:bg-surface-sunken',
  /** A quiet button for something that destroys (it opens a confirmation). */
  danger: 'text-danger hover:bg-danger/10',
  /** The outlined one, beside secondary buttons; it opens a confirmation too. */
  dangerOutline: 'border border-danger/60 bg-surface-raised text-danger hover:bg-danger/10',
  /** The one that confirms destroying something (in the confirmation). */
  dangerSolid: 'bg-danger text-surface shadow-sm hover:brightness-110 active:brightness-95',
} as const;

/** Heights are minimums: a label too long for a narrow screen wraps inside the button, not out of it. */
const sizes = {
  sm: 'min-h-9 px-3 py-1.5 text-sm leading-snug',
  md: 'min-h-11 px-5 py-2 text-base leading-snug',
} as const;

type ButtonLook = {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/** The classes of a button's look, for elements that cannot be a `<Button>` (the dialogs' own buttons). */
export function buttonClassName({ variant = 'primary', size = 'md' }: ButtonLook = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full text-center font-medium transition',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}

type ButtonProps = ComponentProps<'button'> &
  ButtonLook & {
    /** Render the child element (a link, say) with the button's look. */
    asChild?: boolean;
  };

export function Button({ variant, size, asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonClassName({ variant, size }), className)} {...props} />;
}

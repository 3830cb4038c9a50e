import { cn } from '@client/lib/cn';
import { type ReactNode, useId } from 'react';

/** What a field hands its control so the label, hint and error are wired to it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A label, a control, an optional hint and an error line. The control gets the ids it needs
 * (`aria-describedby` names the hint and the error, `aria-invalid` is set while there is an error), so a
 * screen reader reads the error when the control is focused.
 */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-2">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      </div>
      {hint && (
        <p id={hintId} className="mt-2 text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <FieldError id={errorId} className="mt-2">
          {error}
        </FieldError>
      )}
    </div>
  );
}

/** An error line under a field or a form. */
export function FieldError({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={id} className={cn('text-sm font-medium text-danger', className)}>
      {children}
    </p>
  );
}

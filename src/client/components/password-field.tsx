import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import type { RefObject } from 'react';

/**
 * A password field with its label, an optional hint, an error and the show/hide button (the account
 * forms and the staff forms).
 */
export function PasswordField({
  label,
  hint,
  name,
  autoComplete,
  value,
  onValueChange,
  error,
  inputRef,
}: {
  label: string;
  hint?: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <PasswordInput
          {...control}
          ref={inputRef}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

type FieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
};

/**
 * The e-mail field of the auth forms, set up for address autofill and no autocorrection. `readOnly` when
 * the address is fixed (an invitation is for one address), with `hint` saying why.
 */
export function EmailField({
  value,
  onValueChange,
  error,
  inputRef,
  readOnly = false,
  hint,
}: FieldProps & { readOnly?: boolean; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.email.label')} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={readOnly}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A password field with its label, an optional hint and the show/hide button. */
export function PasswordField({
  label,
  hint,
  name,
  autoComplete,
  value,
  onValueChange,
  error,
  inputRef,
}: FieldProps & {
  label: string;
  hint?: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
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

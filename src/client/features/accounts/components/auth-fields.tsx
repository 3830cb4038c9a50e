import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
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

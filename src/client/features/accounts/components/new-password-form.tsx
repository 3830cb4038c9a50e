import { PasswordField } from '@client/components/password-field';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/account';
import { type AuthField, checkPassword, type FieldProblem, problemOfError } from '../auth-checks';
import { FormFooter, useAuthErrorToast } from './auth-ui';

/**
 * The page a reset link opens: a new password and its confirmation. `onInvalidToken` is called when the link
 * is unknown, used or expired; `onDone` when the password has been changed (every session is signed out).
 */
export function NewPasswordForm({
  token,
  onDone,
  onInvalidToken,
}: {
  token: string;
  onDone: () => void;
  onInvalidToken: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const toastError = useAuthErrorToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const refs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  const show = (next: FieldProblem) => {
    setProblem(next);
    if (next.field === 'password' || next.field === 'confirm') refs[next.field].current?.focus();
  };
  const errorOf = (field: AuthField) => (problem?.field === field ? t(problem.message) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const check = checkPassword(password, confirm);
    if (!check.ok) {
      show(check.problem);
      if (check.problem.field === 'confirm') toastError(check.problem);
      return;
    }
    setProblem(null);
    reset.mutate(
      { token, password: check.value },
      {
        onSuccess: onDone,
        onError: (error) => {
          const next = problemOfError(error);
          if (next.message === 'errors.invalid_token') return onInvalidToken();
          show(next);
          toastError(next);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="space-y-5">
        <PasswordField
          label={t('auth.reset.form.password')}
          hint={t('auth.password.hint')}
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setProblem(null);
          }}
          error={errorOf('password')}
          inputRef={refs.password}
        />
        <PasswordField
          label={t('auth.confirmPassword.label')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onValueChange={(value) => {
            setConfirm(value);
            setProblem(null);
          }}
          error={errorOf('confirm')}
          inputRef={refs.confirm}
        />
      </div>
      <FormFooter error={errorOf('form')} pending={reset.isPending}>
        {t('auth.reset.form.submit')}
      </FormFooter>
    </form>
  );
}

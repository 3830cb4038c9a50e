import { PasswordField } from '@client/components/password-field';
import { ApiError } from '@client/lib/api-client';
import { toLocale } from '@shared/domain/locale';
import type { TSessionUser } from '@shared/schemas/accounts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn, useSignUp } from '../api/account';
import {
  type AuthField,
  type AuthMode,
  checkCredentials,
  type FieldProblem,
  problemOfError,
} from '../auth-checks';
import { EmailField } from './auth-fields';
import { FormFooter, useAuthErrorToast } from './auth-ui';

/**
 * The one form for signing in and signing up (spec §2 "/auth"): e-mail, password and, for sign-up, the
 * confirmation. Checked in the order of spec §5 before anything is sent; the first problem is shown next to
 * its field, which gets focus. Server answers are shown the same way, with the spec's toast. With an
 * `invitation` (decision 021) the address is the invited one, fixed, and the new account is signed in at
 * once; a sign-up refused as invite-only calls `onInviteOnly`.
 */
export function CredentialsForm({
  mode,
  email,
  onEmailChange,
  onSignedIn,
  onSignedUp,
  onForgot,
  invitation,
  onInviteOnly,
}: {
  mode: AuthMode;
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (user: TSessionUser) => void;
  onSignedUp: () => void;
  onForgot: () => void;
  invitation?: string;
  onInviteOnly?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;
  const toastError = useAuthErrorToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  // On the server-rendered sign-in page, what someone typed before the code ran counts (decision 054).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form becomes interactive
  useEffect(() => {
    const typed = (field: keyof typeof refs) => refs[field].current?.value ?? '';
    if (typed('email') && typed('email') !== email) onEmailChange(typed('email'));
    if (typed('password')) setPassword(typed('password'));
    if (typed('confirm')) setConfirm(typed('confirm'));
  }, []);

  const show = (next: FieldProblem) => {
    setProblem(next);
    if (next.field !== 'form') refs[next.field].current?.focus();
  };
  const errorOf = (field: AuthField) => (problem?.field === field ? t(problem.message) : undefined);
  const clearErrorOf = (field: AuthField) => {
    if (problem?.field === field || problem?.field === 'form') setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const check = checkCredentials({ mode, email, password, confirm });
    if (!check.ok) {
      show(check.problem);
      if (check.problem.field === 'confirm') toastError(check.problem);
      return;
    }
    setProblem(null);
    const body = { ...check.value, language: toLocale(i18n.language) };
    const onError = (error: unknown) => {
      if (onInviteOnly && error instanceof ApiError && error.code === 'invite_only') {
        onInviteOnly();
        return;
      }
      const next = problemOfError(error);
      show(next);
      toastError(next);
    };
    if (mode === 'signIn') {
      signIn.mutate(body, { onSuccess: ({ user }) => onSignedIn(user), onError });
    } else {
      signUp.mutate(
        { ...body, invitation },
        {
          onSuccess: (result) => (result.status === 'signed_in' ? onSignedIn(result.user) : onSignedUp()),
          onError,
        },
      );
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit}>
      <div className="space-y-5">
        <EmailField
          value={email}
          onValueChange={(value) => {
            onEmailChange(value);
            clearErrorOf('email');
          }}
          error={errorOf('email')}
          inputRef={refs.email}
          readOnly={invitation !== undefined}
          hint={invitation !== undefined ? t('auth.invited.emailHint') : undefined}
        />
        <PasswordField
          label={t('auth.password.label')}
          hint={mode === 'signUp' ? t('auth.password.hint') : undefined}
          name="password"
          autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearErrorOf('password');
          }}
          error={errorOf('password')}
          inputRef={refs.password}
        />
        {mode === 'signIn' && (
          <div className="-mt-2 flex justify-end">
            <button
              type="button"
              onClick={onForgot}
              className="rounded-md text-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              {t('auth.forgot')}
            </button>
          </div>
        )}
        {mode === 'signUp' && (
          <PasswordField
            label={t('auth.confirmPassword.label')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onValueChange={(value) => {
              setConfirm(value);
              clearErrorOf('confirm');
            }}
            error={errorOf('confirm')}
            inputRef={refs.confirm}
          />
        )}
      </div>

      <FormFooter error={errorOf('form')} pending={pending}>
        {t(
          mode === 'signIn'
            ? 'auth.submit.signIn'
            : invitation
              ? 'auth.invited.submit'
              : 'auth.submit.signUp',
        )}
      </FormFooter>
    </form>
  );
}

import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_SESSION_TOAST_ID, useAdminLogin } from '../api/session';

type Problem = {
  field: 'email' | 'password';
  message: 'admin.login.emailRequired' | 'admin.login.passwordRequired';
};

/**
 * The first step of the staff sign-in (spec §2 "Admin login", §8 admin toasts): e-mail and password. The
 * session it answers may still wait for the second factor; the page shows that step then.
 */
export function AdminPasswordForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  // The account's sign-ins are throttled: the right password with a second factor still gets in at once.
  const [throttled, setThrottled] = useState(false);
  const [code, setCode] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const next: Problem | null = !email.trim()
      ? { field: 'email', message: 'admin.login.emailRequired' }
      : !password
        ? { field: 'password', message: 'admin.login.passwordRequired' }
        : null;
    setProblem(next);
    if (next) {
      (next.field === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(
      { email: email.trim(), password, ...(throttled && code.trim() ? { code: code.trim() } : {}) },
      {
        onSuccess: (session) => {
          if (session.stage !== 'full') return;
          toast.success(t('admin.toast.loginSuccess.title'), {
            description: t('admin.toast.loginSuccess.body'),
            id: ADMIN_SESSION_TOAST_ID,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'admin_sign_in_throttled') {
            // The password was not checked: keep it, so only the code is left to give.
            setThrottled(true);
            setCode('');
            toast.error(t('admin.toast.loginError.title'), {
              description: t('errors.admin_sign_in_throttled'),
              id: ADMIN_SESSION_TOAST_ID,
            });
            return;
          }
          setPassword('');
          passwordRef.current?.focus();
          if (error instanceof ApiError && error.code === 'admin_login_failed') {
            toast.error(t('admin.toast.loginFailed.title'), {
              description: t('errors.admin_login_failed'),
              id: ADMIN_SESSION_TOAST_ID,
            });
            return;
          }
          // Spec §8: the message when we know one (offline, too many attempts), else a general one.
          const key = errorMessageKey(error);
          toast.error(t('admin.toast.loginError.title'), {
            description: key === 'errors.unknown' ? t('admin.toast.unexpected') : t(key),
            id: ADMIN_SESSION_TOAST_ID,
          });
        },
      },
    );
  };

  const errorOf = (field: Problem['field']) => (problem?.field === field ? t(problem.message) : undefined);
  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-5">
      <Field label={t('admin.login.email')} error={errorOf('email')}>
        {(control) => (
          <Input
            {...control}
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (problem?.field === 'email') setProblem(null);
            }}
          />
        )}
      </Field>
      <Field label={t('admin.login.password')} error={errorOf('password')}>
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (problem?.field === 'password') setProblem(null);
            }}
          />
        )}
      </Field>
      {throttled && (
        <div className="space-y-3">
          <p role="status" className="text-sm text-fg-muted">
            {t('admin.login.throttled')}
          </p>
          <Field label={t('admin.login.code')}>
            {(control) => (
              <Input
                {...control}
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      <Button
        type="submit"
        className="w-full"
        disabled={login.isPending}
        aria-busy={login.isPending || undefined}
      >
        {login.isPending && <Spinner className="size-4" />}
        {login.isPending ? t('admin.login.submitting') : t('admin.login.submit')}
      </Button>
    </form>
  );
}

import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { Spinner } from '@client/components/ui/spinner';
import {
  ADMIN_SESSION_TOAST_ID,
  adminSessionQueryOptions,
  useAdminLogin,
} from '@client/features/admin/api/session';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

type Problem = {
  field: 'email' | 'password';
  message: 'admin.login.emailRequired' | 'admin.login.passwordRequired';
};

/**
 * Staff sign-in (spec §2 "Admin login", §8 admin toasts): e-mail and password, then the dashboard. A staff
 * member who is already signed in goes straight on to /list.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useQuery(adminSessionQueryOptions);
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signedIn = Boolean(session.data);
  const sentOn = useRef(false);
  useEffect(() => {
    if (!signedIn || sentOn.current) return;
    sentOn.current = true;
    void navigate(href('adminList'), { replace: true });
  }, [signedIn, navigate]);

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
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast.success(t('admin.toast.loginSuccess.title'), {
            description: t('admin.toast.loginSuccess.body'),
            id: ADMIN_SESSION_TOAST_ID,
          });
          // The session query now holds the session, so the effect above goes on to /list.
        },
        onError: (error) => {
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
  // A known "nobody signed in" shows the form at once, even while the session is checked again.
  const checking = session.data === undefined && session.isPending;

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader />
      <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-6 pt-4 pb-16">
        <div className="rounded-[2rem] border border-border bg-surface-raised p-7 shadow-xl shadow-black/5 sm:p-10">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold text-balance sm:text-4xl">
            {t('admin.login.title')}
          </h1>
          <p className="mt-3 text-fg-muted">{t('admin.login.subtitle')}</p>
          {checking || signedIn ? (
            <div role="status" className="flex items-center gap-3 py-10 text-fg-muted">
              <Spinner className="size-5 text-accent" />
              {t('admin.login.checking')}
            </div>
          ) : (
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
          )}
        </div>
        <Button asChild variant="ghost" className="mt-6 self-center">
          <Link to={href('home')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('admin.login.back')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

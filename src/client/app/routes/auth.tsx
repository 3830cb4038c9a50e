import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import {
  useResendVerification,
  useResetLinkCheck,
  useVerifyEmail,
} from '@client/features/accounts/api/account';
import { type AuthMode, safeNextPath } from '@client/features/accounts/auth-checks';
import { readAuthLink } from '@client/features/accounts/auth-link';
import { Notice, ViewHeading } from '@client/features/accounts/components/auth-ui';
import { CredentialsForm } from '@client/features/accounts/components/credentials-form';
import { InvitedSignUp } from '@client/features/accounts/components/invited-sign-up';
import { NewPasswordForm } from '@client/features/accounts/components/new-password-form';
import { ResendEmail } from '@client/features/accounts/components/resend-email';
import { ResetRequestForm } from '@client/features/accounts/components/reset-request-form';
import { ApiError } from '@client/lib/api-client';
import { sessionQueryOptions, useResetUserData, useSession } from '@client/lib/session';
import { useSiteConfig } from '@client/lib/site-config';
import { toLocale } from '@shared/domain/locale';
import { href } from '@shared/routes';
import type { TSessionUser } from '@shared/schemas/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Hourglass, MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

type View =
  | AuthMode
  | 'signUpDone'
  | 'resetRequest'
  | 'resetPassword'
  | 'resetInvalid'
  | 'invited'
  | 'inviteOnly';
type SignInNotice = 'verified' | 'verifyFailed' | 'verifyRateLimited' | 'passwordChanged';

const NOTICES = {
  verified: { tone: 'success', text: 'auth.verified' },
  verifyFailed: { tone: 'error', text: 'auth.verifyFailed' },
  verifyRateLimited: { tone: 'error', text: 'errors.rate_limited' },
  passwordChanged: { tone: 'success', text: 'auth.reset.form.done' },
} as const;

function TextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md font-medium text-accent underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}

/**
 * Sign-in and sign-up (spec §2 "/auth"): one form toggled by a link, and the views that e-mail links open
 * (address confirmed, password reset). A signed-in visitor is sent on to `next` (a page for signed-in people)
 * or to onboarding, which itself goes on to the dashboard once onboarding is complete.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const resetUserData = useResetUserData();
  const [searchParams, setSearchParams] = useSearchParams();
  const [link] = useState(() => readAuthLink(searchParams));
  const [view, setView] = useState<View>(
    link.resetToken ? 'resetPassword' : link.invitationToken ? 'invited' : 'signIn',
  );
  const inviteOnly = useSiteConfig().data?.inviteOnly === true;
  // An invitation accepted on this page signs the person in; only then does the page go on to onboarding.
  const [signedUpHere, setSignedUpHere] = useState(false);
  const [notice, setNotice] = useState<SignInNotice | null>(link.notice);
  const verify = useVerifyEmail();
  // A reset link is checked on arrival: a used or expired one says so at once, before any password is typed.
  const resetLink = useResetLinkCheck(link.resetToken);
  const resetLinkState = resetLink.data?.status;
  useEffect(() => {
    if (view === 'resetPassword' && (resetLinkState === 'expired' || resetLinkState === 'invalid')) {
      setView('resetInvalid');
    }
  }, [view, resetLinkState]);
  const resendVerification = useResendVerification();
  const [viewChanged, setViewChanged] = useState(false);
  const [email, setEmail] = useState('');
  const next = safeNextPath(searchParams.get('next')) ?? href('onboarding');

  // Read once; the reset token and the one-time notices leave the address bar (and the history entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (link.consumed.length === 0) return;
    setSearchParams(
      (params) => {
        for (const name of link.consumed) params.delete(name);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, []);

  // A verification link: the address is confirmed by this POST, never by opening the link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!link.verifyToken) return;
    verify.mutate(
      { token: link.verifyToken },
      {
        onSuccess: () => setNotice('verified'),
        onError: (error) =>
          setNotice(
            error instanceof ApiError && error.code === 'rate_limited' ? 'verifyRateLimited' : 'verifyFailed',
          ),
      },
    );
  }, []);

  const user = session.data?.user ?? null;
  const sentOn = useRef(false);
  useEffect(() => {
    // Someone following a reset link chooses a new password first (or reads that the link no longer works),
    // whoever this browser is signed in as.
    // Someone following an invitation while signed in (as someone else, say) sees it first too.
    const readingResetLink = view === 'resetPassword' || view === 'resetInvalid';
    if (!user || readingResetLink || (view === 'invited' && !signedUpHere) || sentOn.current) return;
    sentOn.current = true;
    void navigate(next, { replace: true });
  }, [user, view, signedUpHere, next, navigate]);

  const go = (target: View) => {
    if (target !== 'signIn') setNotice(null);
    setView(target);
    setViewChanged(true);
  };
  const onSignedIn = (signedIn: TSessionUser) => void resetUserData({ user: signedIn });
  const onPasswordChanged = () => {
    // Changing the password ended every session of that account; ask again who is signed in here.
    void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    setNotice('passwordChanged');
    go('signIn');
  };

  const waiting =
    ((session.isPending || user !== null) &&
      view !== 'resetPassword' &&
      view !== 'resetInvalid' &&
      !(view === 'invited' && !signedUpHere)) ||
    (Boolean(link.verifyToken) && verify.isIdle) ||
    verify.isPending ||
    (view === 'resetPassword' && resetLink.isPending && resetLink.fetchStatus !== 'idle');

  let content: ReactNode;
  if (waiting) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner className="text-accent" />
        <span className="sr-only" role="status">
          {t('auth.submitting')}
        </span>
      </div>
    );
  } else if (view === 'invited' && link.invitationToken) {
    content = (
      <>
        <InvitedSignUp
          token={link.invitationToken}
          focus={viewChanged}
          onSignedIn={(signedIn) => {
            setSignedUpHere(true);
            onSignedIn(signedIn);
          }}
          onSignIn={() => go('signIn')}
        />
        <p className="mt-8 border-t border-border pt-6 text-center text-sm">
          <TextButton onClick={() => go('signIn')}>{t('auth.toggle.toSignIn')}</TextButton>
        </p>
      </>
    );
  } else if (view === 'inviteOnly' || (view === 'signUp' && inviteOnly)) {
    content = (
      <div className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Hourglass className="size-7" aria-hidden="true" />
        </span>
        <div className="mt-6">
          <ViewHeading focus={viewChanged}>{t('auth.inviteOnly.title')}</ViewHeading>
        </div>
        <p role="status" className="mt-4 text-lg text-pretty">
          {t('errors.invite_only')}
        </p>
        <Button asChild className="mt-8 w-full">
          <Link to={href('waitingList')}>{t('auth.inviteOnly.join')}</Link>
        </Button>
        <p className="mt-4 rounded-xl bg-surface-sunken px-4 py-3 text-sm text-fg-muted">
          {t('auth.inviteOnly.haveInvitation')}
        </p>
        <p className="mt-8 border-t border-border pt-6 text-center text-sm">
          <TextButton onClick={() => go('signIn')}>{t('auth.toggle.toSignIn')}</TextButton>
        </p>
      </div>
    );
  } else if (view === 'signIn' || view === 'signUp') {
    const mode = view;
    const shown = mode === 'signIn' && notice ? NOTICES[notice] : null;
    content = (
      <>
        <ViewHeading key={mode} focus={viewChanged}>
          {t(mode === 'signIn' ? 'auth.signIn.title' : 'auth.signUp.title')}
        </ViewHeading>
        <p className="mt-3 text-fg-muted">
          {t(mode === 'signIn' ? 'auth.signIn.subtitle' : 'auth.signUp.subtitle')}
        </p>
        {shown && (
          <div className="mt-6">
            <Notice tone={shown.tone}>{t(shown.text)}</Notice>
          </div>
        )}
        <div className="mt-8">
          <CredentialsForm
            key={mode}
            mode={mode}
            email={email}
            onEmailChange={setEmail}
            onSignedIn={onSignedIn}
            onSignedUp={() => go('signUpDone')}
            onForgot={() => go('resetRequest')}
            onInviteOnly={() => go('inviteOnly')}
          />
        </div>
        <p className="mt-8 border-t border-border pt-6 text-center text-sm">
          <TextButton onClick={() => go(mode === 'signIn' ? 'signUp' : 'signIn')}>
            {t(mode === 'signIn' ? 'auth.toggle.toSignUp' : 'auth.toggle.toSignIn')}
          </TextButton>
        </p>
      </>
    );
  } else if (view === 'signUpDone') {
    content = (
      <div className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <div className="mt-6">
          <ViewHeading focus={viewChanged}>{t('auth.signUp.successTitle')}</ViewHeading>
        </div>
        <p role="status" className="mt-4 text-lg text-pretty">
          {t('auth.signUp.success')}
        </p>
        <p className="mt-4 rounded-xl bg-surface-sunken px-4 py-3 text-sm text-fg-muted">
          {t('auth.signUp.spamHint')}
        </p>
        <ResendEmail
          sentText={t('auth.resend.sentVerification')}
          send={() =>
            resendVerification.mutateAsync({ email: email.trim(), language: toLocale(i18n.language) })
          }
        />
        <Button variant="ghost" className="mt-6" onClick={() => go('signIn')}>
          {t('auth.signUp.toSignIn')}
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <ViewHeading key={view} focus={viewChanged}>
          {t(view === 'resetPassword' ? 'auth.reset.form.title' : 'auth.reset.request.title')}
        </ViewHeading>
        {view === 'resetRequest' && (
          <>
            <p className="mt-3 text-fg-muted">{t('auth.reset.request.body')}</p>
            <div className="mt-8">
              <ResetRequestForm email={email} onEmailChange={setEmail} />
            </div>
          </>
        )}
        {view === 'resetPassword' && link.resetToken && (
          <div className="mt-8">
            <NewPasswordForm
              token={link.resetToken}
              onDone={onPasswordChanged}
              onInvalidToken={() => go('resetInvalid')}
            />
          </div>
        )}
        {view === 'resetInvalid' && (
          <div className="mt-6 space-y-6">
            <Notice tone="error">{t('auth.reset.form.invalid')}</Notice>
            <Button className="w-full" onClick={() => go('resetRequest')}>
              {t('auth.reset.form.askAgain')}
            </Button>
          </div>
        )}
        <p className="mt-8 border-t border-border pt-6 text-center text-sm">
          <TextButton onClick={() => go('signIn')}>{t('auth.reset.back')}</TextButton>
        </p>
      </>
    );
  }

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader />
      <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-6 pt-4 pb-16">
        <div className="rounded-[2rem] border border-border bg-surface-raised p-7 shadow-xl shadow-black/5 sm:p-10">
          {content}
        </div>
        <Button asChild variant="ghost" className="mt-6 self-center">
          <Link to={href('home')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('auth.backHome')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

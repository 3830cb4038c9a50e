import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { href } from '@shared/routes';
import type { TSessionUser } from '@shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invitationLookupQueryOptions } from '../api/account';
import { Notice, ViewHeading } from './auth-ui';
import { CredentialsForm } from './credentials-form';

/**
 * Sign-up from an invitation link (decision 021): the invited address, fixed, and a password chosen twice.
 * The invitation proves the address, so the person is signed in at once (and goes on to onboarding). A link
 * that no longer works says why, with the way on: signing in (used), or the team (expired, withdrawn).
 */
export function InvitedSignUp({
  token,
  focus,
  onSignedIn,
  onSignIn,
}: {
  token: string;
  /** Move focus to the heading (after a change of view, not on arrival). */
  focus: boolean;
  onSignedIn: (user: TSessionUser) => void;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const lookup = useQuery(invitationLookupQueryOptions(token));

  if (lookup.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-8 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('auth.invited.checking')}
      </p>
    );
  }
  if (lookup.isError) {
    const used = lookup.error instanceof ApiError && lookup.error.code === 'invitation_used';
    return (
      <div>
        <ViewHeading focus={focus}>{t('auth.invited.brokenTitle')}</ViewHeading>
        <div className="mt-6 space-y-6">
          <Notice tone="error">{t(errorMessageKey(lookup.error))}</Notice>
          {used ? (
            <Button className="w-full" onClick={onSignIn}>
              {t('auth.invited.toSignIn')}
            </Button>
          ) : (
            <Button asChild variant="secondary" className="w-full">
              <Link to={href('waitingList')}>{t('auth.inviteOnly.join')}</Link>
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div>
      <ViewHeading focus={focus}>{t('auth.invited.title')}</ViewHeading>
      <p className="mt-3 text-fg-muted">{t('auth.invited.subtitle')}</p>
      <div className="mt-8">
        <CredentialsForm
          mode="signUp"
          email={lookup.data.email}
          onEmailChange={() => undefined}
          onSignedIn={onSignedIn}
          onSignedUp={onSignIn}
          onForgot={onSignIn}
          invitation={token}
        />
      </div>
    </div>
  );
}

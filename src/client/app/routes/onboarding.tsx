import { LoadFailed } from '@client/components/load-failed';
import { PageHeader } from '@client/components/page-header';
import { Card } from '@client/components/ui/card';
import { SignOutButton } from '@client/features/accounts/components/sign-out-button';
import { profileQuery } from '@client/features/journal/api/journal';
import { OnboardingFlow } from '@client/features/journal/components/onboarding-flow';
import { useJournalRedirects } from '@client/features/journal/hooks/use-journal-redirects';
import { useRequireUser } from '@client/lib/session';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function OnboardingSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="mx-auto w-full max-w-2xl px-5 pt-6 pb-16 sm:px-6 sm:pt-12">
      <span className="sr-only" role="status">
        {t('onboarding.loading')}
      </span>
      <div className="h-4 w-48 animate-pulse rounded bg-surface-sunken" />
      <div className="mt-6 h-2 w-full animate-pulse rounded-full bg-surface-sunken" />
      <Card className="mt-8 space-y-4 p-6 sm:p-10">
        <div className="h-8 w-3/4 animate-pulse rounded bg-surface-sunken" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-surface-sunken" />
        <div className="mt-6 h-40 animate-pulse rounded-2xl bg-surface-sunken" />
      </Card>
    </div>
  );
}

/** Onboarding (spec §2 "/onboarding"): signed-in people without a finished profile answer six questions. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useRequireUser();
  const profile = useQuery({ ...profileQuery, enabled: user !== undefined });
  const redirecting = useJournalRedirects(profile.error);
  const completed = Boolean(profile.data?.onboardingCompletedAt);

  useEffect(() => {
    if (completed) navigate(href('dashboard'), { replace: true });
  }, [completed, navigate]);

  return (
    <div className="flex flex-1 flex-col">
      {/* Onboarding comes before the member pages' menu; signing out is still one click away, and the logo
          leads to the dashboard, as for every signed-in page (which sends back here until this is done). */}
      <PageHeader home={user ? 'dashboard' : 'landing'} actions={user && <SignOutButton />} />
      {profile.isError && !redirecting ? (
        <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-6 pb-16">
          <LoadFailed
            message={t('onboarding.loadError')}
            retryLabel={t('onboarding.retry')}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        </div>
      ) : profile.data && !completed ? (
        <OnboardingFlow saved={profile.data} />
      ) : (
        <OnboardingSkeleton />
      )}
    </div>
  );
}

import { MemberHeader } from '@client/app/member-nav';
import { BackToDashboard } from '@client/components/back-to-dashboard';
import { LoadFailed } from '@client/components/load-failed';
import { StatusPage } from '@client/components/status-page';
import { Card } from '@client/components/ui/card';
import { dashboardQuery, useChooseLane } from '@client/features/journal/api/journal';
import { LaneCard } from '@client/features/journal/components/lane-card';
import {
  useJournalRedirects,
  useSessionEndedCheck,
} from '@client/features/journal/hooks/use-journal-redirects';
import { ApiError } from '@client/lib/api-client';
import { useRequireUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { CHOOSE_LANE_DAY, LANE_DAY, LANE_IDS, LANES, type Lane } from '@shared/domain/journal';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function LanesSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {t('lane.loading')}
      </span>
      <div className="grid gap-5 md:grid-cols-3" aria-hidden="true">
        {LANE_IDS.map((lane) => (
          <Card key={lane} className="space-y-4 p-6 sm:p-7">
            <div className="size-11 animate-pulse rounded-full bg-surface-sunken" />
            <div className="h-7 w-2/3 animate-pulse rounded bg-surface-sunken" />
            <div className="h-4 w-full animate-pulse rounded bg-surface-sunken" />
            <div className="h-4 w-4/5 animate-pulse rounded bg-surface-sunken" />
            <div className="h-11 w-full animate-pulse rounded-full bg-surface-sunken" />
          </Card>
        ))}
      </div>
    </div>
  );
}

/** Choose your lane (spec §2 "/choose-lane"): the lane chosen on day 4 becomes the topic of day 5. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useRequireUser();
  const dashboard = useQuery({ ...dashboardQuery, enabled: user !== undefined });
  const redirecting = useJournalRedirects(dashboard.error);
  const choose = useChooseLane();
  const [refusedAsLocked, setRefusedAsLocked] = useState(false);
  const checkSessionEnded = useSessionEndedCheck();
  const data = dashboard.data;
  const locked =
    refusedAsLocked || data?.days.find((summary) => summary.day === CHOOSE_LANE_DAY)?.open === false;

  const onChoose = (lane: Lane) =>
    choose.mutate(
      { lane },
      {
        onSuccess: () => {
          toast.success(t('lane.saved'));
          navigate(href('dashboard'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'day_locked') return setRefusedAsLocked(true);
          checkSessionEnded(error);
          toast.error(t('lane.error'));
        },
      },
    );

  if (locked) {
    return (
      <StatusPage
        header={<MemberHeader />}
        eyebrow={
          <span className="inline-flex items-center gap-2">
            <Lock className="size-4" aria-hidden="true" />
            {t('dashboard.day', { day: CHOOSE_LANE_DAY })}
          </span>
        }
        title={t('lane.locked')}
        body={t('reflection.lockedBody')}
        actions={<BackToDashboard variant="secondary" label={t('lane.back')} />}
      />
    );
  }

  const chosenTopic = data?.week.topics[String(LANE_DAY)];
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-6xl px-5 pt-2 pb-16 sm:px-8">
        <BackToDashboard label={t('lane.back')} />
        <header className="mt-6 mb-10 max-w-2xl">
          <h1 className="font-display text-4xl font-semibold text-balance sm:text-5xl">{t('lane.title')}</h1>
          <p className="mt-3 text-lg text-fg-muted text-pretty">{t('lane.subtitle')}</p>
        </header>
        {data ? (
          <ul className="grid gap-5 md:grid-cols-3">
            {LANE_IDS.map((lane) => (
              <LaneCard
                key={lane}
                lane={lane}
                profile={data}
                chosen={chosenTopic === LANES[lane].topic}
                choosing={choose.isPending && choose.variables?.lane === lane}
                busy={choose.isPending}
                onChoose={() => onChoose(lane)}
              />
            ))}
          </ul>
        ) : dashboard.isError && !redirecting ? (
          <div className="mx-auto max-w-lg">
            <LoadFailed
              message={t('lane.loadError')}
              retryLabel={t('lane.retry')}
              onRetry={() => void dashboard.refetch()}
              retrying={dashboard.isFetching}
            />
          </div>
        ) : (
          <LanesSkeleton />
        )}
      </div>
    </div>
  );
}

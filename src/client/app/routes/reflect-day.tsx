import { MemberHeader } from '@client/app/member-nav';
import { BackToDashboard } from '@client/components/back-to-dashboard';
import { LoadFailed } from '@client/components/load-failed';
import { StatusPage } from '@client/components/status-page';
import { Card } from '@client/components/ui/card';
import { dayReflectionQuery } from '@client/features/journal/api/journal';
import { ReflectionEditor } from '@client/features/journal/components/reflection-editor';
import { useJournalRedirects } from '@client/features/journal/hooks/use-journal-redirects';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { useJournalLabels } from '@client/lib/journal-labels';
import { useRequireUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { CHOOSE_LANE_DAY, formatDayDate } from '@shared/domain/journal';
import { toLocale } from '@shared/domain/locale';
import { href } from '@shared/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';

function ReflectionSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="space-y-8">
      <span role="status" className="sr-only">
        {t('reflection.loading')}
      </span>
      <Card className="space-y-3 p-6 sm:p-8" aria-hidden="true">
        <div className="h-3 w-28 animate-pulse rounded bg-surface-sunken" />
        <div className="h-7 w-full animate-pulse rounded bg-surface-sunken" />
        <div className="h-7 w-2/3 animate-pulse rounded bg-surface-sunken" />
      </Card>
      <div className="h-56 animate-pulse rounded-2xl bg-surface-sunken" aria-hidden="true" />
    </div>
  );
}

/**
 * A day's reflection (spec §2 "/reflect/day/{day}"): the prompt, in the language on screen, and the text.
 * The router only lets days 1–7 through.
 */
export function Component() {
  const day = Number(useParams().day);
  // Day 4 is the lane choice (spec §2); its reflection page would have no prompts of its own.
  if (day === CHOOSE_LANE_DAY) return <Navigate to={href('chooseLane')} replace />;
  return <DayReflection day={day} />;
}

function DayReflection({ day }: { day: number }) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  const locale = toLocale(i18n.language);
  const { user } = useRequireUser();
  const reflection = useQuery({
    ...dayReflectionQuery(day, locale),
    enabled: user !== undefined,
    // Switching the language keeps the page (and the text being written) while the prompt is fetched.
    placeholderData: keepPreviousData,
  });
  const redirecting = useJournalRedirects(reflection.error);
  const refusal = reflection.error instanceof ApiError ? reflection.error.code : null;
  const beforeStart = refusal === 'day_before_start';
  const locked = refusal === 'day_locked' || beforeStart;
  const failed = reflection.isError && !redirecting && !locked;

  // Once per failed load (a retry that fails again says so again), not again when the language changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the failure, see above
  useEffect(() => {
    if (failed) {
      toast.error(t('reflection.errorLoading'), { description: t(errorMessageKey(reflection.error)) });
    }
  }, [failed, reflection.errorUpdatedAt]);

  if (locked) {
    return (
      <StatusPage
        header={<MemberHeader />}
        eyebrow={
          <span className="inline-flex items-center gap-2">
            <Lock className="size-4" aria-hidden="true" />
            {t('reflection.day', { day })}
          </span>
        }
        title={t(beforeStart ? 'reflection.beforeStart' : 'reflection.locked')}
        body={t(beforeStart ? 'reflection.beforeStartBody' : 'reflection.lockedBody')}
        actions={<BackToDashboard variant="secondary" label={t('reflection.back')} />}
      />
    );
  }

  const data = reflection.data;
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-3xl px-5 pt-2 pb-16 sm:px-8">
        <BackToDashboard label={t('reflection.back')} />
        <header className="mt-6 mb-8">
          <p className="font-display text-sm font-semibold tracking-[0.2em] text-accent uppercase">
            {t('reflection.day', { day })}
          </p>
          {data ? (
            <>
              <h1 className="mt-2 font-display text-4xl font-semibold text-balance sm:text-5xl">
                {labels.topic(data.topic)}
              </h1>
              <p className="mt-2 text-fg-muted">{formatDayDate(i18n.language, data.date, 'long')}</p>
            </>
          ) : (
            <div
              aria-hidden="true"
              className="mt-3 h-11 w-64 max-w-full animate-pulse rounded-lg bg-surface-sunken"
            />
          )}
        </header>
        {data ? (
          <ReflectionEditor key={`${data.week.id}:${data.day}`} reflection={data} />
        ) : failed ? (
          <LoadFailed
            message={t('reflection.errorLoading')}
            retryLabel={t('reflection.retry')}
            onRetry={() => void reflection.refetch()}
            retrying={reflection.isFetching}
          />
        ) : (
          <ReflectionSkeleton />
        )}
      </div>
    </div>
  );
}

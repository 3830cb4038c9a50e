import { MemberHeader } from '@client/app/member-nav';
import { LoadFailed } from '@client/components/load-failed';
import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { historyWeekQuery } from '@client/features/history/api/history';
import { InsightCard } from '@client/features/history/components/insight-card';
import { WeekEntries } from '@client/features/history/components/week-entries';
import { isoWeekNumber } from '@client/features/journal/day-display';
import { useJournalRedirects } from '@client/features/journal/hooks/use-journal-redirects';
import { ApiError } from '@client/lib/api-client';
import { useRequireUser } from '@client/lib/session';
import { formatDateRange } from '@shared/domain/journal';
import { toLocale } from '@shared/domain/locale';
import { searchTerms } from '@shared/domain/text-search';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';

function BackToHistory() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={href('history')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('historyWeek.back')}
      </Link>
    </Button>
  );
}

/** Brings the reflection named in the address (`#day-3`, from a search result) into view once it is there. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

/**
 * One week (issue 14, "/history/{monday}"): its insight and its reflections, read-only; from a search
 * (`?q=`) with the words marked. The router lets only Mondays through; a week that is ahead or never
 * existed is not found.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const week = useParams().week ?? '';
  const terms = searchTerms(useSearchParams()[0].get('q') ?? '');
  const { user } = useRequireUser();
  const ids = { reflections: useId(), insight: useId() };
  const loaded = useQuery({
    ...historyWeekQuery(week, toLocale(i18n.language)),
    enabled: user !== undefined,
  });
  const redirecting = useJournalRedirects(loaded.error);
  useScrollToHash(Boolean(loaded.data));

  if (loaded.error instanceof ApiError && loaded.error.status === 404) {
    return (
      <StatusPage
        title={t('historyWeek.notFound.title')}
        body={t('historyWeek.notFound.body')}
        actions={<BackToHistory />}
      />
    );
  }
  const data = loaded.data;
  const number = data ? isoWeekNumber(data.isoWeek) : null;
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-3xl px-5 pt-2 pb-16 sm:px-8">
        <BackToHistory />
        {data ? (
          <header className="mt-4">
            <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">
              {number === null ? data.isoWeek : t('dashboard.week.label', { week: number })}
            </p>
            <h1 className="mt-2 font-display text-4xl font-semibold text-balance sm:text-5xl">
              {formatDateRange(i18n.language, data.startDate, data.endDate)}
            </h1>
          </header>
        ) : (
          <div aria-busy="true" className="mt-4">
            <span role="status" className="sr-only">
              {t('historyWeek.loading')}
            </span>
            <div
              aria-hidden="true"
              className="h-12 w-72 max-w-full animate-pulse rounded-lg bg-surface-sunken"
            />
          </div>
        )}

        {loaded.isError && !redirecting && (
          <div className="mt-8">
            <LoadFailed
              message={t('historyWeek.loadError')}
              retryLabel={t('history.retry')}
              onRetry={() => void loaded.refetch()}
              retrying={loaded.isFetching}
            />
          </div>
        )}

        {data && (
          <>
            <section aria-labelledby={ids.insight} className="mt-8">
              {data.insight ? (
                <InsightCard
                  insight={data.insight}
                  title={t('insight.title')}
                  headingId={ids.insight}
                  dated={false}
                />
              ) : (
                <Card className="p-6 sm:p-8">
                  <h2 id={ids.insight} className="font-display text-2xl font-semibold">
                    {t('insight.title')}
                  </h2>
                  <p className="mt-3 text-fg-muted">
                    {data.insightPending
                      ? t('insight.pending')
                      : data.current
                        ? t('historyWeek.current')
                        : t('insight.noneYet')}
                  </p>
                </Card>
              )}
            </section>
            <section aria-labelledby={ids.reflections} className="mt-10">
              <h2 id={ids.reflections} className="mb-4 font-display text-2xl font-semibold">
                {t('historyWeek.reflections')}
              </h2>
              <WeekEntries entries={data.entries} terms={terms} headingLevel={3} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}

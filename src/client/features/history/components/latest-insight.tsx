import { LoadFailed } from '@client/components/load-failed';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toLocale } from '@shared/domain/locale';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { latestInsightQuery } from '../api/history';
import { InsightCard } from './insight-card';

function AllWeeksLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={href('history')}>
        <History className="size-4" aria-hidden="true" />
        {t('insight.allWeeks')}
      </Link>
    </Button>
  );
}

function Pending() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-3 text-fg-muted">
      <Spinner className="size-4 text-accent" />
      {t('insight.pending')}
    </p>
  );
}

/**
 * The dashboard's "Your week in review" (issue 14): the newest insight with the way to its week and to all
 * past weeks; while one is being made, a line that says so (the query asks again until it is there); before
 * the first, when to expect it.
 */
export function LatestInsight({ headingId }: { headingId: string }) {
  const { t, i18n } = useTranslation();
  const latest = useQuery(latestInsightQuery(toLocale(i18n.language)));
  const title = t('insight.title');

  if (latest.isError) {
    return (
      <>
        <h2 id={headingId} className="mb-4 font-display text-2xl font-semibold">
          {title}
        </h2>
        <LoadFailed
          message={t('insight.loadError')}
          retryLabel={t('insight.retry')}
          onRetry={() => void latest.refetch()}
          retrying={latest.isFetching}
        />
      </>
    );
  }
  const data = latest.data;
  if (!data) {
    return (
      <Card aria-busy="true" className="space-y-3 p-6 sm:p-8">
        <h2 id={headingId} className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <span role="status" className="sr-only">
          {t('insight.loading')}
        </span>
        <div aria-hidden="true" className="h-5 w-full animate-pulse rounded bg-surface-sunken" />
        <div aria-hidden="true" className="h-5 w-2/3 animate-pulse rounded bg-surface-sunken" />
      </Card>
    );
  }
  if (!data.insight) {
    return (
      <Card className="p-6 sm:p-8">
        <h2 id={headingId} className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <div className="mt-3 text-fg-muted">{data.pending ? <Pending /> : <p>{t('insight.none')}</p>}</div>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      {data.pending && <Pending />}
      <InsightCard
        insight={data.insight}
        title={title}
        headingId={headingId}
        actions={
          <>
            <Button asChild size="sm">
              <Link to={href('historyWeek', { week: data.insight.weekStart })}>
                {t('insight.readWeek')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
            <AllWeeksLink />
          </>
        }
      />
    </div>
  );
}

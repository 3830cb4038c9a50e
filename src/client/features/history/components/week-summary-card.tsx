import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useJournalLabels } from '@client/lib/journal-labels';
import { formatDateRange, formatDayDate } from '@shared/domain/journal';
import { href } from '@shared/routes';
import type { THistoryWeek } from '@shared/schemas/history';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InsightBody } from './insight-card';

/**
 * A past week in the history list: its dates, its insight (or that it is still being written, or that
 * there is none), the beginning of each reflection, and the way to the whole week.
 */
export function WeekSummaryCard({ week, weekLabel }: { week: THistoryWeek; weekLabel: string }) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  const headingId = useId();
  const weekHref = href('historyWeek', { week: week.startDate });
  return (
    <Card asChild className="p-6 sm:p-8">
      <article aria-labelledby={headingId}>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{weekLabel}</p>
        <h2 id={headingId} className="mt-1 font-display text-2xl font-semibold text-balance">
          <Link to={weekHref} className="hover:underline">
            {formatDateRange(i18n.language, week.startDate, week.endDate)}
          </Link>
        </h2>
        <div className="mt-5">
          {week.insight ? (
            <InsightBody insight={week.insight} />
          ) : (
            <p className="text-fg-muted">
              {week.insightPending ? t('insight.pending') : t('insight.noneYet')}
            </p>
          )}
        </div>
        {week.entries.length > 0 && (
          <ul className="mt-6 space-y-3 border-t border-border pt-5">
            {week.entries.map((entry) => (
              <li key={entry.day}>
                <Link
                  to={`${weekHref}#day-${entry.day}`}
                  className="block rounded-xl p-2 -m-2 transition hover:bg-surface-sunken"
                >
                  <span className="block text-sm text-fg-muted">
                    {formatDayDate(i18n.language, entry.date, 'short')} · {labels.topic(entry.topic)}
                  </span>
                  <span className="mt-1 line-clamp-2 break-words">{entry.contentText}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6">
          <Button asChild variant="secondary" size="sm">
            <Link to={weekHref}>
              {t('history.openWeek')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </article>
    </Card>
  );
}

import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { useJournalLabels } from '@client/lib/journal-labels';
import { dayHref, formatDayDate } from '@shared/domain/journal';
import type { TDaySummary } from '@shared/schemas/journal';
import { ArrowRight, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusTone } from '../day-display';

const cardLook =
  'flex h-full w-full items-center gap-4 rounded-2xl border p-4 text-left lg:flex-col lg:items-start lg:gap-3 lg:p-5 xl:p-4';

function CardBody({
  summary,
  today,
  trailing,
}: {
  summary: TDaySummary;
  today: boolean;
  trailing: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  return (
    <>
      <span className="flex w-20 shrink-0 flex-col lg:w-auto">
        <span className="font-display text-xl font-semibold lg:text-2xl">
          {t('dashboard.day', { day: summary.day })}
        </span>
        <span className="text-xs text-fg-muted">{formatDayDate(i18n.language, summary.date, 'short')}</span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-2 lg:w-full">
        <span className="font-medium text-pretty break-words hyphens-auto xl:text-sm">
          {labels.topic(summary.topic)}
        </span>
        <span className="flex flex-wrap items-center gap-1.5 lg:mt-auto">
          <Badge tone={statusTone(summary.status)}>{labels.status(summary.status)}</Badge>
          {today && <Badge tone="accent">{t('dashboard.today')}</Badge>}
        </span>
      </span>
      {trailing}
    </>
  );
}

/**
 * One day of the week on the dashboard (spec §2, §4): number, status badge and topic. An open day is a link
 * (day 4 to the lane choice); a locked one is dimmed, not a link, and says when it opens; a day before the
 * person joined says so (decision 067).
 */
export function DayCard({
  summary,
  today,
  lockedHintId,
}: {
  summary: TDaySummary;
  today: boolean;
  lockedHintId: string;
}) {
  if (!summary.open) {
    const beforeStart = summary.status === 'before_start';
    return (
      // Not a link until it opens: out of the tab order, marked unavailable, saying when it opens.
      <div
        aria-disabled="true"
        aria-describedby={lockedHintId}
        className={cn(
          cardLook,
          'cursor-not-allowed border-dashed border-border bg-surface-sunken/60 opacity-70',
        )}
      >
        <CardBody
          summary={summary}
          today={today}
          trailing={
            beforeStart ? null : (
              <Lock className="size-4 shrink-0 text-fg-muted lg:hidden" aria-hidden="true" />
            )
          }
        />
      </div>
    );
  }
  return (
    <Link
      to={dayHref(summary.day)}
      aria-current={today ? 'date' : undefined}
      className={cn(
        cardLook,
        'group bg-surface-raised shadow-sm transition hover:-translate-y-0.5 hover:border-accent/60 hover:shadow-md',
        today ? 'border-accent ring-2 ring-accent/25' : 'border-border',
      )}
    >
      <CardBody
        summary={summary}
        today={today}
        trailing={
          <ArrowRight
            className="size-4 shrink-0 text-fg-muted transition group-hover:translate-x-0.5 group-hover:text-accent lg:hidden"
            aria-hidden="true"
          />
        }
      />
    </Link>
  );
}

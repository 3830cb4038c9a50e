import { Card } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { cn } from '@client/lib/cn';
import { DAYS, formatDateRange } from '@shared/domain/journal';
import type { TDashboard } from '@shared/schemas/journal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoWeekNumber } from '../day-display';
import { DayCard } from './day-card';

/** Week progress and the seven day cards (spec §2 dashboard). */
export function WeekOverview({ dashboard, headingId }: { dashboard: TDashboard; headingId: string }) {
  const { t, i18n } = useTranslation();
  const lockedHintId = useId();
  const beforeStartHintId = useId();
  const weekNumber = isoWeekNumber(dashboard.week.isoWeek);
  // The week the person joined counts only their days (decision 067).
  const theirs = dashboard.days.filter((day) => day.status !== 'before_start').length;
  const progressText = t('dashboard.week.progress', {
    completed: dashboard.completedCount,
    total: theirs,
  });
  return (
    <>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:gap-8 sm:p-6">
        <div className="shrink-0">
          <h2 id={headingId} className="font-display text-2xl font-semibold">
            {t('dashboard.week.title')}
          </h2>
          <p className="text-sm text-fg-muted">
            {weekNumber === null ? dashboard.week.isoWeek : t('dashboard.week.label', { week: weekNumber })}
            {' · '}
            {formatDateRange(i18n.language, dashboard.week.startDate, dashboard.week.endDate)}
          </p>
        </div>
        <div className="flex-1">
          <p className="text-sm font-medium">{progressText}</p>
          <Progress
            className="mt-2"
            value={dashboard.completedCount}
            max={theirs}
            label={t('dashboard.week.title')}
            valueText={progressText}
          />
        </div>
      </Card>
      {theirs < DAYS.length && (
        <p className="mt-4 text-sm text-fg-muted">
          {t('dashboard.firstWeek.joined', { day: DAYS.length - theirs + 1, count: theirs })}
        </p>
      )}
      <p id={lockedHintId} className="sr-only">
        {t('dashboard.dayLocked')}
      </p>
      <p id={beforeStartHintId} className="sr-only">
        {t('dashboard.dayBeforeStart')}
      </p>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
        {dashboard.days.map((summary) => (
          <li key={summary.day}>
            <DayCard
              summary={summary}
              today={summary.day === dashboard.todayDay}
              lockedHintId={summary.status === 'before_start' ? beforeStartHintId : lockedHintId}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

export function WeekOverviewSkeleton({ pulse }: { pulse: boolean }) {
  const block = cn('rounded bg-surface-sunken', pulse && 'animate-pulse');
  return (
    <div aria-hidden="true">
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:gap-8 sm:p-6">
        <div className="space-y-2">
          <div className={cn(block, 'h-7 w-36')} />
          <div className={cn(block, 'h-4 w-20')} />
        </div>
        <div className="flex-1 space-y-2">
          <div className={cn(block, 'h-4 w-40')} />
          <div className={cn(block, 'h-2 w-full rounded-full')} />
        </div>
      </Card>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
        {DAYS.map((day) => (
          <div key={day} className="h-20 rounded-2xl border border-border bg-surface-raised p-4 lg:h-36">
            <div className={cn(block, 'h-6 w-16')} />
            <div className={cn(block, 'mt-3 h-4 w-24')} />
          </div>
        ))}
      </div>
    </div>
  );
}

import { MemberHeader } from '@client/app/member-nav';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LatestInsight } from '@client/features/history/components/latest-insight';
import { dashboardQuery } from '@client/features/journal/api/journal';
import { ProfileCards, ProfileCardsSkeleton } from '@client/features/journal/components/profile-cards';
import { WeekOverview, WeekOverviewSkeleton } from '@client/features/journal/components/week-overview';
import { useJournalRedirects } from '@client/features/journal/hooks/use-journal-redirects';
import { useRequireUser } from '@client/lib/session';
import { dayHref, formatDayDate } from '@shared/domain/journal';
import { href } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarClock, CircleDot, PenLine, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The dashboard (spec §2 "/dashboard"): greeting, profile cards, the week's progress and its seven days.
 * Spec §8: a failed load shows the person no error, only quiet placeholders and a way to try again.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { user } = useRequireUser();
  const dashboard = useQuery({ ...dashboardQuery, enabled: user !== undefined });
  const redirecting = useJournalRedirects(dashboard.error);
  const ids = { week: useId(), profile: useId(), insight: useId() };
  const failed = dashboard.isError && !redirecting;

  useEffect(() => {
    // Spec §8: logged only. A warning, since the end-to-end tests treat console errors as failures.
    if (failed) console.warn('The dashboard could not be loaded', dashboard.error);
  }, [failed, dashboard.error]);

  const data = dashboard.data;
  const name = data?.firstName?.trim() || t('dashboard.friend');
  // Once today's question is answered, the first button offers to read the answer again, not to answer it.
  // Before the first week begins there is no today in it; on its eve, day 1 is already open (decision 067).
  const todayDay = data ? (data.todayDay ?? (data.days[0]?.open ? 1 : null)) : null;
  const answeredToday = data?.days.find((day) => day.day === todayDay)?.status === 'completed';

  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-7xl px-5 pt-4 pb-16 sm:px-8">
        <div aria-busy={!data || undefined}>
          {data || failed ? (
            <h1 className="font-display text-4xl font-semibold text-balance sm:text-5xl">
              {t('dashboard.welcome', { name })}
            </h1>
          ) : (
            <>
              <span role="status" className="sr-only">
                {t('dashboard.loading')}
              </span>
              <div
                aria-hidden="true"
                className="h-12 w-72 max-w-full animate-pulse rounded-lg bg-surface-sunken"
              />
            </>
          )}
          <p className="mt-3 text-lg text-fg-muted">{t('dashboard.subtitle')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {todayDay !== null && (
              <Button asChild>
                <Link to={dayHref(todayDay)}>
                  {answeredToday ? (
                    <BookOpen className="size-4" aria-hidden="true" />
                  ) : (
                    <PenLine className="size-4" aria-hidden="true" />
                  )}
                  {t(answeredToday ? 'dashboard.seeToday' : 'dashboard.answerToday')}
                </Link>
              </Button>
            )}
            <Button asChild variant="secondary">
              <Link to={href('profile')}>
                <CircleDot className="size-4" aria-hidden="true" />
                {t('dashboard.bubbleProfile')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={href('app')}>
                <Plus className="size-4" aria-hidden="true" />
                {t('dashboard.addBubble')}
              </Link>
            </Button>
          </div>
          {failed && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-4 -ml-3 text-fg-muted"
              onClick={() => void dashboard.refetch()}
              disabled={dashboard.isFetching}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('dashboard.retry')}
            </Button>
          )}
        </div>

        {data?.startsOn && (
          <Card role="note" className="mt-8 max-w-3xl p-5 sm:p-6">
            <h2 className="flex items-center gap-2 font-display text-2xl font-semibold">
              <CalendarClock className="size-5 text-accent" aria-hidden="true" />
              {t('dashboard.firstWeek.title', {
                date: formatDayDate(i18n.language, data.startsOn, 'long'),
              })}
            </h2>
            <p className="mt-2 text-fg-muted">{t('dashboard.firstWeek.body')}</p>
          </Card>
        )}

        <section aria-labelledby={ids.profile} className="mt-10">
          <h2 id={ids.profile} className="mb-4 font-display text-2xl font-semibold">
            {t('dashboard.profile.title')}
          </h2>
          {data ? <ProfileCards profile={data} /> : <ProfileCardsSkeleton pulse={!failed} />}
        </section>

        <section aria-labelledby={ids.week} className="mt-10">
          {data ? (
            <WeekOverview dashboard={data} headingId={ids.week} />
          ) : (
            <>
              <h2 id={ids.week} className="sr-only">
                {t('dashboard.week.title')}
              </h2>
              <WeekOverviewSkeleton pulse={!failed} />
            </>
          )}
        </section>

        {data && (
          <section aria-labelledby={ids.insight} className="mt-10">
            <LatestInsight headingId={ids.insight} />
          </section>
        )}
      </div>
    </div>
  );
}

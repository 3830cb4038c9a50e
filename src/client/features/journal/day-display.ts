import type { BadgeTone } from '@client/components/ui/badge';
import { CHOOSE_LANE_DAY, topicMessageKey } from '@shared/domain/journal';
import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';

/** Spec §4: green for completed, grey for locked, blue for every other status. */
export function statusTone(status: string): BadgeTone {
  if (status === 'completed') return 'success';
  if (status === 'locked') return 'neutral';
  return 'info';
}

/** The number of an ISO week name (`2025-W12` → 12), or null for anything else. */
export function isoWeekNumber(isoWeek: string): number | null {
  const match = /^\d{4}-W(\d{2})$/.exec(isoWeek);
  return match ? Number(match[1]) : null;
}

/** Spec §2: day 4 is the lane choice; every other day is its reflection page. */
export function dayHref(day: number): string {
  return day === CHOOSE_LANE_DAY ? href('chooseLane') : href('reflectDay', { day });
}

/**
 * Topic and status texts: topics and profile labels through `topics.<slug>`, statuses through
 * `status.<status>`. Anything without a translation is shown as it is stored (spec §4: unknown statuses).
 */
export function useJournalLabels() {
  const { t, i18n } = useTranslation();
  const translated = (key: string, fallback: string) =>
    i18n.exists(key) ? t(key as 'status.completed') : fallback;
  return {
    topic: (topic: string) => translated(topicMessageKey(topic), topic),
    status: (status: string) => translated(`status.${status}`, status),
  };
}

import type { BadgeTone } from '@client/components/ui/badge';

/** Spec §4: green for completed, grey for locked, blue for every other status. */
export function statusTone(status: string): BadgeTone {
  if (status === 'completed') return 'success';
  if (status === 'locked' || status === 'before_start') return 'neutral';
  return 'info';
}

/** The number of an ISO week name (`2025-W12` → 12), or null for anything else. */
export function isoWeekNumber(isoWeek: string): number | null {
  const match = /^\d{4}-W(\d{2})$/.exec(isoWeek);
  return match ? Number(match[1]) : null;
}

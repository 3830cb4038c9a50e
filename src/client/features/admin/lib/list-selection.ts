import type { TWaitlistFilter, TWaitlistSelection } from '@shared/schemas/waitlist-list';

/**
 * The list's "select all that match" (decision 044): the filter it was made for, the number that matched
 * then, and the rows unticked since. Rows picked one by one stay in the shared `recipientSelection` ids.
 */
export type MatchingSelection = {
  readonly filter: TWaitlistFilter;
  readonly total: number;
  readonly except: ReadonlySet<string>;
};

/** Two filters ask for the same rows (fields left empty count as unset). */
export function sameFilter(a: TWaitlistFilter, b: TWaitlistFilter): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TWaitlistFilter>;
  for (const key of keys) if ((a[key] || undefined) !== (b[key] || undefined)) return false;
  return true;
}

/** Only the fields that are set, so the selection sent names exactly the filter shown. */
export function cleanFilter(filter: TWaitlistFilter): TWaitlistFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  ) as TWaitlistFilter;
}

/** The body the server resolves: every match but the unticked, or the rows picked; null when nothing is. */
export function selectionOf(
  ids: ReadonlySet<string>,
  matching: MatchingSelection | null,
): TWaitlistSelection | null {
  if (matching) return { filter: cleanFilter(matching.filter), except: [...matching.except] };
  return ids.size > 0 ? { ids: [...ids] } : null;
}

/** How many the selection holds. */
export function selectionCount(ids: ReadonlySet<string>, matching: MatchingSelection | null): number {
  return matching ? Math.max(0, matching.total - matching.except.size) : ids.size;
}

/** Whether a row is ticked. */
export function isRowSelected(
  id: string,
  ids: ReadonlySet<string>,
  matching: MatchingSelection | null,
): boolean {
  return matching ? !matching.except.has(id) : ids.has(id);
}

/** Ticks or unticks one row: in a "select all", unticking adds to the exceptions. */
export function toggleMatching(matching: MatchingSelection, id: string, checked: boolean): MatchingSelection {
  const except = new Set(matching.except);
  if (checked) except.delete(id);
  else except.add(id);
  return { ...matching, except };
}

/** The start of a local calendar day (`YYYY-MM-DD`), as an instant; `nextDay` gives the day after's start. */
export function dayStart(day: string, nextDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

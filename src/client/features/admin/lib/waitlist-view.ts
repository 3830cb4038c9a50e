import type { WaitlistStatus } from '@shared/domain/waitlist';

/**
 * The pure parts of the waiting-list panel: search, selection and spotting new sign-ups. Each is linear in
 * the size of the list, so a list of thousands stays quick to filter and select.
 */

type Entry = { id: string; email: string };
type Identified = { id: string };

/** The entries whose e-mail contains the search (case-insensitive); an empty search keeps them all. */
export function filterByEmail<T extends Entry>(entries: readonly T[], search: string): readonly T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((entry) => entry.email.toLowerCase().includes(needle));
}

/** The selected ids that are still on the list (others were deleted meanwhile, here or elsewhere). */
export function selectedOnList(selected: ReadonlySet<string>, entries: readonly Identified[]): string[] {
  if (selected.size === 0) return [];
  return entries.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
}

export type SelectAllState = boolean | 'mixed';

/** The "select all" box for the shown rows: checked, unchecked, or mixed when only some are selected. */
export function selectAllState(selected: ReadonlySet<string>, shown: readonly Identified[]): SelectAllState {
  if (shown.length === 0 || selected.size === 0) return false;
  let count = 0;
  for (const entry of shown) if (selected.has(entry.id)) count += 1;
  if (count === 0) return false;
  return count === shown.length ? true : 'mixed';
}

/** Selects the given rows, or (`checked` false) unselects them; the selection of other rows stays. */
export function setRowsSelected(
  selected: ReadonlySet<string>,
  shown: readonly Identified[],
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const entry of shown) {
    if (checked) next.add(entry.id);
    else next.delete(entry.id);
  }
  return next;
}

export function toggleSelected(selected: ReadonlySet<string>, id: string, checked: boolean): Set<string> {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** Ids on the new list that the previous one did not have; none on the first load (`previous` null). */
export function newEntryIds(
  previous: ReadonlySet<string> | null,
  entries: readonly Identified[],
): Set<string> {
  if (previous === null) return new Set();
  return new Set(entries.filter((entry) => !previous.has(entry.id)).map((entry) => entry.id));
}

/** The text for the clipboard: one e-mail a line. */
export function emailLines(entries: readonly Entry[]): string {
  return entries.map((entry) => entry.email).join('\n');
}

/** The entries a newsletter goes to: confirmed and still subscribed (status `confirmed`). */
export function confirmedIds(entries: readonly { id: string; status: WaitlistStatus }[]): Set<string> {
  return new Set(entries.filter((entry) => entry.status === 'confirmed').map((entry) => entry.id));
}

/**
 * The waiting list at scale (issue 16, decision 044): the constants both sides use, kept apart from the zod
 * schemas so the browser bundle does not take zod in for them.
 */

export const WAITLIST_PAGE_SIZE = 50;
/** The most ids a selection names (picked rows, or rows left out of "all that match"): ~400 KB of JSON. */
export const WAITLIST_SELECTION_MAX_IDS = 10_000;
export const WAITLIST_SORTS = ['joined', 'email', 'status'] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** The page the staff list opens on: everyone, newest first. */
export const FIRST_WAITLIST_PAGE = { sort: 'joined', dir: 'desc', page: 1 } as const;

/**
 * The query string of a list page (`GET /api/admin/waitlist`): the fields that are set, in the order given.
 * The browser asks for pages with it, and the server names the first page with it when it has the browser
 * start that request early (decision 050), so both spell the same address.
 */
export function waitlistPageSearch(query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The invitation state filter, in terms the database reads directly: `none` never invited, `pending` a link
 * that still works (waiting, sent or failed to send), `expired`, `accepted`, `revoked`.
 */
export const WAITLIST_INVITATION_FILTERS = ['none', 'pending', 'expired', 'accepted', 'revoked'] as const;
export type WaitlistInvitationFilter = (typeof WAITLIST_INVITATION_FILTERS)[number];

/** `POST /api/admin/waitlist/import`: a CSV up to 2 MB, at most this many rows. */
export const WAITLIST_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const WAITLIST_IMPORT_MAX_ROWS = 20_000;

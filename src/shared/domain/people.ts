/**
 * The People list for staff (issue 13, decision 023): user accounts, never their content. Sorted and paged
 * on the server (keyset), searched by address.
 */

export const PEOPLE_SORTS = ['createdAt', 'email', 'lastActiveAt'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
export const PEOPLE_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type PeopleSortDirection = (typeof PEOPLE_SORT_DIRECTIONS)[number];

export const PEOPLE_PAGE_SIZE = 50;
export const PEOPLE_MAX_PAGE_SIZE = 200;
/**
 * The whole list is counted up to this many, then estimated ("about 100,000"); a search's matches up to
 * PEOPLE_SEARCH_COUNT_CAP ("at least 1,000": past that the number helps nobody, and counting it costs).
 */
export const PEOPLE_COUNT_CAP = 10_000;
export const PEOPLE_SEARCH_COUNT_CAP = 1_000;
export const PEOPLE_SEARCH_MAX_LENGTH = 200;

/** What staff can do to an account; each is confirmed first and written to the audit log. */
export const PEOPLE_ACTIONS = ['verificationMail', 'passwordReset', 'disable', 'enable', 'delete'] as const;
export type PeopleAction = (typeof PEOPLE_ACTIONS)[number];

/** The actions that make sense for an account as it is. */
export function availablePeopleActions(person: {
  emailVerified: boolean;
  disabled: boolean;
}): PeopleAction[] {
  const actions: PeopleAction[] = [];
  if (!person.emailVerified && !person.disabled) actions.push('verificationMail');
  if (!person.disabled) actions.push('passwordReset');
  actions.push(person.disabled ? 'enable' : 'disable');
  actions.push('delete');
  return actions;
}

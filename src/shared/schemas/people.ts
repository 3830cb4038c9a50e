import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import {
  PEOPLE_MAX_PAGE_SIZE,
  PEOPLE_PAGE_SIZE,
  PEOPLE_SEARCH_MAX_LENGTH,
  PEOPLE_SORT_DIRECTIONS,
  PEOPLE_SORTS,
} from '../domain/people';
import { isoDateTime } from './dates';

/** The People list for staff (`/api/admin/people/*`): accounts and counts, never what anyone wrote. */

const iso = isoDateTime({ offset: true });

export const ZPeopleQuery = z.object({
  q: z.string().trim().max(PEOPLE_SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(PEOPLE_SORTS).default('createdAt'),
  dir: z.enum(PEOPLE_SORT_DIRECTIONS).default('desc'),
  /** The `nextCursor` of the page before. */
  after: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_MAX_PAGE_SIZE).default(PEOPLE_PAGE_SIZE),
});
export type TPeopleQuery = z.infer<typeof ZPeopleQuery>;

export const ZPerson = z.object({
  id: z.string(),
  email: z.string(),
  language: z.enum(LOCALES),
  createdAt: iso,
  emailVerified: z.boolean(),
  onboardingCompletedAt: iso.nullable(),
  lastActiveAt: iso.nullable(),
  reflections: z.number().int().nonnegative(),
  disabledAt: iso.nullable(),
});
export type TPerson = z.infer<typeof ZPerson>;

/**
 * How many accounts match, on the first page only (later pages answer null). Up to a cap they are counted
 * (`exact`); past it a search says `atLeast` its cap, and the whole list gives PostgreSQL's own estimate of
 * its size (`about`), since counting 100,000 rows on every visit costs more than the page.
 */
export const ZPeopleTotal = z.object({
  count: z.number().int().nonnegative(),
  precision: z.enum(['exact', 'atLeast', 'about']),
});
export type TPeopleTotal = z.infer<typeof ZPeopleTotal>;

export const ZPeoplePage = z.object({
  people: z.array(ZPerson),
  total: ZPeopleTotal.nullable(),
  nextCursor: z.string().nullable(),
});
export type TPeoplePage = z.infer<typeof ZPeoplePage>;

export const ZPersonResult = z.object({ person: ZPerson });
export type TPersonResult = z.infer<typeof ZPersonResult>;

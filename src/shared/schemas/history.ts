import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { MAX_SEARCH_QUERY_LENGTH } from '../domain/text-search';
import { isoDate } from './dates';
import { ZInsight } from './insights';

/** Looking back (issue 14): past weeks, one week, and a search over one's own reflections. */

export const HISTORY_PAGE_SIZE = 5;
export const SEARCH_PAGE_SIZE = 20;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const ZHistoryEntry = z.object({
  day: z.number().int(),
  date: isoDate(),
  topic: z.string(),
  prompt: z.string().nullable().describe('the prompt the reflection answered, in the requested language'),
  contentText: z.string(),
  status: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZHistoryWeek = z.object({
  startDate: isoDate(),
  endDate: isoDate(),
  isoWeek: z.string(),
  insight: ZInsight.nullable(),
  /** The insight is due but not made yet. */
  insightPending: z.boolean(),
  /** The week is still going (its insight comes when it ends, or when day 7 is completed). */
  current: z.boolean(),
  entries: z.array(ZHistoryEntry),
});
export type THistoryWeek = z.infer<typeof ZHistoryWeek>;

const locale = z.enum(LOCALES).default('en');

export const ZHistoryQuery = z.object({ page, locale });
export const ZLocaleQuery = z.object({ locale });

/** GET /api/history?page=1&locale=en → 200: the weeks before the current one, newest first, five a page. */
export const ZHistoryPage = z.object({
  weeks: z.array(ZHistoryWeek),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type THistoryPage = z.infer<typeof ZHistoryPage>;

export const ZSearchQuery = z.object({
  q: z.string().max(MAX_SEARCH_QUERY_LENGTH),
  page,
});

export const ZSearchHit = z.object({
  weekStart: isoDate(),
  day: z.number().int(),
  date: isoDate(),
  topic: z.string(),
  snippet: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])).describe('matched words in the snippet'),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

/**
 * GET /api/history/search?q=…&page=1 → 200: the person's reflections holding every word of `q` (case,
 * accents and ä/ae, ö/oe, ü/ue, ß/ss do not matter), newest first, twenty a page.
 */
export const ZSearchResult = z.object({
  terms: z.array(z.string()),
  hits: z.array(ZSearchHit),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

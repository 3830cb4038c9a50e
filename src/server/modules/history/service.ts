import type { IsoDate } from '@shared/domain/journal';
import type { TLocale } from '@shared/domain/locale';
import { findMatches, searchTerms, snippetAround } from '@shared/domain/text-search';
import {
  HISTORY_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  type THistoryPage,
  type THistoryWeek,
  type TSearchResult,
} from '@shared/schemas/history';
import type { DbExecutor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import { privateTextOf } from '../../lib/private-text';
import { insightsOfWeeks } from '../insights/service';
import {
  currentMonday,
  entriesOfWeeks,
  type JournalDeps,
  pastWeeks,
  promptTexts,
  reflectionsByIds,
  type WeekRecord,
  weekByMonday,
} from '../journal/service';
import type { SearchIndex } from './search-index';

/**
 * Looking back (issue 14, decision 028): the person's past weeks with their insight and reflections
 * (read-only), one week, and a search over their own reflections. The search matches one person's
 * reflections here, in the process (`shared/domain/text-search.ts`), not in SQL: the text is private and
 * encrypted at rest (issue 17, decision 045), so the database cannot look inside it.
 */

export type HistoryOutcome<
  T,
  E extends 'onboarding_required' | 'not_found' = 'onboarding_required' | 'not_found',
> = { ok: true; value: T } | { ok: false; error: E };

function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The weeks as the pages show them: insight, and the reflections that have text, with their prompt. */
async function describeWeeks(
  deps: JournalDeps,
  input: { userId: string; weeks: readonly WeekRecord[]; locale: TLocale; currentMonday: IsoDate },
): Promise<THistoryWeek[]> {
  const { db } = deps;
  const ids = input.weeks.map((week) => week.id);
  const [entries, insights] = await Promise.all([
    entriesOfWeeks(db, privateTextOf(deps.cipher, input.userId), { userId: input.userId, weekIds: ids }),
    insightsOfWeeks(db, deps.cipher, { userId: input.userId, weeks: input.weeks, locale: input.locale }),
  ]);
  const keys = [...entries.values()].flat().flatMap((entry) => (entry.promptKey ? [entry.promptKey] : []));
  const prompts = await promptTexts(db, keys, input.locale);
  const now = deps.clock.now().getTime();
  return input.weeks.map((week) => ({
    startDate: week.startDate,
    endDate: week.endDate,
    isoWeek: week.isoWeek,
    insight: insights.get(week.id) ?? null,
    insightPending: week.insightDueAt !== null && week.insightDueAt.getTime() <= now,
    current: week.startDate === input.currentMonday,
    entries: (entries.get(week.id) ?? [])
      .filter((entry) => entry.contentText.trim() !== '')
      .map((entry) => ({
        day: entry.day,
        date: entry.date,
        topic: entry.topic,
        prompt: entry.promptKey ? (prompts.get(entry.promptKey) ?? null) : null,
        contentText: entry.contentText,
        status: entry.status,
      })),
  }));
}

/** GET /api/history: the weeks before the current one, newest first, a page at a time. */
export async function historyPage(
  deps: JournalDeps,
  input: { userId: string; page: number; locale: TLocale },
): Promise<HistoryOutcome<THistoryPage, 'onboarding_required'>> {
  const monday = await currentMonday(deps, input.userId);
  if (!monday.ok) return monday;
  const { weeks, total } = await pastWeeks(deps.db, {
    userId: input.userId,
    before: monday.value,
    offset: (input.page - 1) * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
  });
  return {
    ok: true,
    value: {
      weeks: await describeWeeks(deps, {
        userId: input.userId,
        weeks,
        locale: input.locale,
        currentMonday: monday.value,
      }),
      page: input.page,
      pageCount: pageCount(total, HISTORY_PAGE_SIZE),
      total,
    },
  };
}

/** GET /api/history/weeks/{week}: one week by its Monday, the current one or a past one. */
export async function historyWeek(
  deps: JournalDeps,
  input: { userId: string; monday: IsoDate; locale: TLocale },
): Promise<HistoryOutcome<THistoryWeek>> {
  const monday = await currentMonday(deps, input.userId);
  if (!monday.ok) return monday;
  const week = input.monday <= monday.value ? await weekByMonday(deps.db, input.userId, input.monday) : null;
  if (!week) return { ok: false, error: 'not_found' };
  const [described] = await describeWeeks(deps, {
    userId: input.userId,
    weeks: [week],
    locale: input.locale,
    currentMonday: monday.value,
  });
  return described ? { ok: true, value: described } : { ok: false, error: 'not_found' };
}

/** Every week of the person, far enough ahead to hold them all (a century of weeks). */
const ALL_WEEKS = { before: '9999-12-31' as IsoDate, offset: 0, limit: 5_300 };

/**
 * GET /api/history/export: every week of the person, oldest first, as the pages show them (the current one
 * too), for the Markdown file. None before onboarding, when there is nothing to export.
 */
export async function allWeeksForExport(
  deps: JournalDeps,
  input: { userId: string; locale: TLocale },
): Promise<THistoryWeek[]> {
  const monday = await currentMonday(deps, input.userId);
  if (!monday.ok) return [];
  const { weeks } = await pastWeeks(deps.db, { userId: input.userId, ...ALL_WEEKS });
  return describeWeeks(deps, {
    userId: input.userId,
    weeks: weeks.toReversed(),
    locale: input.locale,
    currentMonday: monday.value,
  });
}

/**
 * GET /api/history/search: the person's reflections that hold every word of the query, newest first, each
 * with a snippet around its first match and the matched words' places in it. Matching runs on the folded
 * texts (kept a while by `index`); only the page's reflections are read again for their snippets.
 */
export async function searchReflections(
  deps: { db: DbExecutor; cipher: FieldCipher; clock: Clock; index: SearchIndex },
  input: { userId: string; query: string; page: number },
): Promise<TSearchResult> {
  const terms = searchTerms(input.query);
  const empty = { terms, hits: [], page: 1, pageCount: 1, total: 0 };
  if (terms.length === 0) return empty;
  const indexed = await deps.index.reflectionsOf(deps, input.userId, deps.clock.now().getTime());
  const matches = indexed.filter((reflection) => terms.every((term) => reflection.folded.includes(term)));
  const start = (input.page - 1) * SEARCH_PAGE_SIZE;
  const shown = matches.slice(start, start + SEARCH_PAGE_SIZE).map((reflection) => reflection.entryId);
  const hits = (await reflectionsByIds(deps.db, deps.cipher, { userId: input.userId, ids: shown })).map(
    (reflection) => {
      const snippet = snippetAround(reflection.contentText, findMatches(reflection.contentText, terms) ?? []);
      return {
        weekStart: reflection.startDate,
        day: reflection.day,
        date: reflection.date,
        topic: reflection.topic,
        snippet: snippet.text,
        ranges: snippet.ranges.map(([from, to]) => [from, to] as [number, number]),
      };
    },
  );
  return {
    terms,
    hits,
    page: input.page,
    pageCount: pageCount(matches.length, SEARCH_PAGE_SIZE),
    total: matches.length,
  };
}

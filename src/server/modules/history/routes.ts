import { createRoute, z } from '@hono/zod-openapi';
import { isoDate } from '@shared/schemas/dates';
import {
  ZHistoryPage,
  ZHistoryQuery,
  ZHistoryWeek,
  ZLocaleQuery,
  ZSearchQuery,
  ZSearchResult,
} from '@shared/schemas/history';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, currentUser, errorResponse, jsonResponse } from '../../lib/api';
import { reportedLocale, reportedTimeZone } from '../../lib/reported-context';
import type { JournalDeps } from '../journal/service';
import { reflectionsFileName, reflectionsMarkdown } from './markdown-export';
import { createSearchIndex } from './search-index';
import {
  allWeeksForExport,
  type HistoryOutcome,
  historyPage,
  historyWeek,
  searchReflections,
} from './service';

const TAGS = ['history'];

/** A week by its Monday; one that is ahead, or not the person's, answers 404. */
const ZWeekParams = z.object({
  week: isoDate().openapi({ param: { name: 'week', in: 'path' }, example: '2026-03-02' }),
});
const unauthenticated = errorResponse('unauthenticated: no session');
const onboardingRequired = errorResponse('onboarding_required: onboarding is not complete');
const validation = errorResponse('validation');

const historyRoute = createRoute({
  method: 'get',
  path: '/history',
  tags: TAGS,
  summary: 'The weeks before the current one, newest first, with insight and reflections, a page at a time',
  request: { query: ZHistoryQuery },
  responses: {
    200: jsonResponse('A page of past weeks', ZHistoryPage),
    400: validation,
    401: unauthenticated,
    409: onboardingRequired,
  },
});

const weekRoute = createRoute({
  method: 'get',
  path: '/history/weeks/{week}',
  tags: TAGS,
  summary: 'One week (by its Monday): its insight and its reflections, read-only',
  request: {
    params: ZWeekParams,
    query: ZLocaleQuery,
  },
  responses: {
    200: jsonResponse('The week', ZHistoryWeek),
    400: validation,
    401: unauthenticated,
    404: errorResponse('not_found: no such week of this person (or it is still ahead)'),
    409: onboardingRequired,
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/history/search',
  tags: TAGS,
  summary: 'Search the person’s own reflections (every word; case, accents and umlaut spellings ignored)',
  request: { query: ZSearchQuery },
  responses: { 200: jsonResponse('The matches', ZSearchResult), 400: validation, 401: unauthenticated },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/history/export',
  tags: TAGS,
  summary:
    'Download one’s reflections as a Markdown file, week by week (oldest first): each day’s prompt and ' +
    'answer, and the week’s insight; headings in the requested language',
  request: { query: ZLocaleQuery },
  responses: {
    200: {
      description: 'The file, as an attachment',
      content: { 'text/markdown': { schema: z.string() } },
    },
    400: validation,
    401: unauthenticated,
  },
});

function refuse(c: Context<AppEnv>, outcome: Extract<HistoryOutcome<unknown>, { ok: false }>) {
  if (outcome.error === 'not_found') return c.json({ error: { code: 'not_found' as const } }, 404);
  return c.json({ error: { code: 'onboarding_required' as const } }, 409);
}

export function historyRoutes(deps: JournalDeps) {
  const index = createSearchIndex();
  const withContext = (c: Context<AppEnv>): JournalDeps => ({
    ...deps,
    timeZone: reportedTimeZone(c),
    locale: reportedLocale(c),
  });
  return createApiRouter()
    .openapi(historyRoute, async (c) => {
      const { page, locale } = c.req.valid('query');
      const outcome = await historyPage(withContext(c), { userId: currentUser(c).id, page, locale });
      return outcome.ok
        ? c.json(outcome.value, 200)
        : c.json({ error: { code: 'onboarding_required' as const } }, 409);
    })
    .openapi(searchRoute, async (c) => {
      const { q, page } = c.req.valid('query');
      const result = await searchReflections(
        { db: deps.db, cipher: deps.cipher, clock: deps.clock, index },
        { userId: currentUser(c).id, query: q, page },
      );
      return c.json(result, 200);
    })
    .openapi(exportRoute, async (c) => {
      const { locale } = c.req.valid('query');
      const weeks = await allWeeksForExport(withContext(c), { userId: currentUser(c).id, locale });
      const exportedOn = deps.clock.now().toISOString().slice(0, 10);
      const fileName = reflectionsFileName(locale, exportedOn);
      c.header('Content-Type', 'text/markdown; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
      return c.body(reflectionsMarkdown({ locale, weeks, exportedOn }), 200);
    })
    .openapi(weekRoute, async (c) => {
      const { week } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const outcome = await historyWeek(withContext(c), { userId: currentUser(c).id, monday: week, locale });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome);
    });
}

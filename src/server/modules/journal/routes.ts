import { createRoute, z } from '@hono/zod-openapi';
import type { Lane } from '@shared/domain/journal';
import { ZApiError } from '@shared/schemas/common';
import {
  ZAnswersChanged,
  ZAnswersSaved,
  ZChooseLane,
  ZCompleteOnboarding,
  ZDashboard,
  ZDayQuery,
  ZDayReflection,
  ZEntry,
  ZEntryChanged,
  ZMailOff,
  ZMailOffResult,
  ZOpenedDay,
  ZProfile,
  ZSaveAnswers,
  ZSaveEntry,
  ZSettings,
  ZSettingsView,
} from '@shared/schemas/journal';
import type { Context } from 'hono';
import {
  type AppEnv,
  createApiRouter,
  currentUser,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import { reportedLocale, reportedTimeZone } from '../../lib/reported-context';
import {
  type AnswersChanged,
  chooseLane,
  completeOnboarding,
  deleteJournalData,
  getDashboard,
  getProfile,
  getSettings,
  type JournalDeps,
  type JournalErrorCode,
  readDay,
  readMailOffToken,
  replacePrompt,
  saveDay,
  saveOnboardingAnswers,
  saveSettings,
  startDay,
  turnOffPersonalMail,
} from './service';

const TAGS = ['journal'];

const ZDayParams = z.object({
  day: z
    .string()
    .regex(/^[1-7]$/, 'a day from 1 to 7')
    .openapi({ param: { name: 'day', in: 'path' }, example: '1' }),
});

const unauthenticated = errorResponse('unauthenticated: no session');
const onboardingRequired = errorResponse('onboarding_required: onboarding is not complete');
const dayLocked = errorResponse(
  'day_locked: the day is not open yet (spec §9); day_before_start: it came before the person joined (decision 067)',
);
const validation = errorResponse('validation');
/** What a route about a day of the current week can refuse. */
const dayRefusals = { 400: validation, 401: unauthenticated, 403: dayLocked, 409: onboardingRequired };

const answersChanged = jsonResponse(
  'answers_changed: an answer was saved since the version named for it (on another device); nothing is written',
  ZAnswersChanged,
);

const profileRoute = createRoute({
  method: 'get',
  path: '/journal/profile',
  tags: TAGS,
  summary: 'The signed-in user’s profile (empty defaults before onboarding)',
  responses: { 200: jsonResponse('The profile', ZProfile), 401: unauthenticated },
});

const saveAnswersRoute = createRoute({
  method: 'put',
  path: '/journal/onboarding/answers',
  tags: TAGS,
  summary: 'Autosave of the onboarding answers, merged by position into profile_v0.answers',
  request: { body: jsonBody(ZSaveAnswers) },
  responses: {
    200: jsonResponse('The versions of the answers as saved', ZAnswersSaved),
    400: validation,
    401: unauthenticated,
    409: answersChanged,
  },
});

const completeOnboardingRoute = createRoute({
  method: 'post',
  path: '/journal/onboarding/complete',
  tags: TAGS,
  summary: 'Finish onboarding: first name, analysis of the answers, completion time',
  request: { body: jsonBody(ZCompleteOnboarding) },
  responses: {
    200: jsonResponse('The completed profile', ZProfile),
    400: validation,
    401: unauthenticated,
    409: answersChanged,
  },
});

const dashboardRoute = createRoute({
  method: 'get',
  path: '/journal/dashboard',
  tags: TAGS,
  summary: 'The current week (created on first load), its days and the profile lists',
  responses: {
    200: jsonResponse('The dashboard', ZDashboard),
    401: unauthenticated,
    409: onboardingRequired,
  },
});

const readDayRoute = createRoute({
  method: 'get',
  path: '/journal/days/{day}',
  tags: TAGS,
  summary:
    'A day of the current week as it is (its entry once started) and its prompt; writes nothing of the day',
  request: { params: ZDayParams, query: ZDayQuery },
  responses: {
    200: jsonResponse('The day', ZDayReflection),
    ...dayRefusals,
  },
});

const startDayRoute = createRoute({
  method: 'post',
  path: '/journal/days/{day}',
  tags: TAGS,
  summary: 'Open a day of the current week: starts its entry on the first open, with its prompt',
  request: { params: ZDayParams, query: ZDayQuery },
  responses: {
    200: jsonResponse('The opened day', ZOpenedDay),
    ...dayRefusals,
  },
});

const saveDayRoute = createRoute({
  method: 'put',
  path: '/journal/days/{day}',
  tags: TAGS,
  summary: 'Save the reflection of a day (autosave and the save button) over the version it was written over',
  request: { params: ZDayParams, body: jsonBody(ZSaveEntry) },
  responses: {
    200: jsonResponse('The saved entry', ZEntry),
    ...dayRefusals,
    409: jsonResponse(
      'onboarding_required: onboarding is not complete; or entry_changed: the entry was saved since ' +
        '`baseVersion` (on another device), nothing is written, and `entry` is the entry as it is now',
      z.union([ZEntryChanged, ZApiError]),
    ),
  },
});

const anotherPromptRoute = createRoute({
  method: 'post',
  path: '/journal/days/{day}/another-prompt',
  tags: TAGS,
  summary: 'Replace the day’s prompt with the next one for its topic and depth',
  request: { params: ZDayParams, query: ZDayQuery },
  responses: {
    200: jsonResponse('The day with its new prompt', ZOpenedDay),
    ...dayRefusals,
  },
});

const laneRoute = createRoute({
  method: 'post',
  path: '/journal/lane',
  tags: TAGS,
  summary: 'Choose the lane of day 5 (day 4 must be open)',
  request: { body: jsonBody(ZChooseLane) },
  responses: {
    200: jsonResponse('The dashboard with the new day-5 topic', ZDashboard),
    ...dayRefusals,
  },
});

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/journal/settings',
  tags: TAGS,
  summary:
    'AI insights, the daily reminder and the weekly e-mail, with the next reminder and the AI endpoint',
  responses: { 200: jsonResponse('The settings', ZSettingsView), 401: unauthenticated },
});

const saveSettingsRoute = createRoute({
  method: 'put',
  path: '/journal/settings',
  tags: TAGS,
  summary: 'Save the settings together; the reminder is rescheduled in the same transaction',
  request: { body: jsonBody(ZSettings) },
  responses: {
    200: jsonResponse('The saved settings', ZSettingsView),
    400: validation,
    401: unauthenticated,
    409: errorResponse('ai_unavailable: AI insights were switched on, but no model is configured'),
  },
});

const mailOffRoute = createRoute({
  method: 'post',
  path: '/mail-off',
  tags: TAGS,
  summary: 'Turn off the reminders or the weekly e-mail with the token from such an e-mail (no session)',
  request: { body: jsonBody(ZMailOff) },
  responses: {
    200: jsonResponse('Turned off', ZMailOffResult),
    400: errorResponse('invalid_token: forged, or the account is gone'),
  },
});

const mailOffOneClickRoute = createRoute({
  method: 'post',
  path: '/mail-off/one-click',
  tags: TAGS,
  summary: 'RFC 8058 one-click unsubscribe of a reminder or weekly e-mail, POSTed by mail clients',
  request: { query: ZMailOff },
  responses: {
    200: { description: 'Turned off', content: { 'text/plain': { schema: z.string() } } },
    400: { description: 'Invalid token', content: { 'text/plain': { schema: z.string() } } },
  },
});

const deleteDataRoute = createRoute({
  method: 'delete',
  path: '/journal/data',
  tags: TAGS,
  summary: 'Delete the user’s summaries, entries, weeks, profile (spec §7) and bubbles',
  responses: { 204: { description: 'Deleted' }, 401: unauthenticated },
});

const REFUSAL_STATUS = {
  onboarding_required: 409,
  day_locked: 403,
  day_before_start: 403,
  ai_unavailable: 409,
} as const;

function refuse<E extends JournalErrorCode>(c: Context<AppEnv>, code: E) {
  return c.json({ error: { code } }, REFUSAL_STATUS[code]);
}

function answersInput(c: Context<AppEnv>, body: { answers: string[]; baseVersions: number[] }) {
  return { userId: currentUser(c).id, ...body, timeZone: reportedTimeZone(c) };
}

function answersChangedResponse(c: Context<AppEnv>, outcome: AnswersChanged) {
  const { texts, versions } = outcome.current;
  return c.json({ error: { code: outcome.error }, answers: texts, versions }, 409);
}

export function journalRoutes(deps: JournalDeps & { secret: string }) {
  const router = createApiRouter();
  // Every journal route is the signed-in user's own: refuse without a session before anything else. The time
  // zone and language the browser reports are kept when the profile is read (or written).
  router.use('/journal/*', async (c, next) => {
    currentUser(c);
    await next();
  });
  /** The journal's dependencies for this request, with the zone and language the browser reported. */
  const withZone = (c: Context<AppEnv>): JournalDeps => ({
    ...deps,
    timeZone: reportedTimeZone(c),
    locale: reportedLocale(c),
  });
  const turnOff = async (token: string) => {
    const named = readMailOffToken(deps.secret, token);
    if (!named || !(await turnOffPersonalMail(deps, named))) return null;
    return named.kind;
  };
  return router
    .openapi(profileRoute, async (c) => c.json(await getProfile(withZone(c), currentUser(c).id), 200))
    .openapi(saveAnswersRoute, async (c) => {
      const outcome = await saveOnboardingAnswers(withZone(c), answersInput(c, c.req.valid('json')));
      return outcome.ok ? c.json(outcome.value, 200) : answersChangedResponse(c, outcome);
    })
    .openapi(completeOnboardingRoute, async (c) => {
      const outcome = await completeOnboarding(withZone(c), answersInput(c, c.req.valid('json')));
      return outcome.ok ? c.json(outcome.value, 200) : answersChangedResponse(c, outcome);
    })
    .openapi(dashboardRoute, async (c) => {
      const outcome = await getDashboard(withZone(c), currentUser(c).id);
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(readDayRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const outcome = await readDay(withZone(c), { userId: currentUser(c).id, day: Number(day), locale });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(startDayRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const outcome = await startDay(withZone(c), { userId: currentUser(c).id, day: Number(day), locale });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(saveDayRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { contentText, baseVersion } = c.req.valid('json');
      const outcome = await saveDay(withZone(c), {
        userId: currentUser(c).id,
        day: Number(day),
        contentText,
        baseVersion,
      });
      if (outcome.ok) return c.json(outcome.value, 200);
      if (outcome.error === 'entry_changed') {
        return c.json({ error: { code: outcome.error }, entry: outcome.current }, 409);
      }
      return refuse(c, outcome.error);
    })
    .openapi(anotherPromptRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const outcome = await replacePrompt(withZone(c), {
        userId: currentUser(c).id,
        day: Number(day),
        locale,
      });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(laneRoute, async (c) => {
      const { lane } = c.req.valid('json');
      // The schema admits only LANE_IDS; the shared enum widens its type to string.
      const outcome = await chooseLane(withZone(c), { userId: currentUser(c).id, lane: lane as Lane });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(getSettingsRoute, async (c) => c.json(await getSettings(withZone(c), currentUser(c).id), 200))
    .openapi(saveSettingsRoute, async (c) => {
      const outcome = await saveSettings(withZone(c), {
        userId: currentUser(c).id,
        settings: c.req.valid('json'),
        timeZone: reportedTimeZone(c),
      });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(deleteDataRoute, async (c) => {
      await deleteJournalData(deps.db, currentUser(c).id);
      return c.body(null, 204);
    })
    .openapi(mailOffRoute, async (c) => {
      const kind = await turnOff(c.req.valid('json').token);
      return kind ? c.json({ kind }, 200) : c.json({ error: { code: 'invalid_token' as const } }, 400);
    })
    .openapi(mailOffOneClickRoute, async (c) => {
      const kind = await turnOff(c.req.valid('query').token);
      return kind ? c.text('Turned off', 200) : c.text('Invalid link', 400);
    });
}

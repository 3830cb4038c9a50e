import { createRoute, z } from '@hono/zod-openapi';
import { isValidTimeZone, type Lane } from '@shared/domain/journal';
import {
  TIME_ZONE_HEADER,
  ZChooseLane,
  ZCompleteOnboarding,
  ZDashboard,
  ZDayQuery,
  ZDayReflection,
  ZEntry,
  ZProfile,
  ZSaveAnswers,
  ZSaveEntry,
  ZSettings,
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
import {
  chooseLane,
  completeOnboarding,
  deleteJournalData,
  getDashboard,
  getProfile,
  getSettings,
  type JournalDeps,
  type JournalErrorCode,
  openDay,
  replacePrompt,
  saveDay,
  saveOnboardingAnswers,
  saveSettings,
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
const dayLocked = errorResponse('day_locked: the day is not open yet (spec §9)');
const validation = errorResponse('validation');
/** What a route about a day of the current week can refuse. */
const dayRefusals = { 400: validation, 401: unauthenticated, 403: dayLocked, 409: onboardingRequired };

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
  responses: { 204: { description: 'Saved' }, 400: validation, 401: unauthenticated },
});

const completeOnboardingRoute = createRoute({
  method: 'post',
  path: '/journal/onboarding/complete',
  tags: TAGS,
  summary: 'Finish onboarding: first name, analysis of the answers, completion time',
  request: { body: jsonBody(ZCompleteOnboarding) },
  responses: { 200: jsonResponse('The completed profile', ZProfile), 400: validation, 401: unauthenticated },
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

const openDayRoute = createRoute({
  method: 'get',
  path: '/journal/days/{day}',
  tags: TAGS,
  summary: 'A day of the current week: its entry (created on first open) and its prompt in the language',
  request: { params: ZDayParams, query: ZDayQuery },
  responses: {
    200: jsonResponse('The day', ZDayReflection),
    ...dayRefusals,
  },
});

const saveDayRoute = createRoute({
  method: 'put',
  path: '/journal/days/{day}',
  tags: TAGS,
  summary: 'Save the reflection of a day (autosave and the save button)',
  request: { params: ZDayParams, body: jsonBody(ZSaveEntry) },
  responses: {
    200: jsonResponse('The saved entry', ZEntry),
    ...dayRefusals,
  },
});

const anotherPromptRoute = createRoute({
  method: 'post',
  path: '/journal/days/{day}/another-prompt',
  tags: TAGS,
  summary: 'Replace the day’s prompt with the next one for its topic and depth',
  request: { params: ZDayParams, query: ZDayQuery },
  responses: {
    200: jsonResponse('The day with its new prompt', ZDayReflection),
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
  summary: 'AI switch and daily reminder time',
  responses: { 200: jsonResponse('The settings', ZSettings), 401: unauthenticated },
});

const saveSettingsRoute = createRoute({
  method: 'put',
  path: '/journal/settings',
  tags: TAGS,
  summary: 'Save the AI switch and the reminder time together',
  request: { body: jsonBody(ZSettings) },
  responses: { 200: jsonResponse('The saved settings', ZSettings), 400: validation, 401: unauthenticated },
});

const deleteDataRoute = createRoute({
  method: 'delete',
  path: '/journal/data',
  tags: TAGS,
  summary: 'Delete the user’s summaries, entries, weeks, profile (spec §7) and bubbles',
  responses: { 204: { description: 'Deleted' }, 401: unauthenticated },
});

const REFUSAL_STATUS = { onboarding_required: 409, day_locked: 403 } as const;

function refuse<E extends JournalErrorCode>(c: Context<AppEnv>, code: E) {
  return c.json({ error: { code } }, REFUSAL_STATUS[code]);
}

/** The zone the browser reports, when it is a real IANA zone (decision 015). */
function reportedTimeZone(c: Context<AppEnv>): string | undefined {
  const zone = c.req.header(TIME_ZONE_HEADER);
  return zone && isValidTimeZone(zone) ? zone : undefined;
}

export function journalRoutes(deps: JournalDeps) {
  const router = createApiRouter();
  // Every journal route is the signed-in user's own: refuse without a session before anything else. The time
  // zone the browser reports is kept when the profile is read (or written).
  router.use('/journal/*', async (c, next) => {
    currentUser(c);
    await next();
  });
  /** The journal's dependencies for this request, with the zone the browser reported. */
  const withZone = (c: Context<AppEnv>): JournalDeps => ({ ...deps, timeZone: reportedTimeZone(c) });
  return router
    .openapi(profileRoute, async (c) => c.json(await getProfile(withZone(c), currentUser(c).id), 200))
    .openapi(saveAnswersRoute, async (c) => {
      const { answers } = c.req.valid('json');
      await saveOnboardingAnswers(deps, {
        userId: currentUser(c).id,
        answers,
        timeZone: reportedTimeZone(c),
      });
      return c.body(null, 204);
    })
    .openapi(completeOnboardingRoute, async (c) => {
      const { answers } = c.req.valid('json');
      const profile = await completeOnboarding(deps, {
        userId: currentUser(c).id,
        answers,
        timeZone: reportedTimeZone(c),
      });
      return c.json(profile, 200);
    })
    .openapi(dashboardRoute, async (c) => {
      const outcome = await getDashboard(withZone(c), currentUser(c).id);
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(openDayRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const outcome = await openDay(withZone(c), { userId: currentUser(c).id, day: Number(day), locale });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
    })
    .openapi(saveDayRoute, async (c) => {
      const { day } = c.req.valid('param');
      const { contentText } = c.req.valid('json');
      const outcome = await saveDay(withZone(c), {
        userId: currentUser(c).id,
        day: Number(day),
        contentText,
      });
      return outcome.ok ? c.json(outcome.value, 200) : refuse(c, outcome.error);
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
    .openapi(getSettingsRoute, async (c) => c.json(await getSettings(deps.db, currentUser(c).id), 200))
    .openapi(saveSettingsRoute, async (c) => {
      const settings = await saveSettings(deps, {
        userId: currentUser(c).id,
        settings: c.req.valid('json'),
        timeZone: reportedTimeZone(c),
      });
      return c.json(settings, 200);
    })
    .openapi(deleteDataRoute, async (c) => {
      await deleteJournalData(deps.db, currentUser(c).id);
      return c.body(null, 204);
    });
}

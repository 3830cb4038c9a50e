import { z } from 'zod';
import { LANE_IDS, MAX_REFLECTION_LENGTH } from '../domain/journal';
import { LOCALES } from '../domain/locale';
import { MAX_ANSWER_LENGTH, ONBOARDING_QUESTIONS } from '../domain/profile-analysis';

/**
 * The weekly-cycle API (`/api/journal/*`), all scoped to the signed-in user. Every request carries the
 * browser's IANA time zone in the `X-Time-Zone` header; the server keeps the latest valid one on the profile
 * and uses it to know the user's "today" (decision 015).
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

const profileList = z.array(z.string());

/** GET /api/journal/profile: a user without a profile row gets the empty defaults (nothing is written). */
export const ZProfile = z.object({
  firstName: z.string().nullable(),
  onboardingCompletedAt: z.string().nullable().describe('ISO timestamp'),
  answers: z.array(z.string()),
  what_matters: profileList,
  where_safe: profileList,
  edges: profileList,
  aiEnabled: z.boolean(),
  reminderTime: z.string(),
  timeZone: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const answers = z.array(z.string().max(MAX_ANSWER_LENGTH)).max(ONBOARDING_QUESTIONS);

/** PUT /api/journal/onboarding/answers → 204: merged into profile_v0.answers (autosave). */
export const ZSaveAnswers = z.object({ answers });
export type TSaveAnswers = z.infer<typeof ZSaveAnswers>;

/** POST /api/journal/onboarding/complete → 200 ZProfile: analyses the answers, sets the completion time. */
export const ZCompleteOnboarding = z.object({ answers });
export type TCompleteOnboarding = z.infer<typeof ZCompleteOnboarding>;

export const ZDaySummary = z.object({
  day: z.number().int().min(1).max(7),
  topic: z.string(),
  status: z.string().describe("'completed', 'available', 'locked' or an entry's own status"),
  open: z.boolean(),
});
export type TDaySummary = z.infer<typeof ZDaySummary>;

export const ZWeek = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isoWeek: z.string(),
  topics: z.record(z.string(), z.string()),
});
export type TWeek = z.infer<typeof ZWeek>;

/**
 * GET /api/journal/dashboard → 200, or 409 `onboarding_required` before onboarding is complete. Finds the
 * current week by its Monday in the user's time zone and creates it when missing.
 */
export const ZDashboard = z.object({
  firstName: z.string().nullable(),
  what_matters: profileList,
  where_safe: profileList,
  edges: profileList,
  today: z.object({ date: z.string(), isoWeekday: z.number().int().min(1).max(7) }),
  week: ZWeek,
  days: z.array(ZDaySummary).length(7),
  completedCount: z.number().int(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZEntry = z.object({
  id: z.string(),
  day: z.number().int(),
  topic: z.string(),
  contentText: z.string(),
  status: z.string(),
  replacementsCount: z.number().int(),
  updatedAt: z.string(),
});
export type TEntry = z.infer<typeof ZEntry>;

/**
 * GET /api/journal/days/{day}?locale=en → 200; creates the entry on first open (status completed, empty
 * text). 403 `day_locked` for a day that is not open yet, 409 `onboarding_required`, 400 for a bad day.
 * `prompt.id` is null when the fallback text is shown.
 */
export const ZDayReflection = z.object({
  day: z.number().int(),
  topic: z.string(),
  prompt: z.object({ id: z.string().nullable(), text: z.string(), depth: z.number().int() }),
  entry: ZEntry,
  week: ZWeek,
});
export type TDayReflection = z.infer<typeof ZDayReflection>;

export const ZDayQuery = z.object({ locale: z.enum(LOCALES).default('en') });

/** PUT /api/journal/days/{day} → 200 ZEntry (autosave and the save button). */
export const ZSaveEntry = z.object({ contentText: z.string().max(MAX_REFLECTION_LENGTH) });
export type TSaveEntry = z.infer<typeof ZSaveEntry>;

/** POST /api/journal/days/{day}/another-prompt?locale=en → 200 ZDayReflection with the next prompt. */

/** POST /api/journal/lane → 200 ZDashboard: writes the lane's topic into day 5 of the current week. */
export const ZChooseLane = z.object({ lane: z.enum(LANE_IDS as [string, ...string[]]) });
export type TChooseLane = z.infer<typeof ZChooseLane>;

/** GET and PUT /api/journal/settings: saved together (spec §4). */
export const ZSettings = z.object({
  aiEnabled: z.boolean(),
  reminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type TSettings = z.infer<typeof ZSettings>;

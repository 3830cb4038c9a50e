import { z } from 'zod';
import { isReflectionWithinLimit, LANE_IDS, MAX_REFLECTION_UNITS } from '../domain/journal';
import { LOCALES } from '../domain/locale';
import { MAX_ANSWER_LENGTH, ONBOARDING_QUESTIONS } from '../domain/profile-analysis';
import { isoDate, isoDateTime } from './dates';

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
  onboardingCompletedAt: isoDateTime().nullable(),
  answers: z.array(z.string()),
  answerVersions: z
    .array(z.number().int())
    .describe('the version of each answer (0: never saved), to name in the next save'),
  what_matters: profileList,
  where_safe: profileList,
  edges: profileList,
  aiEnabled: z.boolean(),
  reminderTime: z.string(),
  remindersEnabled: z.boolean(),
  weeklyEmailEnabled: z.boolean(),
  timeZone: z.string(),
  locale: z.enum(LOCALES).describe('the language of the person’s e-mails: their latest locale cookie'),
});
export type TProfile = z.infer<typeof ZProfile>;

const answers = z.array(z.string().max(MAX_ANSWER_LENGTH)).max(ONBOARDING_QUESTIONS);
/** The version of each answer the save was written over (`answerVersions` of the profile); absent: none. */
const baseVersions = z.array(z.number().int().min(0)).max(ONBOARDING_QUESTIONS).default([]);

/**
 * PUT /api/journal/onboarding/answers → 200 ZAnswersSaved: merged by position into profile_v0.answers
 * (autosave). An answer that changed since the version named for it (on another device) is not replaced:
 * nothing is written and the answer is 409 `answers_changed` (`ZAnswersChanged`). Decision 064.
 */
export const ZSaveAnswers = z.object({ answers, baseVersions });
export type TSaveAnswers = z.infer<typeof ZSaveAnswers>;

export const ZAnswersSaved = z.object({ versions: z.array(z.number().int()) });
export type TAnswersSaved = z.infer<typeof ZAnswersSaved>;

/** The 409 of answers written over older versions: the code, and the answers as they are now. */
export const ZAnswersChanged = z.object({
  error: z.object({ code: z.literal('answers_changed') }),
  answers: z.array(z.string()),
  versions: z.array(z.number().int()),
});
export type TAnswersChanged = z.infer<typeof ZAnswersChanged>;

/**
 * POST /api/journal/onboarding/complete → 200 ZProfile: the answers are merged as in autosave (with the same
 * 409 `answers_changed`), analysed, and the completion time is set.
 */
export const ZCompleteOnboarding = z.object({ answers, baseVersions });
export type TCompleteOnboarding = z.input<typeof ZCompleteOnboarding>;

export const ZDaySummary = z.object({
  day: z.number().int().min(1).max(7),
  date: isoDate(),
  topic: z.string(),
  status: z
    .string()
    .describe(
      "'completed' (10 characters written, or the lane chosen), 'started' (opened), 'available', 'locked', or an entry's own status",
    ),
  open: z.boolean(),
});
export type TDaySummary = z.infer<typeof ZDaySummary>;

export const ZWeek = z.object({
  id: z.string(),
  startDate: isoDate(),
  endDate: isoDate(),
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
  today: z.object({ date: isoDate(), isoWeekday: z.number().int().min(1).max(7) }),
  /** Today's day in `week`, or null while the person's first week has not begun (decision 067). */
  todayDay: z.number().int().min(1).max(7).nullable(),
  /** The Monday the person's first week begins, while it has not (decision 067); else null. */
  startsOn: isoDate().nullable(),
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
  /** Counts the saves of the text; a save names the version it was written over (`ZSaveEntry`). */
  version: z.number().int(),
  updatedAt: isoDateTime(),
});
export type TEntry = z.infer<typeof ZEntry>;

/**
 * GET /api/journal/days/{day}?locale=en → 200 with the day as it is (`entry` null until it is started;
 * writes nothing of the day). POST /api/journal/days/{day}?locale=en → 200 opens it: starts the entry
 * (status 'started', empty text) on the first open. Both: 403 `day_locked` for a day that is not open yet,
 * 409 `onboarding_required`, 400 for a bad day. `prompt.id` is null when the fallback text is shown.
 */
export const ZDayReflection = z.object({
  day: z.number().int(),
  date: isoDate(),
  topic: z.string(),
  prompt: z.object({ id: z.string().nullable(), text: z.string(), depth: z.number().int() }),
  entry: ZEntry.nullable(),
  week: ZWeek,
});
export type TDayReflection = z.infer<typeof ZDayReflection>;

/** The answer of POST /api/journal/days/{day}: an opened day always has its entry. */
export const ZOpenedDay = ZDayReflection.extend({ entry: ZEntry });
export type TOpenedDay = z.infer<typeof ZOpenedDay>;

export const ZDayQuery = z.object({ locale: z.enum(LOCALES).default('en') });

/**
 * PUT /api/journal/days/{day} → 200 ZEntry (autosave and the save button). `baseVersion` is the `version` of
 * the entry the text was written over: when the entry has been saved since (on another device), nothing is
 * written and the answer is 409 `entry_changed` with the entry as it is now (`ZEntryChanged`), so the person
 * can choose between the two texts. No save replaces text it never saw.
 */
export const ZSaveEntry = z.object({
  contentText: z.string().max(MAX_REFLECTION_UNITS).refine(isReflectionWithinLimit, 'too many characters'),
  baseVersion: z.number().int().min(1),
});
export type TSaveEntry = z.infer<typeof ZSaveEntry>;

/** The 409 of a save written over an older version: the code, and the entry as it is now. */
export const ZEntryChanged = z.object({
  error: z.object({ code: z.literal('entry_changed') }),
  entry: ZEntry,
});
export type TEntryChanged = z.infer<typeof ZEntryChanged>;

/** POST /api/journal/days/{day}/another-prompt?locale=en → 200 ZDayReflection with the next prompt. */

/** POST /api/journal/lane → 200 ZDashboard: writes the lane's topic into day 5 of the current week. */
export const ZChooseLane = z.object({ lane: z.enum(LANE_IDS as [string, ...string[]]) });
export type TChooseLane = z.infer<typeof ZChooseLane>;

/**
 * PUT /api/journal/settings: saved together (spec §4). Reminders and the weekly e-mail are off until the
 * person switches them on (issue 14); AI insights only where the operator configured a model (409
 * `ai_unavailable` otherwise).
 */
export const ZSettings = z.object({
  aiEnabled: z.boolean(),
  reminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  remindersEnabled: z.boolean(),
  weeklyEmailEnabled: z.boolean(),
  /**
   * The weekly e-mail carries the insight's paragraph, which may quote the person's own words. Off: the
   * e-mail says only how many days and words, with a link (issue 34). Absent (a tab from before): off.
   */
  weeklyEmailQuotes: z.boolean().default(false),
});
export type TSettings = z.infer<typeof ZSettings>;

/** GET and PUT /api/journal/settings → 200: the settings, when the next reminder goes, where AI would go. */
export const ZSettingsView = ZSettings.extend({
  nextReminderAt: isoDateTime().nullable().describe('the next reminder; null while off'),
  aiService: z
    .object({ host: z.string(), model: z.string() })
    .nullable()
    .describe('where AI insights send a week’s text; null when the operator configured no model'),
});
export type TSettingsView = z.infer<typeof ZSettingsView>;

/** POST /api/mail-off and /api/mail-off/one-click?token=: the token of the link in a reminder or weekly e-mail. */
export const ZMailOff = z.object({ token: z.string().min(1).max(1024) });
export type TMailOff = z.infer<typeof ZMailOff>;

export const ZMailOffResult = z.object({ kind: z.enum(['reminder', 'weekly']) });
export type TMailOffResult = z.infer<typeof ZMailOffResult>;

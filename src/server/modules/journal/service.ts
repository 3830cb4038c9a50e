import { createHash } from 'node:crypto';
import type { TApiErrorCode } from '@shared/domain/api-errors';
import {
  addDays,
  CHOOSE_LANE_DAY,
  type DayWindow,
  DEFAULT_REMINDER_TIME,
  dateOfDay,
  dayWindow,
  defaultWeekTopics,
  type EntryStatus,
  firstWeekMonday,
  type IsoDate,
  isDayCompleted,
  isDayOpen,
  isoWeekdayOf,
  isValidTimeZone,
  LANE_DAY,
  LANES,
  type Lane,
  localDay,
  mondayOf,
  promptDepth,
  reflectionStatus,
  dayStatus as statusOfDay,
  topicMessageKey,
  weekOf,
  zonedInstant,
} from '@shared/domain/journal';
import { isLocale, type TLocale } from '@shared/domain/locale';
import { applyAnswers, type VersionedAnswers } from '@shared/domain/onboarding-answers';
import { analyzeOnboarding } from '@shared/domain/profile-analysis';
import { href } from '@shared/routes';
import type {
  TAnswersSaved,
  TDashboard,
  TDayReflection,
  TEntry,
  TMailOffResult,
  TOpenedDay,
  TProfile,
  TSettings,
  TSettingsView,
  TWeek,
} from '@shared/schemas/journal';
import { type AnyColumn, and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { entries, type ProfileV0, profiles, prompts, summaries, weeks } from '../../db/schema/journal';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import { type PrivateText, privateTextOf } from '../../lib/private-text';
import { signToken, verifyToken } from '../../lib/signed-token';
import { deleteBubbles } from '../bubbles/service';
import { deleteReminderSchedule, nextReminderAt, rescheduleReminder } from '../reminders/service';
import { translate } from '../site/service';
import { counterpartKey, libraryId } from './prompts';

/**
 * The OpenAI-compatible endpoint that may write weekly insights (issue 14, decision 027): where a week's
 * text goes when a person has switched AI insights on. Absent when the operator configured none.
 */
export type AiService = { url: string; model: string };

/**
 * What the journal works with. `timeZone` and `locale` are what the browser reported with this request (a
 * valid zone, the locale cookie), if anything: loading the profile keeps them (decision 015), so a change
 * costs a write and no change nothing. `ai` is the configured insight model, if any.
 */
export type JournalDeps = {
  db: Database;
  clock: Clock;
  /** Seals and opens private text (decision 045). */
  cipher: FieldCipher;
  timeZone?: string;
  locale?: TLocale;
  ai?: AiService;
};

/**
 * A refusal the API answers with its error code (409 onboarding_required, 403 day_locked, 409 ai_unavailable
 * for switching AI insights on where no model is configured).
 */
export type JournalErrorCode = Extract<
  TApiErrorCode,
  'onboarding_required' | 'day_locked' | 'day_before_start' | 'ai_unavailable'
>;
export type JournalOutcome<T, E extends JournalErrorCode = JournalErrorCode> =
  | { ok: true; value: T }
  | { ok: false; error: E };

type ProfileRow = typeof profiles.$inferSelect;
type WeekRow = typeof weeks.$inferSelect;
type EntryRow = typeof entries.$inferSelect;
type PromptRow = typeof prompts.$inferSelect;

const DEFAULT_TIME_ZONE = 'UTC';

export const EMPTY_PROFILE_V0: Required<ProfileV0> = {
  answers: [],
  what_matters: [],
  where_safe: [],
  edges: [],
  ai_enabled: false,
  reminder_time: DEFAULT_REMINDER_TIME,
  reminder_enabled: false,
  weekly_email_enabled: false,
  weekly_email_quotes: false,
  first_day: null,
  answer_versions: [],
};

/** profile_v0 with defaults for any field an older row lacks; the answers as stored (sealed). */
function profileV0Of(row: ProfileRow | undefined): Required<ProfileV0> {
  return { ...EMPTY_PROFILE_V0, ...row?.profileV0 };
}

/** The onboarding answers and the first name taken from them, opened (decision 045). */
function openedProfile(cipher: FieldCipher, row: ProfileRow): ProfileRow {
  const text = privateTextOf(cipher, row.userId);
  const v0 = profileV0Of(row);
  return {
    ...row,
    firstName: row.firstName === null ? null : text.open('profiles.first_name', row.firstName),
    profileV0: { ...v0, answers: v0.answers.map((answer) => text.open('profiles.answers', answer)) },
  };
}

/** The answers, sealed one by one, for profile_v0. */
function sealedAnswers(text: PrivateText, answers: readonly string[]): string[] {
  return answers.map((answer) => text.seal('profiles.answers', answer));
}

function toProfile(cipher: FieldCipher, stored: ProfileRow | undefined): TProfile {
  const row = stored && openedProfile(cipher, stored);
  const v0 = profileV0Of(row);
  return {
    firstName: row?.firstName ?? null,
    onboardingCompletedAt: row?.onboardingCompletedAt?.toISOString() ?? null,
    answers: v0.answers,
    answerVersions: v0.answers.map((_, index) => v0.answer_versions[index] ?? 0),
    what_matters: v0.what_matters,
    where_safe: v0.where_safe,
    edges: v0.edges,
    aiEnabled: v0.ai_enabled,
    reminderTime: v0.reminder_time,
    remindersEnabled: v0.reminder_enabled,
    weeklyEmailEnabled: v0.weekly_email_enabled,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    locale: isLocale(row?.locale) ? row.locale : 'en',
  };
}

async function findProfile(db: DbExecutor, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The profile, with the reported time zone and language kept when they differ from the stored ones. */
async function loadProfile(deps: JournalDeps, userId: string): Promise<ProfileRow | undefined> {
  const row = await findProfile(deps.db, userId);
  if (!row) return row;
  const timeZone = deps.timeZone && deps.timeZone !== row.timeZone ? deps.timeZone : undefined;
  const locale = deps.locale && deps.locale !== row.locale ? deps.locale : undefined;
  if (timeZone) await syncTimeZone(deps, userId, timeZone);
  if (locale) await deps.db.update(profiles).set({ locale }).where(eq(profiles.userId, userId));
  return { ...row, timeZone: timeZone ?? row.timeZone, locale: locale ?? row.locale };
}

/** GET /api/journal/profile: without a row, the empty defaults (nothing is written). */
export async function getProfile(deps: JournalDeps, userId: string): Promise<TProfile> {
  return toProfile(deps.cipher, await loadProfile(deps, userId));
}

/**
 * Keeps the browser's latest valid time zone on the profile (decision 015). Only an existing profile is
 * updated; a new one takes the zone when it is first written. What hangs on the zone moves with it: the
 * next reminder, and the end of the weeks whose insight is still to come.
 */
export async function syncTimeZone(
  deps: Pick<JournalDeps, 'db' | 'clock'>,
  userId: string,
  timeZone: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ timeZone })
      .where(and(eq(profiles.userId, userId), sql`${profiles.timeZone} is distinct from ${timeZone}`))
      .returning();
    if (!row) return;
    await rescheduleReminder(tx, reminderPreference(row, now));
    const pending = await tx
      .select({ id: weeks.id, endDate: weeks.endDate })
      .from(weeks)
      .where(and(eq(weeks.userId, userId), gt(weeks.insightDueAt, now)));
    for (const week of pending) {
      await tx
        .update(weeks)
        .set({ insightDueAt: weekEndsAt(week.endDate, timeZone) })
        .where(eq(weeks.id, week.id));
    }
  });
}

/** The reminder settings of a profile row, as the schedule needs them. */
function reminderPreference(row: ProfileRow, now: Date) {
  const v0 = profileV0Of(row);
  return {
    userId: row.userId,
    enabled: v0.reminder_enabled,
    time: v0.reminder_time,
    timeZone: row.timeZone,
    now,
  };
}

/** When a week is over for the person: midnight after its Sunday, in their zone (issue 14: insights). */
function weekEndsAt(endDate: IsoDate, timeZone: string): Date {
  return zonedInstant(addDays(endDate, 1), '00:00', timeZone);
}

/** The user's profile row, created with defaults when missing, locked until the transaction ends. */
async function lockProfile(
  tx: DbExecutor,
  input: { userId: string; timeZone: string | undefined; locale?: TLocale; now: Date },
): Promise<ProfileRow> {
  await tx
    .insert(profiles)
    .values({
      userId: input.userId,
      profileV0: EMPTY_PROFILE_V0,
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      locale: input.locale ?? 'en',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: profiles.userId });
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, input.userId)).for('update');
  if (!row) throw new Error(`profile of ${input.userId} vanished inside its transaction`);
  return row;
}

type AnswersInput = {
  userId: string;
  answers: string[];
  /** The versions the answers were written over (absent: none, as on the first save). */
  baseVersions?: number[];
  timeZone: string | undefined;
};

export type AnswersChanged = { ok: false; error: 'answers_changed'; current: VersionedAnswers };

/** The opened answers of a profile with their versions (rows before decision 064: version 0 each). */
function versionedAnswersOf(v0: Required<ProfileV0>): VersionedAnswers {
  return { texts: v0.answers, versions: v0.answer_versions };
}

/**
 * The save's answers applied to the locked profile (decision 064): written by position over the versions they
 * name, or nothing written and `answers_changed` with the answers as they are.
 */
async function applyAnswersLocked(
  deps: JournalDeps,
  tx: DbExecutor,
  input: AnswersInput,
  now: Date,
): Promise<
  { ok: true; v0: Required<ProfileV0>; merged: VersionedAnswers; timeZone: string } | AnswersChanged
> {
  const row = openedProfile(deps.cipher, await lockProfile(tx, { ...input, locale: deps.locale, now }));
  const v0 = profileV0Of(row);
  const stored = versionedAnswersOf(v0);
  const merged = applyAnswers(stored, { answers: input.answers, baseVersions: input.baseVersions ?? [] });
  const timeZone = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : row.timeZone;
  return merged.ok
    ? { ok: true, v0, merged: merged.value, timeZone }
    : { ok: false, error: 'answers_changed', current: stored };
}

/** PUT /api/journal/onboarding/answers: merged into profile_v0.answers, the rest of profile_v0 kept. */
export async function saveOnboardingAnswers(
  deps: JournalDeps,
  input: AnswersInput,
): Promise<{ ok: true; value: TAnswersSaved } | AnswersChanged> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const applied = await applyAnswersLocked(deps, tx, input, now);
    if (!applied.ok) return applied;
    const { v0, merged } = applied;
    const answers = sealedAnswers(privateTextOf(deps.cipher, input.userId), merged.texts);
    await tx
      .update(profiles)
      .set({ profileV0: { ...v0, answers, answer_versions: merged.versions }, updatedAt: now })
      .where(eq(profiles.userId, input.userId));
    return { ok: true, value: { versions: merged.versions } };
  });
}

/**
 * POST /api/journal/onboarding/complete (spec §4): the answers are merged as in autosave, the first one
 * becomes the first name, the others are analysed into the three lists and the completion time is set.
 * Completing again analyses the answers again and moves the completion time. The first completion's local
 * date is kept as the person's first day (decision 067).
 */
export async function completeOnboarding(
  deps: JournalDeps,
  input: AnswersInput,
): Promise<{ ok: true; value: TProfile } | AnswersChanged> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const applied = await applyAnswersLocked(deps, tx, input, now);
    if (!applied.ok) return applied;
    const { v0, merged } = applied;
    const { firstName, ...lists } = analyzeOnboarding(merged.texts);
    const text = privateTextOf(deps.cipher, input.userId);
    const [updated] = await tx
      .update(profiles)
      .set({
        firstName: firstName === null ? null : text.seal('profiles.first_name', firstName),
        onboardingCompletedAt: now,
        profileV0: {
          ...v0,
          answers: sealedAnswers(text, merged.texts),
          answer_versions: merged.versions,
          ...lists,
          first_day: v0.first_day ?? localDay(now, applied.timeZone).date,
        },
        updatedAt: now,
      })
      .where(eq(profiles.userId, input.userId))
      .returning();
    return { ok: true, value: toProfile(deps.cipher, updated) };
  });
}

/** Where AI insights would send a week's text, as the settings page says it: the host and the model. */
function aiServiceView(ai: AiService | undefined): TSettingsView['aiService'] {
  return ai ? { host: new URL(ai.url).host, model: ai.model } : null;
}

function settingsOf(row: ProfileRow | undefined): TSettings {
  const v0 = profileV0Of(row);
  return {
    aiEnabled: v0.ai_enabled,
    reminderTime: v0.reminder_time,
    remindersEnabled: v0.reminder_enabled,
    weeklyEmailEnabled: v0.weekly_email_enabled,
    weeklyEmailQuotes: v0.weekly_email_quotes,
  };
}

/** GET /api/journal/settings: the four settings, the next reminder and where AI insights would go. */
export async function getSettings(deps: JournalDeps, userId: string): Promise<TSettingsView> {
  const row = await loadProfile(deps, userId);
  const next = row ? await nextReminderAt(deps.db, userId) : null;
  return {
    ...settingsOf(row),
    nextReminderAt: next?.toISOString() ?? null,
    aiService: aiServiceView(deps.ai),
  };
}

/**
 * PUT /api/journal/settings: all settings in one upsert of profile_v0 (spec §4, §7), and the reminder's
 * schedule in the same transaction. AI insights can only be switched on where a model is configured.
 */
export async function saveSettings(
  deps: JournalDeps,
  input: { userId: string; settings: TSettings; timeZone: string | undefined },
): Promise<JournalOutcome<TSettingsView, 'ai_unavailable'>> {
  const { settings } = input;
  if (settings.aiEnabled && !deps.ai) return { ok: false, error: 'ai_unavailable' };
  const now = deps.clock.now();
  const changes: Partial<ProfileV0> = {
    ai_enabled: settings.aiEnabled,
    reminder_time: settings.reminderTime,
    reminder_enabled: settings.remindersEnabled,
    weekly_email_enabled: settings.weeklyEmailEnabled,
    weekly_email_quotes: settings.weeklyEmailQuotes,
  };
  const next = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        userId: input.userId,
        profileV0: { ...EMPTY_PROFILE_V0, ...changes },
        timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
        locale: deps.locale ?? 'en',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: {
          profileV0: sql`${profiles.profileV0} || ${JSON.stringify(changes)}::jsonb`,
          updatedAt: now,
        },
      })
      .returning();
    if (!row) throw new Error(`the settings of ${input.userId} were not written`);
    return rescheduleReminder(tx, reminderPreference(row, now));
  });
  return {
    ok: true,
    value: { ...settings, nextReminderAt: next?.toISOString() ?? null, aiService: aiServiceView(deps.ai) },
  };
}

/** The e-mails a person can stop with the link in one of them (issue 14). */
export type PersonalMailKind = TMailOffResult['kind'];

const MAIL_OFF_PURPOSE = 'personal-mail-off';

/**
 * The links in a reminder or weekly e-mail that turn that kind of e-mail off: the page that confirms it,
 * and the address mail clients POST to (RFC 8058). The token names the person and the kind and never
 * expires, so an old e-mail's link still works.
 */
export function mailOffUrls(
  deps: { appUrl: string; secret: string },
  input: { userId: string; kind: PersonalMailKind; locale: TLocale },
): { page: string; oneClick: string } {
  const token = signToken(deps.secret, MAIL_OFF_PURPOSE, { u: input.userId, k: input.kind });
  return {
    page: `${deps.appUrl}${href('mailOff', { token, lang: input.locale })}`,
    oneClick: `${deps.appUrl}${MAIL_OFF_ONE_CLICK_PATH}?token=${encodeURIComponent(token)}`,
  };
}

/** The path mail clients POST to for one-click unsubscribe; exempt from the CSRF origin check. */
export const MAIL_OFF_ONE_CLICK_PATH = '/api/mail-off/one-click';

/** Who and what a genuine token names, or null. */
export function readMailOffToken(
  secret: string,
  token: string,
): { userId: string; kind: PersonalMailKind } | null {
  const payload = verifyToken(secret, MAIL_OFF_PURPOSE, token);
  if (!payload || typeof payload.u !== 'string') return null;
  if (payload.k !== 'reminder' && payload.k !== 'weekly') return null;
  return { userId: payload.u, kind: payload.k };
}

/**
 * Turns one kind of personal e-mail off (the unsubscribe link and RFC 8058 one-click): the reminders, with
 * their schedule, or the weekly insight e-mail. False when the person no longer exists. Idempotent.
 */
export async function turnOffPersonalMail(
  deps: Pick<JournalDeps, 'db' | 'clock'>,
  input: { userId: string; kind: PersonalMailKind },
): Promise<boolean> {
  const now = deps.clock.now();
  const key = input.kind === 'reminder' ? 'reminder_enabled' : 'weekly_email_enabled';
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        profileV0: sql`${profiles.profileV0} || ${JSON.stringify({ [key]: false })}::jsonb`,
        updatedAt: now,
      })
      .where(eq(profiles.userId, input.userId))
      .returning();
    if (!row) return false;
    if (input.kind === 'reminder') await rescheduleReminder(tx, reminderPreference(row, now));
    return true;
  });
}

// ---- the week ----------------------------------------------------------------------------------------

type Cycle = {
  userId: string;
  /** The person's private text, sealed and opened. */
  text: PrivateText;
  profile: ProfileRow;
  today: { date: string; isoWeekday: number };
  /** The current week: this one, or the person's first when it has not begun (decision 067). */
  week: WeekRow;
  /** Which of the week's days are the person's, and today's day in it. */
  window: DayWindow;
};

/**
 * The current week of the user (spec §4), found by its Monday in the user's time zone and created when
 * missing. Concurrent first loads insert at most one row thanks to the unique (user_id, start_date) index.
 */
async function currentWeek(
  db: DbExecutor,
  input: { userId: string; profile: ProfileRow; date: string; now: Date },
): Promise<WeekRow> {
  const { startDate, endDate, isoWeek } = weekOf(input.date);
  const byMonday = and(eq(weeks.userId, input.userId), eq(weeks.startDate, startDate));
  const [existing] = await db.select().from(weeks).where(byMonday);
  if (existing) return existing;
  await db
    .insert(weeks)
    .values({
      userId: input.userId,
      startDate,
      endDate,
      isoWeek,
      structure: { topics: defaultWeekTopics(profileV0Of(input.profile)) },
      insightDueAt: weekEndsAt(endDate, input.profile.timeZone),
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [weeks.userId, weeks.startDate] });
  const [week] = await db.select().from(weeks).where(byMonday);
  if (!week) throw new Error(`week ${startDate} of ${input.userId} was not created`);
  return week;
}

/** The profile, today in the user's zone and the current week; onboarding must be complete. */
async function loadCycle(
  deps: JournalDeps,
  userId: string,
): Promise<JournalOutcome<Cycle, 'onboarding_required'>> {
  const profile = await loadProfile(deps, userId);
  if (!profile?.onboardingCompletedAt) return { ok: false, error: 'onboarding_required' };
  const now = deps.clock.now();
  const today = localDay(now, profile.timeZone);
  const joinedOn = profileV0Of(profile).first_day;
  const firstMonday = joinedOn ? firstWeekMonday(joinedOn) : null;
  const date = firstMonday && today.date < firstMonday ? firstMonday : today.date;
  const week = await currentWeek(deps.db, { userId, profile, date, now });
  const window = dayWindow(week.startDate, today.date, joinedOn);
  return {
    ok: true,
    value: { userId, text: privateTextOf(deps.cipher, userId), profile, today, week, window },
  };
}

function weekTopic(week: WeekRow, day: number): string {
  return week.structure.topics[String(day)] ?? '';
}

function toWeek(week: WeekRow): TWeek {
  return {
    id: week.id,
    startDate: week.startDate,
    endDate: week.endDate,
    isoWeek: week.isoWeek,
    topics: week.structure.topics,
  };
}

async function buildDashboard(db: DbExecutor, cycle: Cycle): Promise<TDashboard> {
  const v0 = profileV0Of(cycle.profile);
  const weekEntries = await db
    .select({ day: entries.day, topic: entries.topic, status: entries.status })
    .from(entries)
    .where(and(eq(entries.weekId, cycle.week.id), eq(entries.userId, cycle.userId)));
  const byDay = new Map(weekEntries.map((entry) => [entry.day, entry]));
  const days = [1, 2, 3, 4, 5, 6, 7].map((day) => {
    const entry = byDay.get(day);
    return {
      day,
      date: dateOfDay(cycle.week.startDate, day),
      // A day that has a reflection shows the topic it was written on (a later lane choice keeps it).
      topic: entry?.topic ?? weekTopic(cycle.week, day),
      status: statusOfDay(day, entry?.status, cycle.window.reached, cycle.window.firstDay),
      open: isDayOpen(day, cycle.window.reached, cycle.window.firstDay),
    };
  });
  return {
    firstName:
      cycle.profile.firstName === null
        ? null
        : cycle.text.open('profiles.first_name', cycle.profile.firstName),
    what_matters: v0.what_matters,
    where_safe: v0.where_safe,
    edges: v0.edges,
    today: cycle.today,
    todayDay: cycle.window.reached >= 1 && cycle.window.reached <= 7 ? cycle.window.reached : null,
    startsOn: cycle.window.reached < 1 ? cycle.week.startDate : null,
    week: toWeek(cycle.week),
    days,
    completedCount: days.filter((day) => isDayCompleted(day.status)).length,
  };
}

/** GET /api/journal/dashboard. */
export async function getDashboard(
  deps: JournalDeps,
  userId: string,
): Promise<JournalOutcome<TDashboard, 'onboarding_required'>> {
  const cycle = await loadCycle(deps, userId);
  if (!cycle.ok) return cycle;
  return { ok: true, value: await buildDashboard(deps.db, cycle.value) };
}

/**
 * POST /api/journal/lane: the lane's topic becomes day 5's (spec §2), once day 4 is open. A day-5 reflection
 * that is still empty follows the new topic (and gets a new prompt on its next open); one that has text keeps
 * its topic and prompt, so what was written still answers what was asked.
 */
export async function chooseLane(
  deps: JournalDeps,
  input: { userId: string; lane: Lane },
): Promise<JournalOutcome<TDashboard>> {
  const cycle = await loadCycle(deps, input.userId);
  if (!cycle.ok) return cycle;
  const { reached, firstDay } = cycle.value.window;
  if (!isDayOpen(CHOOSE_LANE_DAY, reached, firstDay)) return { ok: false, error: 'day_locked' };
  const topic = LANES[input.lane].topic;
  const week = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(weeks)
      .set({
        structure: sql`jsonb_set(${weeks.structure}, ${`{topics,${LANE_DAY}}`}::text[], to_jsonb(${topic}::text))`,
      })
      .where(and(eq(weeks.id, cycle.value.week.id), eq(weeks.userId, input.userId)))
      .returning();
    const [laneDay] = await tx
      .select({ id: entries.id, contentText: entries.contentText })
      .from(entries)
      .where(
        and(
          eq(entries.weekId, cycle.value.week.id),
          eq(entries.userId, input.userId),
          eq(entries.day, LANE_DAY),
        ),
      )
      .for('update');
    if (laneDay && cycle.value.text.open('entries.content_text', laneDay.contentText).trim() === '') {
      await tx.update(entries).set({ topic, promptId: null }).where(eq(entries.id, laneDay.id));
    }
    // Choosing is what day 4 asks for: it completes the day (an entry like every other day's).
    const dayFour = await ensureEntry(tx, cycle.value, CHOOSE_LANE_DAY, deps.clock.now());
    await tx.update(entries).set({ status: 'completed' }).where(eq(entries.id, dayFour.id));
    return updated ?? cycle.value.week;
  });
  return { ok: true, value: await buildDashboard(deps.db, { ...cycle.value, week }) };
}

// ---- a day's reflection ------------------------------------------------------------------------------

function toEntry(text: PrivateText, entry: EntryRow): TEntry {
  return {
    id: entry.id,
    day: entry.day,
    topic: entry.topic,
    contentText: text.open('entries.content_text', entry.contentText),
    status: entry.status,
    replacementsCount: entry.replacementsCount,
    version: entry.version,
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/**
 * The day's entry of the current week, created on first open: empty and 'started' (issue 14: opening a day
 * no longer completes it, unlike spec §4).
 */
async function ensureEntry(db: DbExecutor, cycle: Cycle, day: number, now: Date): Promise<EntryRow> {
  const ofDay = and(
    eq(entries.weekId, cycle.week.id),
    eq(entries.day, day),
    eq(entries.userId, cycle.userId),
  );
  const [existing] = await db.select().from(entries).where(ofDay);
  if (existing) return existing;
  await db
    .insert(entries)
    .values({
      userId: cycle.userId,
      weekId: cycle.week.id,
      day,
      topic: weekTopic(cycle.week, day),
      status: 'started',
      contentText: cycle.text.seal('entries.content_text', ''),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [entries.weekId, entries.day] });
  const [entry] = await db.select().from(entries).where(ofDay);
  if (!entry) throw new Error(`entry for day ${day} of week ${cycle.week.id} was not created`);
  return entry;
}

/** An open day of the current week, or why not. */
async function openDayCycle(deps: JournalDeps, userId: string, day: number): Promise<JournalOutcome<Cycle>> {
  const cycle = await loadCycle(deps, userId);
  if (!cycle.ok) return cycle;
  const { reached, firstDay } = cycle.value.window;
  if (day < firstDay) return { ok: false, error: 'day_before_start' };
  if (!isDayOpen(day, reached, firstDay)) return { ok: false, error: 'day_locked' };
  return cycle;
}

/** The prompts for a topic and depth in one language, in a fixed order. */
function candidatePrompts(db: DbExecutor, topic: string, depth: number, locale: TLocale) {
  return db
    .select()
    .from(prompts)
    .where(and(eq(prompts.topic, topic), eq(prompts.depth, depth), eq(prompts.locale, locale)))
    .orderBy(asc(prompts.key));
}

/** Spec §7 prompts "fallback first row": the first prompt of the language by key. */
async function firstPrompt(db: DbExecutor, locale: TLocale): Promise<PromptRow | undefined> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(eq(prompts.locale, locale))
    .orderBy(asc(prompts.key))
    .limit(1);
  return row;
}

/** The prompts a day can have: its topic and depth, else the first prompt, else none (the sentence). */
async function promptChoices(
  db: DbExecutor,
  entry: { day: number; topic: string },
  locale: TLocale,
): Promise<PromptRow[]> {
  const candidates = await candidatePrompts(db, entry.topic, promptDepth(entry.day), locale);
  if (candidates.length > 0) return candidates;
  const first = await firstPrompt(db, locale);
  return first ? [first] : [];
}

/** A stable position for a user's week and day, so a reload shows the same prompt and users differ. */
export function promptIndex(seed: string, count: number): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) % count;
}

async function promptById(db: DbExecutor, id: string): Promise<PromptRow | undefined> {
  const [row] = await db.select().from(prompts).where(eq(prompts.id, id));
  return row;
}

/** The same library prompt in `locale`; the stored row itself when it has no counterpart. */
async function inLocale(db: DbExecutor, prompt: PromptRow, locale: TLocale): Promise<PromptRow> {
  if (prompt.locale === locale) return prompt;
  const [counterpart] = await db
    .select()
    .from(prompts)
    .where(eq(prompts.key, counterpartKey(prompt.key, locale)));
  return counterpart ?? prompt;
}

type ShownPrompt = TDayReflection['prompt'];

function shownPrompt(prompt: PromptRow | undefined, day: number, locale: TLocale): ShownPrompt {
  if (!prompt) {
    return { id: null, text: translate(locale, 'reflection.fallbackPrompt'), depth: promptDepth(day) };
  }
  return { id: prompt.id, text: prompt.text, depth: prompt.depth };
}

/**
 * The day's prompt in `locale`. An entry without one (new, or its prompt left the library) gets one now,
 * chosen among its candidates by a hash of user, week and day, and keeps it. A day not started yet shows the
 * prompt it will get, and nothing is written.
 */
async function dayPrompt(
  db: DbExecutor,
  cycle: Cycle,
  day: { day: number; entry: EntryRow | null },
  locale: TLocale,
): Promise<PromptRow | undefined> {
  const { entry } = day;
  const stored = entry?.promptId ? await promptById(db, entry.promptId) : undefined;
  if (stored) return inLocale(db, stored, locale);
  const topic = entry?.topic ?? weekTopic(cycle.week, day.day);
  const choices = await promptChoices(db, { day: day.day, topic }, locale);
  const chosen = choices[promptIndex(`${cycle.userId}/${cycle.week.id}/${day.day}`, choices.length || 1)];
  if (chosen && entry) {
    await db
      .update(entries)
      .set({ promptId: chosen.id })
      .where(and(eq(entries.id, entry.id), eq(entries.userId, cycle.userId)));
  }
  return chosen;
}

function dayReflection(
  cycle: Cycle,
  day: { day: number; entry: EntryRow | null },
  prompt: ShownPrompt,
): TDayReflection {
  return {
    day: day.day,
    date: dateOfDay(cycle.week.startDate, day.day),
    topic: day.entry?.topic ?? weekTopic(cycle.week, day.day),
    prompt,
    entry: day.entry ? toEntry(cycle.text, day.entry) : null,
    week: toWeek(cycle.week),
  };
}

type DayInput = { userId: string; day: number; locale: TLocale };

async function findEntry(db: DbExecutor, cycle: Cycle, day: number): Promise<EntryRow | null> {
  const [entry] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.weekId, cycle.week.id), eq(entries.day, day), eq(entries.userId, cycle.userId)));
  return entry ?? null;
}

/**
 * GET /api/journal/days/{day}: the day's entry, if it was started, and its prompt. Writes nothing of the
 * day (issue 14): a link followed from another site cannot start or complete it.
 */
export async function readDay(deps: JournalDeps, input: DayInput): Promise<JournalOutcome<TDayReflection>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  const day = { day: input.day, entry: await findEntry(deps.db, cycle.value, input.day) };
  const prompt = await dayPrompt(deps.db, cycle.value, day, input.locale);
  return { ok: true, value: dayReflection(cycle.value, day, shownPrompt(prompt, input.day, input.locale)) };
}

/**
 * POST /api/journal/days/{day}: opens the day, starting its entry ('started', empty text) on the first
 * open, and answers it with its prompt, which the entry keeps.
 */
export async function startDay(deps: JournalDeps, input: DayInput): Promise<JournalOutcome<TOpenedDay>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  const entry = await ensureEntry(deps.db, cycle.value, input.day, deps.clock.now());
  const prompt = await dayPrompt(deps.db, cycle.value, { day: input.day, entry }, input.locale);
  const shown = dayReflection(
    cycle.value,
    { day: input.day, entry },
    shownPrompt(prompt, input.day, input.locale),
  );
  return { ok: true, value: { ...shown, entry: toEntry(cycle.value.text, entry) } };
}

/**
 * POST /api/journal/days/{day}/another-prompt: the next of the day's candidates after the current one. Only
 * a real change counts in replacements_count; with a single candidate the prompt stays as it is.
 */
export async function replacePrompt(deps: JournalDeps, input: DayInput): Promise<JournalOutcome<TOpenedDay>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  let entry = await ensureEntry(deps.db, cycle.value, input.day, deps.clock.now());
  const current = await dayPrompt(deps.db, cycle.value, { day: input.day, entry }, input.locale);
  const choices = await promptChoices(deps.db, entry, input.locale);
  const position = current ? choices.findIndex((p) => libraryId(p.key) === libraryId(current.key)) : -1;
  const next = choices[(position + 1) % (choices.length || 1)];
  let shown = current;
  if (next && next.key !== current?.key) {
    const [updated] = await deps.db
      .update(entries)
      .set({ promptId: next.id, replacementsCount: sql`${entries.replacementsCount} + 1` })
      .where(and(eq(entries.id, entry.id), eq(entries.userId, input.userId)))
      .returning();
    if (updated) entry = updated;
    shown = next;
  }
  const reflection = dayReflection(
    cycle.value,
    { day: input.day, entry },
    shownPrompt(shown, input.day, input.locale),
  );
  return { ok: true, value: { ...reflection, entry: toEntry(cycle.value.text, entry) } };
}

/** A save written over a version the entry has moved on from: the entry as it is now. */
export type EntryChanged = { ok: false; error: 'entry_changed'; current: TEntry };

/**
 * PUT /api/journal/days/{day}: saves the text (autosave and the save button), creating the entry if needed.
 * The text decides the status (`reflectionStatus`; day 4 is completed by its lane, not by text). Day 7
 * completed brings the week's insight forward to now (issue 14). The text is saved over `baseVersion`, the
 * version the writer last saw: the update itself checks it (compare and set, in one statement), so of two
 * saves over the same version exactly one is written, whatever the timing, on one process or many; the
 * other gets `entry_changed` with what is there.
 */
export async function saveDay(
  deps: JournalDeps,
  input: { userId: string; day: number; contentText: string; baseVersion: number },
): Promise<JournalOutcome<TEntry> | EntryChanged> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const entry = await ensureEntry(tx, cycle.value, input.day, now);
    const status: EntryStatus =
      input.day === CHOOSE_LANE_DAY ? (entry.status as EntryStatus) : reflectionStatus(input.contentText);
    const [row] = await tx
      .update(entries)
      .set({
        contentText: cycle.value.text.seal('entries.content_text', input.contentText),
        status,
        version: sql`${entries.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(entries.id, entry.id),
          eq(entries.userId, input.userId),
          eq(entries.version, input.baseVersion),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx.select().from(entries).where(eq(entries.id, entry.id));
      return { written: false, row: current ?? entry } as const;
    }
    if (input.day === 7 && isDayCompleted(status)) {
      await tx
        .update(weeks)
        .set({ insightDueAt: now })
        .where(and(eq(weeks.id, cycle.value.week.id), gt(weeks.insightDueAt, now)));
    }
    return { written: true, row } as const;
  });
  const entry = toEntry(cycle.value.text, saved.row);
  return saved.written ? { ok: true, value: entry } : { ok: false, error: 'entry_changed', current: entry };
}

// ---- for reminders, insights and history -------------------------------------------------------------

/** A day as the reminders see it: its number, its topic, and whether it is done (`isDayCompleted`). */
export type DayState = { day: number; topic: string; completed: boolean };

/** The key of `dayStatesOn`'s answer. */
export const dayStateKey = (userId: string, date: IsoDate) => `${userId}|${date}`;

/**
 * The state of one local date for each person: the day of its week, the topic it has (the week's, else the
 * one a new week would give it) and whether it is completed. One query for the weeks, one for the entries.
 */
export async function dayStatesOn(
  db: DbExecutor,
  items: readonly { userId: string; date: IsoDate; profileV0: ProfileV0 }[],
): Promise<Map<string, DayState>> {
  const states = new Map<string, DayState>();
  if (items.length === 0) return states;
  const found = await db
    .select({ id: weeks.id, userId: weeks.userId, startDate: weeks.startDate, structure: weeks.structure })
    .from(weeks)
    .where(
      and(
        inArray(weeks.userId, [...new Set(items.map((item) => item.userId))]),
        inArray(weeks.startDate, [...new Set(items.map((item) => mondayOf(item.date)))]),
      ),
    );
  const weekOfItem = new Map(found.map((week) => [`${week.userId}|${week.startDate}`, week]));
  const statuses = found.length
    ? await db
        .select({ weekId: entries.weekId, day: entries.day, topic: entries.topic, status: entries.status })
        .from(entries)
        .where(
          inArray(
            entries.weekId,
            found.map((week) => week.id),
          ),
        )
    : [];
  const entryOf = new Map(statuses.map((entry) => [`${entry.weekId}|${entry.day}`, entry]));
  for (const item of items) {
    // Before the person's first day, and before their first week begins, no day is theirs (decision 067).
    const joinedOn = item.profileV0.first_day ?? null;
    if (joinedOn && (item.date < joinedOn || item.date < firstWeekMonday(joinedOn))) continue;
    const day = isoWeekdayOf(item.date);
    const week = weekOfItem.get(`${item.userId}|${mondayOf(item.date)}`);
    const entry = week ? entryOf.get(`${week.id}|${day}`) : undefined;
    const topics = week?.structure.topics ?? defaultWeekTopics({ ...EMPTY_PROFILE_V0, ...item.profileV0 });
    states.set(dayStateKey(item.userId, item.date), {
      day,
      topic: entry?.topic ?? topics[String(day)] ?? '',
      completed: isDayCompleted(entry?.status),
    });
  }
  return states;
}

/** A topic as a person reads it in `locale` (a topic without a translation as it is stored). */
export function topicLabel(locale: TLocale, topic: string): string {
  const key = topicMessageKey(topic);
  const text = translate(locale, key);
  return text === key ? topic : text;
}

/** The person's settings that decide what happens with a week's insight. */
export type InsightOwner = {
  userId: string;
  email: string;
  locale: TLocale;
  timeZone: string;
  aiEnabled: boolean;
  weeklyEmailEnabled: boolean;
  /** The weekly e-mail may carry the insight's text (its quotes); else figures and a link only. */
  weeklyEmailQuotes: boolean;
  /** The local date of the person's first day (decision 067), or null for people who joined before it. */
  joinedOn: IsoDate | null;
};

/** A reflection of a past week, with its text opened. */
export type WeekEntry = {
  day: number;
  date: IsoDate;
  topic: string;
  status: string;
  contentText: string;
  promptKey: string | null;
  updatedAt: Date;
};

export type WeekRecord = {
  id: string;
  userId: string;
  startDate: IsoDate;
  endDate: IsoDate;
  isoWeek: string;
  topics: Record<string, string>;
  /** When the insight is to be made; null once it is. */
  insightDueAt: Date | null;
};

function toWeekRecord(row: WeekRow): WeekRecord {
  return { ...toWeek(row), userId: row.userId, insightDueAt: row.insightDueAt };
}

/** The reflections of some weeks of one person, by week id, in day order, their text opened. */
export async function entriesOfWeeks(
  db: DbExecutor,
  text: PrivateText,
  input: { userId: string; weekIds: readonly string[] },
): Promise<Map<string, WeekEntry[]>> {
  const { userId, weekIds } = input;
  const byWeek = new Map<string, WeekEntry[]>(weekIds.map((id) => [id, []]));
  if (weekIds.length === 0) return byWeek;
  const rows = await db
    .select({
      weekId: entries.weekId,
      startDate: weeks.startDate,
      day: entries.day,
      topic: entries.topic,
      status: entries.status,
      contentText: entries.contentText,
      promptKey: prompts.key,
      updatedAt: entries.updatedAt,
    })
    .from(entries)
    .innerJoin(weeks, eq(weeks.id, entries.weekId))
    .leftJoin(prompts, eq(prompts.id, entries.promptId))
    .where(and(eq(entries.userId, userId), inArray(entries.weekId, [...weekIds])))
    .orderBy(asc(entries.day));
  for (const row of rows) {
    byWeek.get(row.weekId)?.push({
      day: row.day,
      date: dateOfDay(row.startDate, row.day),
      topic: row.topic,
      status: row.status,
      contentText: text.open('entries.content_text', row.contentText),
      promptKey: row.promptKey,
      updatedAt: row.updatedAt,
    });
  }
  return byWeek;
}

/** The texts of library prompts in `locale`, by the key they were stored under (the counterpart's text). */
export async function promptTexts(
  db: DbExecutor,
  keys: readonly string[],
  locale: TLocale,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (keys.length === 0) return texts;
  const wanted = new Map(keys.map((key) => [counterpartKey(key, locale), key]));
  const rows = await db
    .select({ key: prompts.key, text: prompts.text })
    .from(prompts)
    .where(inArray(prompts.key, [...new Set([...keys, ...wanted.keys()])]));
  const byKey = new Map(rows.map((row) => [row.key, row.text]));
  for (const key of keys) {
    const text = byKey.get(counterpartKey(key, locale)) ?? byKey.get(key);
    if (text !== undefined) texts.set(key, text);
  }
  return texts;
}

/** A week to make the insight of: the week, its reflections and the settings of the person it is for. */
export async function weekForInsight(
  db: DbExecutor,
  cipher: FieldCipher,
  weekId: string,
): Promise<{ week: WeekRecord; owner: InsightOwner; entries: WeekEntry[] } | null> {
  const [row] = await db
    .select({ week: weeks, profile: profiles, email: users.email })
    .from(weeks)
    .innerJoin(profiles, eq(profiles.userId, weeks.userId))
    .innerJoin(users, eq(users.id, weeks.userId))
    .where(eq(weeks.id, weekId));
  if (!row) return null;
  const v0 = profileV0Of(row.profile);
  const weekEntries = await entriesOfWeeks(db, privateTextOf(cipher, row.week.userId), {
    userId: row.week.userId,
    weekIds: [row.week.id],
  });
  return {
    week: toWeekRecord(row.week),
    owner: {
      userId: row.week.userId,
      email: row.email,
      locale: isLocale(row.profile.locale) ? row.profile.locale : 'en',
      timeZone: row.profile.timeZone,
      aiEnabled: v0.ai_enabled,
      weeklyEmailEnabled: v0.weekly_email_enabled,
      weeklyEmailQuotes: v0.weekly_email_quotes,
      joinedOn: v0.first_day,
    },
    entries: weekEntries.get(row.week.id) ?? [],
  };
}

/**
 * The Monday of the person's current week (in their zone), without creating anything; 409
 * onboarding_required before onboarding. Weeks before it are past.
 */
export async function currentMonday(
  deps: JournalDeps,
  userId: string,
): Promise<JournalOutcome<IsoDate, 'onboarding_required'>> {
  const profile = await loadProfile(deps, userId);
  if (!profile?.onboardingCompletedAt) return { ok: false, error: 'onboarding_required' };
  return { ok: true, value: mondayOf(localDay(deps.clock.now(), profile.timeZone).date) };
}

/** A page of the person's weeks before `before`, newest first, and how many there are in all. */
export async function pastWeeks(
  db: DbExecutor,
  input: { userId: string; before: IsoDate; offset: number; limit: number },
): Promise<{ weeks: WeekRecord[]; total: number }> {
  const past = and(eq(weeks.userId, input.userId), lt(weeks.startDate, input.before));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(weeks)
      .where(past)
      .orderBy(desc(weeks.startDate))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(weeks).where(past),
  ]);
  return { weeks: rows.map(toWeekRecord), total: count?.total ?? 0 };
}

/** One of the person's weeks by its Monday, if it exists. */
export async function weekByMonday(
  db: DbExecutor,
  userId: string,
  monday: IsoDate,
): Promise<WeekRecord | null> {
  const [row] = await db
    .select()
    .from(weeks)
    .where(and(eq(weeks.userId, userId), eq(weeks.startDate, monday)));
  return row ? toWeekRecord(row) : null;
}

/** A reflection as a search sees it. */
export type SearchableReflection = {
  entryId: string;
  startDate: IsoDate;
  date: IsoDate;
  day: number;
  topic: string;
  contentText: string;
};

function reflectionColumns() {
  return {
    entryId: entries.id,
    startDate: weeks.startDate,
    day: entries.day,
    topic: entries.topic,
    contentText: entries.contentText,
  };
}

function toSearchable(text: PrivateText, row: Omit<SearchableReflection, 'date'>): SearchableReflection {
  return {
    ...row,
    date: dateOfDay(row.startDate, row.day),
    contentText: text.open('entries.content_text', row.contentText),
  };
}

/** Every reflection of one person that has text, newest first, opened: what a search looks through. */
export async function reflectionsOf(
  db: DbExecutor,
  cipher: FieldCipher,
  userId: string,
): Promise<SearchableReflection[]> {
  const text = privateTextOf(cipher, userId);
  const rows = await db
    .select(reflectionColumns())
    .from(entries)
    .innerJoin(weeks, eq(weeks.id, entries.weekId))
    .where(eq(entries.userId, userId))
    .orderBy(desc(weeks.startDate), desc(entries.day));
  return rows.map((row) => toSearchable(text, row)).filter((row) => row.contentText.trim() !== '');
}

/** Some of one person's reflections by entry id (a page of search results), in the order of `ids`. */
export async function reflectionsByIds(
  db: DbExecutor,
  cipher: FieldCipher,
  input: { userId: string; ids: readonly string[] },
): Promise<SearchableReflection[]> {
  const { userId, ids } = input;
  const text = privateTextOf(cipher, userId);
  if (ids.length === 0) return [];
  const rows = await db
    .select(reflectionColumns())
    .from(entries)
    .innerJoin(weeks, eq(weeks.id, entries.weekId))
    .where(and(eq(entries.userId, userId), inArray(entries.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.entryId, toSearchable(text, row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A mark that changes whenever one of the person's reflections is written, added or removed: how many
 * there are, the latest change, and PostgreSQL's newest row version (`xmin`), which also moves for two
 * writes within the same millisecond. It never looks inside the text.
 */
export async function reflectionsStamp(db: DbExecutor, userId: string): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<string | null>`max(${entries.updatedAt})::text`,
      version: sql<string | null>`max(${entries}.xmin::text::bigint)::text`,
    })
    .from(entries)
    .where(eq(entries.userId, userId));
  return `${row?.count ?? 0}/${row?.latest ?? ''}/${row?.version ?? ''}`;
}

// ---- the account's data ------------------------------------------------------------------------------

/** Everything the journal holds about one user, for the account's data export. */
export async function exportJournalData(
  db: DbExecutor,
  cipher: FieldCipher,
  userId: string,
): Promise<Record<string, unknown>> {
  const text = privateTextOf(cipher, userId);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const userWeeks = await db
    .select()
    .from(weeks)
    .where(eq(weeks.userId, userId))
    .orderBy(asc(weeks.startDate));
  const userEntries = await db
    .select({
      id: entries.id,
      weekId: entries.weekId,
      day: entries.day,
      topic: entries.topic,
      prompt: prompts.text,
      contentText: entries.contentText,
      status: entries.status,
      replacementsCount: entries.replacementsCount,
      createdAt: entries.createdAt,
      updatedAt: entries.updatedAt,
    })
    .from(entries)
    .leftJoin(prompts, eq(prompts.id, entries.promptId))
    .where(eq(entries.userId, userId))
    .orderBy(asc(entries.createdAt), asc(entries.day));
  const userSummaries = await db
    .select()
    .from(summaries)
    .where(eq(summaries.userId, userId))
    .orderBy(asc(summaries.createdAt));
  return {
    profile: profile ? openedProfile(cipher, profile) : null,
    weeks: userWeeks,
    entries: userEntries.map((entry) => ({
      ...entry,
      contentText: text.open('entries.content_text', entry.contentText),
    })),
    summaries: userSummaries.map(({ content, ...summary }) => ({
      ...summary,
      insight: exportedInsight(text.open('summaries.content', content)),
    })),
  };
}

/**
 * "Delete my data" (spec §7 account deletion): summaries, entries, weeks and the profile of the user, their
 * reminder schedule, and their bubbles saved by the profile (issue 5), all or nothing.
 */
export async function deleteJournalData(db: DbExecutor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteBubbles(tx, userId);
    await deleteReminderSchedule(tx, userId);
    await tx.delete(summaries).where(eq(summaries.userId, userId));
    await tx.delete(entries).where(eq(entries.userId, userId));
    await tx.delete(weeks).where(eq(weeks.userId, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
  });
}

/** An insight as exported: its stored JSON, or, for a row written before insights were JSON, its text. */
function exportedInsight(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { paragraph: text };
  }
}

/**
 * How many reflections a person has written, as a SQL expression for a query over users (`userId` is its
 * column): completed days (a day is completed by what was written, decision 028). Counted from the status,
 * never from the text (which SQL must not look into: private-text.ts), so staff see a number, never content.
 */
export function reflectionCountSql(userId: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${entries} where ${entries.userId} = ${userId} and ${entries.status} = 'completed')`;
}

import { createHash } from 'node:crypto';
import type { TApiErrorCode } from '@shared/domain/api-errors';
import {
  CHOOSE_LANE_DAY,
  DEFAULT_REMINDER_TIME,
  defaultWeekTopics,
  isDayOpen,
  LANE_DAY,
  LANES,
  type Lane,
  localDay,
  promptDepth,
  dayStatus as statusOfDay,
  weekOf,
} from '@shared/domain/journal';
import type { TLocale } from '@shared/domain/locale';
import { analyzeOnboarding } from '@shared/domain/profile-analysis';
import type { TDashboard, TDayReflection, TEntry, TProfile, TSettings, TWeek } from '@shared/schemas/journal';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { entries, type ProfileV0, profiles, prompts, summaries, weeks } from '../../db/schema/journal';
import type { Clock } from '../../lib/clock';
import { deleteBubbles } from '../bubbles/service';
import { translate } from '../site/service';
import { counterpartKey, libraryId } from './prompts';

/**
 * What the journal works with. `timeZone` is the valid zone the browser reported with this request, if any:
 * loading the profile keeps it (decision 015), so a changed zone costs a write and an unchanged one nothing.
 */
export type JournalDeps = { db: Database; clock: Clock; timeZone?: string };

/** A refusal the API answers with its error code (409 onboarding_required, 403 day_locked). */
export type JournalErrorCode = Extract<TApiErrorCode, 'onboarding_required' | 'day_locked'>;
export type JournalOutcome<T, E extends JournalErrorCode = JournalErrorCode> =
  | { ok: true; value: T }
  | { ok: false; error: E };

type ProfileRow = typeof profiles.$inferSelect;
type WeekRow = typeof weeks.$inferSelect;
type EntryRow = typeof entries.$inferSelect;
type PromptRow = typeof prompts.$inferSelect;

const DEFAULT_TIME_ZONE = 'UTC';

export const EMPTY_PROFILE_V0: ProfileV0 = {
  answers: [],
  what_matters: [],
  where_safe: [],
  edges: [],
  ai_enabled: false,
  reminder_time: DEFAULT_REMINDER_TIME,
};

/** profile_v0 with defaults for any field an older row lacks. */
function profileV0Of(row: ProfileRow | undefined): ProfileV0 {
  return { ...EMPTY_PROFILE_V0, ...row?.profileV0 };
}

function toProfile(row: ProfileRow | undefined): TProfile {
  const v0 = profileV0Of(row);
  return {
    firstName: row?.firstName ?? null,
    onboardingCompletedAt: row?.onboardingCompletedAt?.toISOString() ?? null,
    answers: v0.answers,
    what_matters: v0.what_matters,
    where_safe: v0.where_safe,
    edges: v0.edges,
    aiEnabled: v0.ai_enabled,
    reminderTime: v0.reminder_time,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

async function findProfile(db: DbExecutor, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The profile, with the reported time zone kept when it differs from the stored one. */
async function loadProfile(deps: JournalDeps, userId: string): Promise<ProfileRow | undefined> {
  const row = await findProfile(deps.db, userId);
  const { timeZone } = deps;
  if (!row || !timeZone || row.timeZone === timeZone) return row;
  await syncTimeZone(deps.db, userId, timeZone);
  return { ...row, timeZone };
}

/** GET /api/journal/profile: without a row, the empty defaults (nothing is written). */
export async function getProfile(deps: JournalDeps, userId: string): Promise<TProfile> {
  return toProfile(await loadProfile(deps, userId));
}

/**
 * Keeps the browser's latest valid time zone on the profile (decision 015). Only an existing profile is
 * updated; a new one takes the zone when it is first written.
 */
export async function syncTimeZone(db: DbExecutor, userId: string, timeZone: string): Promise<void> {
  await db
    .update(profiles)
    .set({ timeZone })
    .where(and(eq(profiles.userId, userId), sql`${profiles.timeZone} is distinct from ${timeZone}`));
}

/** The user's profile row, created with defaults when missing, locked until the transaction ends. */
async function lockProfile(
  tx: DbExecutor,
  input: { userId: string; timeZone: string | undefined; now: Date },
): Promise<ProfileRow> {
  await tx
    .insert(profiles)
    .values({
      userId: input.userId,
      profileV0: EMPTY_PROFILE_V0,
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: profiles.userId });
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, input.userId)).for('update');
  if (!row) throw new Error(`profile of ${input.userId} vanished inside its transaction`);
  return row;
}

/**
 * Autosave merges by position: each answer sent replaces the one at its index, later answers that were not
 * sent stay (the client may send only the steps so far).
 */
export function mergeAnswers(stored: readonly string[], incoming: readonly string[]): string[] {
  const merged = [...stored];
  incoming.forEach((answer, index) => {
    merged[index] = answer;
  });
  return Array.from(merged, (answer) => answer ?? '');
}

type AnswersInput = { userId: string; answers: string[]; timeZone: string | undefined };

/** PUT /api/journal/onboarding/answers: merged into profile_v0.answers, the rest of profile_v0 kept. */
export async function saveOnboardingAnswers(deps: JournalDeps, input: AnswersInput): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockProfile(tx, { ...input, now });
    const v0 = profileV0Of(row);
    await tx
      .update(profiles)
      .set({ profileV0: { ...v0, answers: mergeAnswers(v0.answers, input.answers) }, updatedAt: now })
      .where(eq(profiles.userId, input.userId));
  });
}

/**
 * POST /api/journal/onboarding/complete (spec §4): the answers are merged as in autosave, the first one
 * becomes the first name, the others are analysed into the three lists and the completion time is set.
 * Completing again analyses the answers again and moves the completion time.
 */
export async function completeOnboarding(deps: JournalDeps, input: AnswersInput): Promise<TProfile> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockProfile(tx, { ...input, now });
    const v0 = profileV0Of(row);
    const answers = mergeAnswers(v0.answers, input.answers);
    const { firstName, ...lists } = analyzeOnboarding(answers);
    const [updated] = await tx
      .update(profiles)
      .set({
        firstName,
        onboardingCompletedAt: now,
        profileV0: { ...v0, answers, ...lists },
        updatedAt: now,
      })
      .where(eq(profiles.userId, input.userId))
      .returning();
    return toProfile(updated);
  });
}

/** GET /api/journal/settings. */
export async function getSettings(db: DbExecutor, userId: string): Promise<TSettings> {
  const { aiEnabled, reminderTime } = toProfile(await findProfile(db, userId));
  return { aiEnabled, reminderTime };
}

/** PUT /api/journal/settings: both values in one upsert of profile_v0 (spec §4, §7). */
export async function saveSettings(
  deps: JournalDeps,
  input: { userId: string; settings: TSettings; timeZone: string | undefined },
): Promise<TSettings> {
  const now = deps.clock.now();
  const { aiEnabled, reminderTime } = input.settings;
  await deps.db
    .insert(profiles)
    .values({
      userId: input.userId,
      profileV0: { ...EMPTY_PROFILE_V0, ai_enabled: aiEnabled, reminder_time: reminderTime },
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        profileV0: sql`${profiles.profileV0} || ${JSON.stringify({ ai_enabled: aiEnabled, reminder_time: reminderTime })}::jsonb`,
        updatedAt: now,
      },
    });
  return { aiEnabled, reminderTime };
}

// ---- the week ----------------------------------------------------------------------------------------

type Cycle = {
  userId: string;
  profile: ProfileRow;
  today: { date: string; isoWeekday: number };
  week: WeekRow;
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
  const week = await currentWeek(deps.db, { userId, profile, date: today.date, now });
  return { ok: true, value: { userId, profile, today, week } };
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
      // A day that has a reflection shows the topic it was written on (a later lane choice keeps it).
      topic: entry?.topic ?? weekTopic(cycle.week, day),
      status: statusOfDay(day, entry?.status, cycle.today.isoWeekday),
      open: isDayOpen(day, cycle.today.isoWeekday),
    };
  });
  return {
    firstName: cycle.profile.firstName,
    what_matters: v0.what_matters,
    where_safe: v0.where_safe,
    edges: v0.edges,
    today: cycle.today,
    week: toWeek(cycle.week),
    days,
    completedCount: days.filter((day) => day.status === 'completed').length,
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
  if (!isDayOpen(CHOOSE_LANE_DAY, cycle.value.today.isoWeekday)) return { ok: false, error: 'day_locked' };
  const topic = LANES[input.lane].topic;
  const week = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(weeks)
      .set({
        structure: sql`jsonb_set(${weeks.structure}, ${`{topics,${LANE_DAY}}`}::text[], to_jsonb(${topic}::text))`,
      })
      .where(and(eq(weeks.id, cycle.value.week.id), eq(weeks.userId, input.userId)))
      .returning();
    await tx
      .update(entries)
      .set({ topic, promptId: null })
      .where(
        and(
          eq(entries.weekId, cycle.value.week.id),
          eq(entries.userId, input.userId),
          eq(entries.day, LANE_DAY),
          sql`btrim(${entries.contentText}) = ''`,
        ),
      );
    // Choosing is what day 4 asks for: it completes the day (an entry like every other day's).
    await ensureEntry(tx, cycle.value, CHOOSE_LANE_DAY, deps.clock.now());
    return updated ?? cycle.value.week;
  });
  return { ok: true, value: await buildDashboard(deps.db, { ...cycle.value, week }) };
}

// ---- a day's reflection ------------------------------------------------------------------------------

function toEntry(entry: EntryRow): TEntry {
  return {
    id: entry.id,
    day: entry.day,
    topic: entry.topic,
    contentText: entry.contentText,
    status: entry.status,
    replacementsCount: entry.replacementsCount,
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** The day's entry of the current week, created on first open (spec §4: status completed, empty text). */
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
      status: 'completed',
      contentText: '',
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
  if (!isDayOpen(day, cycle.value.today.isoWeekday)) return { ok: false, error: 'day_locked' };
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
async function promptChoices(db: DbExecutor, entry: EntryRow, locale: TLocale): Promise<PromptRow[]> {
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
 * The entry's prompt in `locale`. An entry without one (new, or its prompt left the library) gets one now,
 * chosen among its candidates by a hash of user, week and day, and keeps it.
 */
async function entryPrompt(
  db: DbExecutor,
  cycle: Cycle,
  entry: EntryRow,
  locale: TLocale,
): Promise<PromptRow | undefined> {
  const stored = entry.promptId ? await promptById(db, entry.promptId) : undefined;
  if (stored) return inLocale(db, stored, locale);
  const choices = await promptChoices(db, entry, locale);
  const chosen = choices[promptIndex(`${cycle.userId}/${cycle.week.id}/${entry.day}`, choices.length || 1)];
  if (chosen) {
    await db
      .update(entries)
      .set({ promptId: chosen.id })
      .where(and(eq(entries.id, entry.id), eq(entries.userId, cycle.userId)));
  }
  return chosen;
}

function dayReflection(cycle: Cycle, entry: EntryRow, prompt: ShownPrompt): TDayReflection {
  return { day: entry.day, topic: entry.topic, prompt, entry: toEntry(entry), week: toWeek(cycle.week) };
}

type DayInput = { userId: string; day: number; locale: TLocale };

/** GET /api/journal/days/{day}: the day's entry (created on first open) and its prompt. */
export async function openDay(deps: JournalDeps, input: DayInput): Promise<JournalOutcome<TDayReflection>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  const entry = await ensureEntry(deps.db, cycle.value, input.day, deps.clock.now());
  const prompt = await entryPrompt(deps.db, cycle.value, entry, input.locale);
  return { ok: true, value: dayReflection(cycle.value, entry, shownPrompt(prompt, input.day, input.locale)) };
}

/**
 * POST /api/journal/days/{day}/another-prompt: the next of the day's candidates after the current one. Only
 * a real change counts in replacements_count; with a single candidate the prompt stays as it is.
 */
export async function replacePrompt(
  deps: JournalDeps,
  input: DayInput,
): Promise<JournalOutcome<TDayReflection>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  let entry = await ensureEntry(deps.db, cycle.value, input.day, deps.clock.now());
  const current = await entryPrompt(deps.db, cycle.value, entry, input.locale);
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
  return {
    ok: true,
    value: dayReflection(cycle.value, entry, shownPrompt(shown, input.day, input.locale)),
  };
}

/** PUT /api/journal/days/{day}: saves the text (autosave and the save button), creating the entry if needed. */
export async function saveDay(
  deps: JournalDeps,
  input: { userId: string; day: number; contentText: string },
): Promise<JournalOutcome<TEntry>> {
  const cycle = await openDayCycle(deps, input.userId, input.day);
  if (!cycle.ok) return cycle;
  const now = deps.clock.now();
  const entry = await ensureEntry(deps.db, cycle.value, input.day, now);
  const [saved] = await deps.db
    .update(entries)
    .set({ contentText: input.contentText, updatedAt: now })
    .where(and(eq(entries.id, entry.id), eq(entries.userId, input.userId)))
    .returning();
  return { ok: true, value: toEntry(saved ?? entry) };
}

// ---- the account's data ------------------------------------------------------------------------------

/** Everything the journal holds about one user, for the account's data export. */
export async function exportJournalData(db: DbExecutor, userId: string): Promise<Record<string, unknown>> {
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
    profile: profile ?? null,
    weeks: userWeeks,
    entries: userEntries,
    summaries: userSummaries,
  };
}

/**
 * "Delete my data" (spec §7 account deletion): summaries, entries, weeks and the profile of the user, and
 * their bubbles saved by the profile (issue 5), all or nothing.
 */
export async function deleteJournalData(db: DbExecutor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteBubbles(tx, userId);
    await tx.delete(summaries).where(eq(summaries.userId, userId));
    await tx.delete(entries).where(eq(entries.userId, userId));
    await tx.delete(weeks).where(eq(weeks.userId, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
  });
}

/**
 * How many reflections a person has written, as a SQL expression for a query over users (`userId` is its
 * column): entries with text. Counted, never read, so staff lists show the number and never the content.
 */
export function reflectionCountSql(userId: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${entries} where ${entries.userId} = ${userId} and ${entries.contentText} <> '')`;
}

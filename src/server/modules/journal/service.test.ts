import {
  CHOOSE_LANE_TOPIC,
  DEFAULT_REMINDER_TIME,
  FALLBACK_TOPICS,
  INTRO_TOPICS,
  LANES,
  promptDepth,
} from '@shared/domain/journal';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { entries, profiles, prompts, reminderSchedules, summaries, weeks } from '../../db/schema/journal';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createTestCipher } from '../../test/test-cipher';
import { createTestDatabase } from '../../test/test-db';
import { counterpartKey, loadPromptLibrary, seedPrompts } from './prompts';
import {
  type AnswersChanged,
  chooseLane,
  completeOnboarding,
  deleteJournalData,
  EMPTY_PROFILE_V0,
  type EntryChanged,
  exportJournalData,
  getDashboard,
  getProfile,
  getSettings,
  type JournalDeps,
  type JournalOutcome,
  readDay,
  replacePrompt,
  saveOnboardingAnswers,
  saveSettings,
  startDay,
  syncTimeZone,
} from './service';
import { fixturePrompts, PROMPT_LIBRARY_DIR, saveDayText } from './test-fixtures';

// 2026-03-02 is a Monday.
const MONDAY = new Date('2026-03-02T09:00:00Z');
const WEDNESDAY = new Date('2026-03-04T09:00:00Z');
const SUNDAY = new Date('2026-03-08T09:00:00Z');
const NEXT_MONDAY = new Date('2026-03-09T09:00:00Z');

const SETTINGS_OFF = {
  aiEnabled: false,
  reminderTime: '08:00',
  remindersEnabled: false,
  weeklyEmailEnabled: false,
  weeklyEmailQuotes: false,
};

const ENGLISH_ANSWERS = [
  '  Anna ',
  'Honesty and being able to trust my partner.',
  'When someone really listens to me.',
  'With my sister, she accepts me as I am.',
  'When friends support me.',
  'I want to learn to say no and set boundaries.',
];
const GERMAN_ANSWERS = [
  'Jonas',
  'Ehrlichkeit und Vertrauen.',
  'Zärtlichkeit und Nähe.',
  'Bei meiner Schwester, sie hilft mir immer.',
  'Wenn wir offen reden.',
  'Ich streite ungern und spreche Konflikte selten an.',
];

let database: DatabaseHandle;
let clock: FakeClock;
let deps: JournalDeps;
let userCount = 0;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = createFakeClock(MONDAY);
  deps = { db: database.db, clock, cipher: createTestCipher() };
});
afterEach(async () => {
  await database.close();
});

async function addUser(): Promise<string> {
  userCount += 1;
  const id = `user-${userCount}`;
  await database.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

/** A week before the week the tests live in: members joined then, so every day of this week is theirs. */
const JOINED_BEFORE = new Date('2026-02-23T09:00:00Z');

async function onboardedUser(
  answers: string[] = ENGLISH_ANSWERS,
  timeZone?: string,
  joinedAt: Date = JOINED_BEFORE,
): Promise<string> {
  const userId = await addUser();
  const now = clock.now();
  clock.set(joinedAt);
  await completeOnboarding(deps, { userId, answers, timeZone });
  clock.set(now);
  return userId;
}

/** On PostgreSQL, opens the pool's connections first, so that the racing requests really run side by side. */
async function warmUpConnections() {
  await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
}

function value<T>(outcome: JournalOutcome<T> | EntryChanged | AnswersChanged): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error}`);
  return outcome.value;
}

describe('onboarding', () => {
  it('merges autosaved answers by position and resumes them', async () => {
    const userId = await addUser();
    await saveOnboardingAnswers(deps, { userId, answers: ['Anna', 'trust'], timeZone: undefined });
    expect((await getProfile(deps, userId)).answers).toEqual(['Anna', 'trust']);

    await saveOnboardingAnswers(deps, {
      userId,
      answers: ['Anna', 'honesty', 'listening'],
      baseVersions: [1, 1],
      timeZone: undefined,
    });
    await saveOnboardingAnswers(deps, { userId, answers: ['Anne'], baseVersions: [1], timeZone: undefined });
    const profile = await getProfile(deps, userId);
    expect(profile.answers).toEqual(['Anne', 'honesty', 'listening']);
    expect(profile.answerVersions).toEqual([2, 2, 1]);
    expect(profile.onboardingCompletedAt).toBeNull();
    expect(profile.firstName).toBeNull();
  });

  it('keeps the rest of profile_v0 when answers are saved', async () => {
    const userId = await addUser();
    await saveSettings(deps, {
      userId,
      settings: { ...SETTINGS_OFF, remindersEnabled: true, reminderTime: '21:15' },
      timeZone: undefined,
    });
    await saveOnboardingAnswers(deps, { userId, answers: ['Anna'], timeZone: undefined });
    expect(await getSettings(deps, userId)).toMatchObject({ remindersEnabled: true, reminderTime: '21:15' });
  });

  it('never writes an answer over one saved on another device since (decision 064)', async () => {
    const userId = await addUser();
    await saveOnboardingAnswers(deps, { userId, answers: ['Anna', 'trust'], timeZone: undefined });
    const opened = await getProfile(deps, userId);
    expect(opened.answerVersions).toEqual([1, 1]);
    // The phone changes the second answer; the laptop, still on version 1, then writes its own.
    const phone = value(
      await saveOnboardingAnswers(deps, {
        userId,
        answers: ['Anna', 'trust, from the phone'],
        baseVersions: opened.answerVersions,
        timeZone: undefined,
      }),
    );
    expect(phone.versions).toEqual([1, 2]);
    const laptop = await saveOnboardingAnswers(deps, {
      userId,
      answers: ['Anna', 'trust, from the laptop'],
      baseVersions: opened.answerVersions,
      timeZone: undefined,
    });
    expect(laptop).toEqual({
      ok: false,
      error: 'answers_changed',
      current: { texts: ['Anna', 'trust, from the phone'], versions: [1, 2] },
    });
    // Completing from the stale side is refused the same way, and completes nothing.
    const completed = await completeOnboarding(deps, {
      userId,
      answers: ['Anna', 'trust, from the laptop'],
      baseVersions: opened.answerVersions,
      timeZone: undefined,
    });
    expect(completed.ok).toBe(false);
    expect(await getProfile(deps, userId)).toMatchObject({
      answers: ['Anna', 'trust, from the phone'],
      onboardingCompletedAt: null,
    });
  });

  it('completes: first name, analysis of English answers and the completion time', async () => {
    const userId = await addUser();
    await saveOnboardingAnswers(deps, { userId, answers: ENGLISH_ANSWERS.slice(0, 3), timeZone: undefined });
    const profile = value(
      await completeOnboarding(deps, {
        userId,
        answers: ENGLISH_ANSWERS,
        baseVersions: [1, 1, 1],
        timeZone: undefined,
      }),
    );
    expect(profile).toMatchObject({
      firstName: 'Anna',
      onboardingCompletedAt: MONDAY.toISOString(),
      answers: ENGLISH_ANSWERS,
      what_matters: ['trust', 'communication'],
      where_safe: ['acceptance', 'support'],
      edges: ['boundaries/saying_no'],
      aiEnabled: false,
      reminderTime: DEFAULT_REMINDER_TIME,
    });
    expect(await getProfile(deps, userId)).toEqual(profile);
  });

  it('analyses German answers', async () => {
    const userId = await addUser();
    const profile = value(
      await completeOnboarding(deps, { userId, answers: GERMAN_ANSWERS, timeZone: undefined }),
    );
    expect(profile).toMatchObject({
      firstName: 'Jonas',
      what_matters: ['trust', 'intimacy'],
      where_safe: ['support', 'communication'],
      edges: ['communication/conflict'],
    });
  });

  it('has no first name for a blank first answer and the defaults when nothing matches', async () => {
    const userId = await addUser();
    const profile = value(
      await completeOnboarding(deps, {
        userId,
        answers: ['   ', 'x', 'y', 'z', 'w', 'v'],
        timeZone: undefined,
      }),
    );
    expect(profile).toMatchObject({
      firstName: null,
      what_matters: ['connection'],
      where_safe: ['acceptance'],
      edges: ['vulnerability & intimacy'],
    });
  });

  it('analyses again when completed again', async () => {
    const userId = await onboardedUser();
    clock.set(WEDNESDAY);
    const { answerVersions } = await getProfile(deps, userId);
    const again = value(
      await completeOnboarding(deps, {
        userId,
        answers: GERMAN_ANSWERS,
        baseVersions: answerVersions,
        timeZone: undefined,
      }),
    );
    expect(again.firstName).toBe('Jonas');
    expect(again.edges).toEqual(['communication/conflict']);
    expect(again.onboardingCompletedAt).toBe(WEDNESDAY.toISOString());
  });

  it('gives the empty defaults for a user without a profile and writes nothing', async () => {
    const userId = await addUser();
    expect(await getProfile(deps, userId)).toEqual({
      firstName: null,
      onboardingCompletedAt: null,
      answers: [],
      answerVersions: [],
      what_matters: [],
      where_safe: [],
      edges: [],
      aiEnabled: false,
      reminderTime: '08:00',
      remindersEnabled: false,
      weeklyEmailEnabled: false,
      timeZone: 'UTC',
      locale: 'en',
    });
    expect(await database.db.select().from(profiles)).toEqual([]);
  });
});

describe('the first week (decision 067)', () => {
  const statuses = async (userId: string) => {
    const dashboard = value(await getDashboard(deps, userId));
    return {
      dashboard,
      statuses: dashboard.days.map((day) => day.status),
      open: dashboard.days.map((d) => d.open),
    };
  };

  it('starts on the day of a Tuesday joiner: the Monday before is not theirs, never open or missed', async () => {
    const tuesday = new Date('2026-03-03T10:00:00Z');
    clock.set(tuesday);
    const userId = await onboardedUser(ENGLISH_ANSWERS, 'UTC', tuesday);
    const { dashboard, statuses: days, open } = await statuses(userId);
    expect(dashboard).toMatchObject({ week: { startDate: '2026-03-02' }, todayDay: 2, startsOn: null });
    expect(days).toEqual(['before_start', 'available', 'available', 'locked', 'locked', 'locked', 'locked']);
    expect(open).toEqual([false, true, true, false, false, false, false]);
    expect(await readDay(deps, { userId, day: 1, locale: 'en' })).toEqual({
      ok: false,
      error: 'day_before_start',
    });
    expect(await startDay(deps, { userId, day: 1, locale: 'en' })).toEqual({
      ok: false,
      error: 'day_before_start',
    });
    expect(value(await readDay(deps, { userId, day: 2, locale: 'en' })).date).toBe('2026-03-03');
    // Later in that week, the Monday stays not theirs; the next week is all theirs.
    clock.set(new Date('2026-03-07T10:00:00Z'));
    expect((await statuses(userId)).statuses[0]).toBe('before_start');
    clock.set(new Date('2026-03-09T10:00:00Z'));
    const next = await statuses(userId);
    expect(next.dashboard.week.startDate).toBe('2026-03-09');
    expect(next.statuses).toEqual([
      'available',
      'available',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('waits for the next Monday for a Sunday-night joiner, whose day 1 opens at once (its eve)', async () => {
    const sundayNight = new Date('2026-03-08T22:30:00Z');
    clock.set(sundayNight);
    const userId = await onboardedUser(ENGLISH_ANSWERS, 'UTC', sundayNight);
    const { dashboard, statuses: days } = await statuses(userId);
    expect(dashboard).toMatchObject({
      week: { startDate: '2026-03-09' },
      todayDay: null,
      startsOn: '2026-03-09',
    });
    expect(days).toEqual(['available', 'locked', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).date).toBe('2026-03-09');
    expect(await readDay(deps, { userId, day: 2, locale: 'en' })).toEqual({ ok: false, error: 'day_locked' });
    // The week that was ending is not theirs: it has no row, so it gets no insight that it "stayed quiet".
    const theirWeeks = await database.db.select().from(weeks).where(eq(weeks.userId, userId));
    expect(theirWeeks.map((week) => week.startDate)).toEqual(['2026-03-09']);
  });

  it('shows a Thursday joiner the week to come, every day closed until its eve', async () => {
    const thursday = new Date('2026-03-05T12:00:00Z');
    clock.set(thursday);
    const userId = await onboardedUser(GERMAN_ANSWERS, 'Europe/Berlin', thursday);
    const { dashboard, statuses: days } = await statuses(userId);
    expect(dashboard).toMatchObject({
      week: { startDate: '2026-03-09' },
      todayDay: null,
      startsOn: '2026-03-09',
    });
    expect(days).toEqual(Array(7).fill('locked'));
    expect(await readDay(deps, { userId, day: 1, locale: 'de' })).toEqual({ ok: false, error: 'day_locked' });
    expect(await chooseLane(deps, { userId, lane: 'edges' })).toEqual({ ok: false, error: 'day_locked' });
    // Completing onboarding again (answers changed) keeps the first day.
    clock.set(new Date('2026-03-10T12:00:00Z'));
    await completeOnboarding(deps, { userId, answers: GERMAN_ANSWERS, timeZone: 'Europe/Berlin' });
    expect((await statuses(userId)).statuses.slice(0, 3)).toEqual(['available', 'available', 'available']);
  });
});

describe('the week', () => {
  it('needs a completed onboarding', async () => {
    const withoutProfile = await addUser();
    expect(await getDashboard(deps, withoutProfile)).toEqual({ ok: false, error: 'onboarding_required' });
    const halfway = await addUser();
    await saveOnboardingAnswers(deps, { userId: halfway, answers: ['Anna'], timeZone: undefined });
    expect(await getDashboard(deps, halfway)).toEqual({ ok: false, error: 'onboarding_required' });
    expect(await database.db.select().from(weeks)).toEqual([]);
  });

  it('is created on first load with the default topics from the profile', async () => {
    const userId = await onboardedUser();
    const dashboard = value(await getDashboard(deps, userId));
    expect(dashboard.firstName).toBe('Anna');
    expect(dashboard.today).toEqual({ date: '2026-03-02', isoWeekday: 1 });
    expect(dashboard.week).toMatchObject({
      startDate: '2026-03-02',
      endDate: '2026-03-08',
      isoWeek: '2026-W10',
      topics: {
        '1': INTRO_TOPICS[0],
        '2': INTRO_TOPICS[1],
        '3': INTRO_TOPICS[2],
        '4': CHOOSE_LANE_TOPIC,
        '5': 'trust',
        '6': 'acceptance',
        '7': 'boundaries/saying_no',
      },
    });
    expect(dashboard.days.map((day) => day.topic)).toEqual(Object.values(dashboard.week.topics));
    expect(value(await getDashboard(deps, userId)).week.id).toBe(dashboard.week.id);
  });

  it('falls back to the spec topics when the profile lists are empty', async () => {
    const userId = await onboardedUser();
    await database.db
      .update(profiles)
      .set({ profileV0: { ...EMPTY_PROFILE_V0, answers: ['Anna'] } })
      .where(eq(profiles.userId, userId));
    const { week } = value(await getDashboard(deps, userId));
    expect([week.topics['5'], week.topics['6'], week.topics['7']]).toEqual([...FALLBACK_TOPICS]);
  });

  it('is created once when ten first loads race', async () => {
    const userId = await onboardedUser();
    await warmUpConnections();
    const results = await Promise.all(Array.from({ length: 10 }, () => getDashboard(deps, userId)));
    const ids = new Set(results.map((outcome) => value(outcome).week.id));
    expect(ids.size).toBe(1);
    expect(await database.db.select().from(weeks).where(eq(weeks.userId, userId))).toHaveLength(1);
  });

  it.each([
    [MONDAY, 1, ['available', 'available', 'locked', 'locked', 'locked', 'locked', 'locked']],
    [WEDNESDAY, 3, ['available', 'available', 'available', 'available', 'locked', 'locked', 'locked']],
    [SUNDAY, 7, ['available', 'available', 'available', 'available', 'available', 'available', 'available']],
  ])('shows the day statuses at %s', async (now, isoWeekday, statuses) => {
    clock.set(now);
    const userId = await onboardedUser();
    const dashboard = value(await getDashboard(deps, userId));
    expect(dashboard.today.isoWeekday).toBe(isoWeekday);
    expect(dashboard.days.map((day) => day.status)).toEqual(statuses);
    expect(dashboard.days.map((day) => day.open)).toEqual(statuses.map((status) => status === 'available'));
    expect(dashboard.completedCount).toBe(0);
  });

  it("uses the user's time zone: late Sunday in UTC is already Monday in Auckland", async () => {
    clock.set(new Date('2026-03-08T20:00:00Z'));
    const inUtc = await onboardedUser();
    const inAuckland = await onboardedUser(ENGLISH_ANSWERS, 'Pacific/Auckland');
    expect(value(await getDashboard(deps, inUtc))).toMatchObject({
      today: { date: '2026-03-08', isoWeekday: 7 },
      week: { startDate: '2026-03-02' },
    });
    const auckland = value(await getDashboard(deps, inAuckland));
    expect(auckland).toMatchObject({
      today: { date: '2026-03-09', isoWeekday: 1 },
      week: { startDate: '2026-03-09', endDate: '2026-03-15', isoWeek: '2026-W11' },
    });
    expect(auckland.days.filter((day) => day.open).map((day) => day.day)).toEqual([1, 2]);
  });

  it('starts a new week after Sunday and keeps the old one', async () => {
    clock.set(SUNDAY);
    const userId = await onboardedUser();
    const first = value(await getDashboard(deps, userId));
    value(await saveDayText(deps, { userId, day: 7, contentText: 'The end of my first week.' }));
    clock.set(NEXT_MONDAY);
    const second = value(await getDashboard(deps, userId));
    expect(second.week.id).not.toBe(first.week.id);
    expect(second.week.startDate).toBe('2026-03-09');
    expect(second.days.map((day) => day.status)).toEqual([
      'available',
      'available',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    expect(await database.db.select().from(weeks).where(eq(weeks.userId, userId))).toHaveLength(2);
  });
});

describe('a day', () => {
  it('starts its entry on first open (a POST), and only 10 written characters complete it', async () => {
    const userId = await onboardedUser();
    const reflection = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    expect(reflection).toMatchObject({
      day: 1,
      date: '2026-03-02',
      topic: INTRO_TOPICS[0],
      entry: { day: 1, topic: INTRO_TOPICS[0], contentText: '', status: 'started', replacementsCount: 0 },
    });
    const again = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    expect(again.entry.id).toBe(reflection.entry.id);
    let dashboard = value(await getDashboard(deps, userId));
    expect(dashboard.days[0]).toMatchObject({ status: 'started', date: '2026-03-02' });
    expect(dashboard.days[1]).toMatchObject({ status: 'available', date: '2026-03-03' });
    expect(dashboard.completedCount).toBe(0);

    expect(value(await saveDayText(deps, { userId, day: 1, contentText: '  nine ch  ' })).status).toBe(
      'started',
    );
    expect(value(await saveDayText(deps, { userId, day: 1, contentText: ' ten chars! ' })).status).toBe(
      'completed',
    );
    dashboard = value(await getDashboard(deps, userId));
    expect(dashboard.days[0]?.status).toBe('completed');
    expect(dashboard.completedCount).toBe(1);
    // Taking the words away again takes the completion with them.
    expect(value(await saveDayText(deps, { userId, day: 1, contentText: '' })).status).toBe('started');
    expect(value(await getDashboard(deps, userId)).completedCount).toBe(0);
  });

  it('is read by a GET without writing anything of the day', async () => {
    const userId = await onboardedUser();
    const read = value(await readDay(deps, { userId, day: 1, locale: 'en' }));
    expect(read).toMatchObject({ day: 1, date: '2026-03-02', topic: INTRO_TOPICS[0], entry: null });
    expect(read.prompt.text).not.toBe('');
    expect(await database.db.select().from(entries)).toEqual([]);
    // The prompt it shows is the one the day gets when it is opened.
    const opened = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    expect(opened.prompt).toEqual(read.prompt);
    expect(value(await readDay(deps, { userId, day: 1, locale: 'en' })).entry?.id).toBe(opened.entry.id);
    expect(await readDay(deps, { userId, day: 3, locale: 'en' })).toEqual({ ok: false, error: 'day_locked' });
  });

  it('brings the week’s insight forward when day 7 is completed, not before', async () => {
    const userId = await onboardedUser();
    clock.set(SUNDAY);
    value(await getDashboard(deps, userId));
    const dueOf = async () =>
      (await database.db.select({ due: weeks.insightDueAt }).from(weeks).where(eq(weeks.userId, userId)))[0]
        ?.due;
    // Midnight after Sunday in the user's zone (UTC here).
    expect(await dueOf()).toEqual(new Date('2026-03-09T00:00:00Z'));
    value(await saveDayText(deps, { userId, day: 7, contentText: 'short' }));
    expect(await dueOf()).toEqual(new Date('2026-03-09T00:00:00Z'));
    value(await saveDayText(deps, { userId, day: 7, contentText: 'The last day, written in full.' }));
    expect(await dueOf()).toEqual(SUNDAY);
  });

  it('creates one entry when first opens race', async () => {
    const userId = await onboardedUser();
    value(await getDashboard(deps, userId));
    await warmUpConnections();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => startDay(deps, { userId, day: 2, locale: 'en' })),
    );
    expect(new Set(results.map((outcome) => value(outcome).entry.id)).size).toBe(1);
  });

  it('refuses a day that is not open yet, and a user without onboarding', async () => {
    const userId = await onboardedUser();
    expect(await startDay(deps, { userId, day: 3, locale: 'en' })).toEqual({
      ok: false,
      error: 'day_locked',
    });
    expect(await saveDayText(deps, { userId, day: 7, contentText: 'too early' })).toEqual({
      ok: false,
      error: 'day_locked',
    });
    expect(await replacePrompt(deps, { userId, day: 3, locale: 'en' })).toEqual({
      ok: false,
      error: 'day_locked',
    });
    expect(await database.db.select().from(entries)).toEqual([]);
    const newcomer = await addUser();
    expect(await startDay(deps, { userId: newcomer, day: 1, locale: 'en' })).toEqual({
      ok: false,
      error: 'onboarding_required',
    });
  });

  it('saves the text and shows it on reload', async () => {
    const userId = await onboardedUser();
    value(await startDay(deps, { userId, day: 2, locale: 'en' }));
    clock.advance(60_000);
    const saved = value(await saveDayText(deps, { userId, day: 2, contentText: 'A calm, honest morning.' }));
    expect(saved).toMatchObject({ day: 2, contentText: 'A calm, honest morning.', status: 'completed' });
    expect(saved.updatedAt).toBe(new Date(MONDAY.getTime() + 60_000).toISOString());
    const reloaded = value(await startDay(deps, { userId, day: 2, locale: 'de' }));
    expect(reloaded.entry).toEqual(saved);
  });

  it('creates the entry when saving a day that was never opened', async () => {
    const userId = await onboardedUser();
    const saved = value(await saveDayText(deps, { userId, day: 1, contentText: 'Written straight away.' }));
    expect(saved).toMatchObject({ day: 1, topic: INTRO_TOPICS[0], contentText: 'Written straight away.' });
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).entry.id).toBe(saved.id);
  });
});

describe("a day's prompt", () => {
  it('has the depth of its day and a prompt of its topic (real library)', async () => {
    await seedPrompts(database.db, PROMPT_LIBRARY_DIR);
    const library = loadPromptLibrary(PROMPT_LIBRARY_DIR);
    clock.set(SUNDAY);
    const userId = await onboardedUser();
    for (const day of [1, 2, 3, 5, 6, 7]) {
      const reflection = value(await startDay(deps, { userId, day, locale: 'en' }));
      expect(reflection.prompt.depth, `day ${day}`).toBe(promptDepth(day));
      const texts = library
        .filter((seed) => seed.topic === reflection.topic && seed.depth === promptDepth(day))
        .map((seed) => seed.text);
      expect(texts, `day ${day}`).toContain(reflection.prompt.text);
    }
  });

  it('stays the same across reloads and is stored on the entry', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 6));
    const userId = await onboardedUser();
    const first = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    for (let reload = 0; reload < 3; reload += 1) {
      expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt).toEqual(first.prompt);
    }
    const [entry] = await database.db.select().from(entries).where(eq(entries.id, first.entry.id));
    expect(entry?.promptId).toBe(first.prompt.id);
  });

  it('is shown in the requested language: the counterpart of the stored prompt', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 6));
    const userId = await onboardedUser();
    const english = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    const german = value(await startDay(deps, { userId, day: 1, locale: 'de' }));
    const [enRow] = await database.db
      .select()
      .from(prompts)
      .where(eq(prompts.id, english.prompt.id ?? ''));
    const [deRow] = await database.db
      .select()
      .from(prompts)
      .where(eq(prompts.id, german.prompt.id ?? ''));
    expect(enRow?.locale).toBe('en');
    expect(deRow?.key).toBe(counterpartKey(enRow?.key ?? '', 'de'));
    expect(german.prompt.text).toBe(english.prompt.text.replace(/^en:/, 'de:'));
    const [entry] = await database.db.select().from(entries).where(eq(entries.id, english.entry.id));
    expect(entry?.promptId).toBe(english.prompt.id);
  });

  it('falls back to the first prompt when its topic and depth have none', async () => {
    await seedPrompts(database.db, [...fixturePrompts('trust', 3, 2), ...fixturePrompts('acceptance', 2, 2)]);
    const userId = await onboardedUser();
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt).toMatchObject({
      text: 'en: acceptance d2 #1',
      depth: 2,
    });
    expect(value(await startDay(deps, { userId, day: 2, locale: 'de' })).prompt).toMatchObject({
      text: 'de: acceptance d2 #1',
    });
  });

  it('falls back to the sentence when there are no prompts at all', async () => {
    const userId = await onboardedUser();
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt).toEqual({
      id: null,
      text: en['reflection.fallbackPrompt'],
      depth: 1,
    });
    expect(en['reflection.fallbackPrompt']).toBe('Reflect on your experience today.');
    expect(value(await startDay(deps, { userId, day: 2, locale: 'de' })).prompt).toEqual({
      id: null,
      text: de['reflection.fallbackPrompt'],
      depth: 2,
    });
  });

  it('gets a real prompt once the library has one, after the sentence was shown', async () => {
    const userId = await onboardedUser();
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt.id).toBeNull();
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 2));
    expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt.id).not.toBeNull();
  });

  it('is replaced by the next candidate on request, counting each replacement', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 3));
    const userId = await onboardedUser();
    const first = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    const seen = [first.prompt.text];
    for (let count = 1; count <= 3; count += 1) {
      const replaced = value(await replacePrompt(deps, { userId, day: 1, locale: 'en' }));
      expect(replaced.entry.replacementsCount).toBe(count);
      expect(replaced.prompt.text).not.toBe(seen.at(-1));
      seen.push(replaced.prompt.text);
      expect(value(await startDay(deps, { userId, day: 1, locale: 'en' })).prompt).toEqual(replaced.prompt);
    }
    // Three candidates: the fourth prompt shown is the first again, and all three were seen.
    expect(seen[3]).toBe(seen[0]);
    expect(new Set(seen).size).toBe(3);
  });

  it('keeps its place in the order when replaced in the other language', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 3));
    const userId = await onboardedUser();
    const first = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    const replaced = value(await replacePrompt(deps, { userId, day: 1, locale: 'de' }));
    expect(replaced.prompt.text.startsWith('de:')).toBe(true);
    expect(replaced.prompt.text).not.toBe(first.prompt.text.replace(/^en:/, 'de:'));
  });

  it('stays and is not counted when there is nothing else to offer', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 1));
    const userId = await onboardedUser();
    const first = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    const replaced = value(await replacePrompt(deps, { userId, day: 1, locale: 'en' }));
    expect(replaced.prompt).toEqual(first.prompt);
    expect(replaced.entry.replacementsCount).toBe(0);
  });
});

describe('the lane', () => {
  it('needs day 4 to be open', async () => {
    const userId = await onboardedUser();
    expect(await chooseLane(deps, { userId, lane: 'edges' })).toEqual({ ok: false, error: 'day_locked' });
    const newcomer = await addUser();
    expect(await chooseLane(deps, { userId: newcomer, lane: 'edges' })).toEqual({
      ok: false,
      error: 'onboarding_required',
    });
  });

  it("writes the lane's topic into day 5 of the current week", async () => {
    clock.set(WEDNESDAY);
    const userId = await onboardedUser();
    const before = value(await getDashboard(deps, userId));
    const dashboard = value(await chooseLane(deps, { userId, lane: 'where_safe' }));
    expect(dashboard.week.id).toBe(before.week.id);
    expect(dashboard.week.topics).toEqual({ ...before.week.topics, '5': LANES.where_safe.topic });
    expect(dashboard.days[4]?.topic).toBe(LANES.where_safe.topic);
    const [stored] = await database.db.select().from(weeks).where(eq(weeks.id, before.week.id));
    expect(stored?.structure.topics['5']).toBe(LANES.where_safe.topic);
    value(await chooseLane(deps, { userId, lane: 'edges' }));
    expect(value(await getDashboard(deps, userId)).week.topics['5']).toBe(LANES.edges.topic);
  });

  it('creates the week when the lane is chosen before the dashboard was loaded', async () => {
    clock.set(WEDNESDAY);
    const userId = await onboardedUser();
    const dashboard = value(await chooseLane(deps, { userId, lane: 'what_matters' }));
    expect(dashboard.week.topics['5']).toBe(LANES.what_matters.topic);
    expect(await database.db.select().from(weeks).where(eq(weeks.userId, userId))).toHaveLength(1);
  });

  it('leaves a day-5 reflection with text on its topic, and moves an empty one', async () => {
    await seedPrompts(database.db, [
      ...fixturePrompts('trust', 3, 2),
      ...fixturePrompts(LANES.edges.topic, 3, 2),
    ]);
    clock.set(new Date('2026-03-05T09:00:00Z')); // Thursday: day 5 is open
    const written = await onboardedUser();
    value(await saveDayText(deps, { userId: written, day: 5, contentText: 'About trust, written already.' }));
    const dashboard = value(await chooseLane(deps, { userId: written, lane: 'edges' }));
    expect(dashboard.week.topics['5']).toBe(LANES.edges.topic);
    expect(dashboard.days[4]?.topic).toBe('trust');
    expect(value(await startDay(deps, { userId: written, day: 5, locale: 'en' })).topic).toBe('trust');

    const empty = await onboardedUser();
    const opened = value(await startDay(deps, { userId: empty, day: 5, locale: 'en' }));
    expect(opened.prompt.text).toMatch(/^en: trust d3/);
    value(await chooseLane(deps, { userId: empty, lane: 'edges' }));
    const moved = value(await startDay(deps, { userId: empty, day: 5, locale: 'en' }));
    expect(moved.topic).toBe(LANES.edges.topic);
    expect(moved.entry.id).toBe(opened.entry.id);
    expect(moved.prompt.text).toMatch(/^en: lane: edges to explore d3/);
  });
});

describe('settings', () => {
  it('default to everything off and 08:00, and are saved together', async () => {
    const userId = await onboardedUser();
    expect(await getSettings(deps, userId)).toEqual({
      ...SETTINGS_OFF,
      nextReminderAt: null,
      aiService: null,
    });
    const saved = await saveSettings(deps, {
      userId,
      settings: { ...SETTINGS_OFF, reminderTime: '19:30', weeklyEmailEnabled: true },
      timeZone: undefined,
    });
    expect(saved).toEqual({
      ok: true,
      value: {
        ...SETTINGS_OFF,
        reminderTime: '19:30',
        weeklyEmailEnabled: true,
        nextReminderAt: null,
        aiService: null,
      },
    });
    expect(await getSettings(deps, userId)).toMatchObject({
      reminderTime: '19:30',
      weeklyEmailEnabled: true,
    });
    const profile = await getProfile(deps, userId);
    expect(profile).toMatchObject({
      firstName: 'Anna',
      answers: ENGLISH_ANSWERS,
      what_matters: ['trust', 'communication'],
    });
  });

  it('schedule the next reminder when reminders are on, and forget it when off', async () => {
    const userId = await onboardedUser(ENGLISH_ANSWERS, 'Europe/Berlin');
    // Monday 09:00 UTC is 10:00 in Berlin: 08:00 has passed today, so the next one is Tuesday's.
    const on = value(
      await saveSettings(deps, {
        userId,
        settings: { ...SETTINGS_OFF, remindersEnabled: true },
        timeZone: undefined,
      }),
    );
    expect(on.nextReminderAt).toBe('2026-03-03T07:00:00.000Z');
    const later = value(
      await saveSettings(deps, {
        userId,
        settings: { ...SETTINGS_OFF, remindersEnabled: true, reminderTime: '20:15' },
        timeZone: undefined,
      }),
    );
    expect(later.nextReminderAt).toBe('2026-03-02T19:15:00.000Z');
    const off = value(await saveSettings(deps, { userId, settings: SETTINGS_OFF, timeZone: undefined }));
    expect(off.nextReminderAt).toBeNull();
    expect((await getSettings(deps, userId)).nextReminderAt).toBeNull();
  });

  it('switch AI insights on only where a model is configured, and say where it is', async () => {
    const userId = await onboardedUser();
    const aiOn = { ...SETTINGS_OFF, aiEnabled: true };
    expect(await saveSettings(deps, { userId, settings: aiOn, timeZone: undefined })).toEqual({
      ok: false,
      error: 'ai_unavailable',
    });
    expect((await getSettings(deps, userId)).aiEnabled).toBe(false);
    const withAi = { ...deps, ai: { url: 'https://models.example.net/v1', model: 'small-model' } };
    expect(value(await saveSettings(withAi, { userId, settings: aiOn, timeZone: undefined }))).toMatchObject({
      aiEnabled: true,
      aiService: { host: 'models.example.net', model: 'small-model' },
    });
  });

  it('create the profile of a user who has none, with the reported time zone', async () => {
    const userId = await addUser();
    await saveSettings(deps, {
      userId,
      settings: { ...SETTINGS_OFF, reminderTime: '07:05' },
      timeZone: 'Europe/Berlin',
    });
    expect(await getProfile(deps, userId)).toMatchObject({
      reminderTime: '07:05',
      timeZone: 'Europe/Berlin',
      onboardingCompletedAt: null,
    });
  });
});

describe('time zone', () => {
  it('is updated on an existing profile and never creates one', async () => {
    const userId = await onboardedUser();
    await syncTimeZone(deps, userId, 'America/New_York');
    expect((await getProfile(deps, userId)).timeZone).toBe('America/New_York');
    const newcomer = await addUser();
    await syncTimeZone(deps, newcomer, 'Europe/Berlin');
    expect(await database.db.select().from(profiles).where(eq(profiles.userId, newcomer))).toEqual([]);
  });

  it('moves the next reminder and the end of the week with it', async () => {
    const userId = await onboardedUser(ENGLISH_ANSWERS, 'Europe/Berlin');
    value(await getDashboard(deps, userId));
    const reminder = { ...SETTINGS_OFF, remindersEnabled: true };
    expect(
      value(await saveSettings(deps, { userId, settings: reminder, timeZone: undefined })).nextReminderAt,
    ).toBe('2026-03-03T07:00:00.000Z');
    await syncTimeZone(deps, userId, 'America/New_York');
    // 04:00 in New York: today's 08:00 is still ahead.
    expect((await getSettings(deps, userId)).nextReminderAt).toBe('2026-03-02T13:00:00.000Z');
    const [week] = await database.db.select().from(weeks).where(eq(weeks.userId, userId));
    expect(week?.insightDueAt).toEqual(new Date('2026-03-09T04:00:00Z'));
  });
});

describe("the account's data", () => {
  async function fillJournal(userId: string) {
    const opened = value(await startDay(deps, { userId, day: 1, locale: 'en' }));
    value(await saveDayText(deps, { userId, day: 1, contentText: `Reflection of ${userId}` }));
    await database.db.insert(summaries).values({
      userId,
      weekId: opened.week.id,
      content: JSON.stringify({ paragraph: `Summary of ${userId}` }),
    });
    return opened;
  }

  it('exports the profile, weeks, entries with their prompt text and summaries of one user', async () => {
    await seedPrompts(database.db, fixturePrompts(INTRO_TOPICS[0], 1, 2));
    const userId = await onboardedUser();
    const other = await onboardedUser(GERMAN_ANSWERS);
    const opened = await fillJournal(userId);
    await fillJournal(other);
    const data = (await exportJournalData(database.db, deps.cipher, userId)) as {
      profile: { userId: string; firstName: string };
      weeks: { id: string }[];
      entries: { contentText: string; prompt: string | null }[];
      summaries: { insight: { paragraph: string } }[];
    };
    expect(data.profile).toMatchObject({ userId, firstName: 'Anna' });
    expect(data.weeks.map((week) => week.id)).toEqual([opened.week.id]);
    expect(data.entries).toEqual([
      expect.objectContaining({ contentText: `Reflection of ${userId}`, prompt: opened.prompt.text }),
    ]);
    expect(data.summaries.map((summary) => summary.insight.paragraph)).toEqual([`Summary of ${userId}`]);
    expect(JSON.stringify(data)).not.toContain(other);
  });

  it("deletes summaries, entries, weeks and the profile of one user, and no one else's", async () => {
    const userId = await onboardedUser();
    const other = await onboardedUser(GERMAN_ANSWERS);
    await fillJournal(userId);
    await fillJournal(other);
    for (const id of [userId, other]) {
      await saveSettings(deps, {
        userId: id,
        settings: { ...SETTINGS_OFF, remindersEnabled: true },
        timeZone: undefined,
      });
    }
    await deleteJournalData(database.db, userId);

    for (const table of [summaries, entries, weeks, profiles, reminderSchedules]) {
      expect(await database.db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
      expect(await database.db.select().from(table).where(eq(table.userId, other))).toHaveLength(1);
    }
    expect(
      await database.db
        .select()
        .from(users)
        .where(and(eq(users.id, userId))),
    ).toHaveLength(1);
    expect(await getDashboard(deps, userId)).toEqual({ ok: false, error: 'onboarding_required' });
  });
});

import { LANES } from '@shared/domain/journal';
import {
  type TDashboard,
  type TDayReflection,
  type TEntry,
  TIME_ZONE_HEADER,
  type TOpenedDay,
  type TProfile,
  type TSettingsView,
  ZDashboard,
  ZDayReflection,
  ZEntry,
  ZOpenedDay,
  ZProfile,
  ZSettingsView,
} from '@shared/schemas/journal';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entries, profiles, weeks } from '../../db/schema/journal';
import { createTestApp, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser, type SignedInUser } from '../../test/users';
import { PROMPT_LIBRARY_DIR } from './test-fixtures';

const MONDAY = new Date('2026-03-02T09:00:00Z');
const WEDNESDAY = new Date('2026-03-04T09:00:00Z');
const ANSWERS = [
  'Anna',
  'Honesty and trust.',
  'Being listened to.',
  'My sister accepts me.',
  'Friends who support me.',
  'Saying no.',
];

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ prompts: PROMPT_LIBRARY_DIR });
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.set(MONDAY);
});

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

function call(user: SignedInUser, path: string, init: Init = {}) {
  return authedRequest(t, user.cookie, path, init);
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function errorCode(response: Response, status: number): Promise<string> {
  return (await json<{ error: { code: string } }>(response, status)).error.code;
}

/** Onboarding completed the week before the tests' week, so every day of it is the person's (decision 067). */
async function completeOnboardingBefore(user: SignedInUser, init: Init): Promise<Response> {
  const now = t.clock.now();
  t.clock.set(new Date('2026-02-23T09:00:00Z'));
  try {
    return await call(user, '/api/journal/onboarding/complete', { method: 'POST', ...init });
  } finally {
    t.clock.set(now);
  }
}

async function onboardedUser(headers: Record<string, string> = {}): Promise<SignedInUser> {
  const user = await createSignedInUser(t);
  const completed = await completeOnboardingBefore(user, { body: { answers: ANSWERS }, headers });
  expect(completed.status).toBe(200);
  return user;
}

describe('without a session', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/journal/profile'],
    ['PUT', '/api/journal/onboarding/answers', { answers: ['Anna'] }],
    ['POST', '/api/journal/onboarding/complete', { answers: ['Anna'] }],
    ['GET', '/api/journal/dashboard'],
    ['GET', '/api/journal/days/1?locale=en'],
    ['POST', '/api/journal/days/1?locale=en'],
    ['PUT', '/api/journal/days/1', { contentText: 'Some text here', baseVersion: 1 }],
    ['POST', '/api/journal/days/1/another-prompt?locale=en'],
    ['POST', '/api/journal/lane', { lane: 'edges' }],
    ['GET', '/api/journal/settings'],
    ['PUT', '/api/journal/settings', { aiEnabled: true, reminderTime: '09:00' }],
    ['DELETE', '/api/journal/data'],
    ['GET', '/api/journal/days/9'],
  ];
  it.each(endpoints)('%s %s answers 401 unauthenticated', async (method, path, body) => {
    const response = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', origin: new URL(t.config.appUrl).origin },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(await errorCode(response, 401)).toBe('unauthenticated');
  });

  it('writes nothing', async () => {
    await t.app.request('/api/journal/dashboard', { headers: { [TIME_ZONE_HEADER]: 'Europe/Berlin' } });
    expect(await t.database.db.select().from(profiles)).toEqual([]);
  });
});

describe('the weekly cycle over HTTP', () => {
  it('goes from onboarding to a saved reflection', async () => {
    const user = await createSignedInUser(t);
    const empty = await json<TProfile>(await call(user, '/api/journal/profile'), 200);
    expect(ZProfile.parse(empty)).toMatchObject({ onboardingCompletedAt: null, answers: [] });

    const saved = await call(user, '/api/journal/onboarding/answers', {
      method: 'PUT',
      body: { answers: ANSWERS.slice(0, 2) },
    });
    expect(saved.status).toBe(200);
    expect((await json<TProfile>(await call(user, '/api/journal/profile'), 200)).answers).toEqual(
      ANSWERS.slice(0, 2),
    );
    expect(await errorCode(await call(user, '/api/journal/dashboard'), 409)).toBe('onboarding_required');
    expect(await errorCode(await call(user, '/api/journal/days/1'), 409)).toBe('onboarding_required');

    const profile = await json<TProfile>(
      await call(user, '/api/journal/onboarding/complete', { method: 'POST', body: { answers: ANSWERS } }),
      200,
    );
    expect(profile).toMatchObject({ firstName: 'Anna', onboardingCompletedAt: MONDAY.toISOString() });

    const dashboard = ZDashboard.parse(
      await json<TDashboard>(await call(user, '/api/journal/dashboard'), 200),
    );
    expect(dashboard.days.map((day) => day.status)).toEqual([
      'available',
      'available',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);

    // Reading a day writes nothing; opening it (a POST) starts it.
    const read = ZDayReflection.parse(
      await json<TDayReflection>(await call(user, '/api/journal/days/2?locale=de'), 200),
    );
    expect(read).toMatchObject({ day: 2, date: '2026-03-03', entry: null });
    expect(await t.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
    const day = ZOpenedDay.parse(
      await json<TOpenedDay>(await call(user, '/api/journal/days/2?locale=de', { method: 'POST' }), 200),
    );
    expect(day).toMatchObject({
      day: 2,
      topic: 'intro: awareness',
      prompt: { depth: 2 },
      entry: { status: 'started' },
    });
    expect(day.prompt).toEqual(read.prompt);
    expect(day.prompt.id).not.toBeNull();
    const started = await json<TDashboard>(await call(user, '/api/journal/dashboard'), 200);
    expect(started.days[1]?.status).toBe('started');
    expect(started.completedCount).toBe(0);

    const entry = ZEntry.parse(
      await json<TEntry>(
        await call(user, '/api/journal/days/2', {
          method: 'PUT',
          body: { contentText: 'Ein ruhiger Tag.', baseVersion: 1 },
        }),
        200,
      ),
    );
    expect(entry).toMatchObject({ id: day.entry.id, contentText: 'Ein ruhiger Tag.' });

    const replaced = await json<TOpenedDay>(
      await call(user, '/api/journal/days/2/another-prompt?locale=de', { method: 'POST' }),
      200,
    );
    expect(replaced.entry.replacementsCount).toBe(1);
    expect(replaced.prompt.id).not.toBe(day.prompt.id);
    expect(replaced.entry.contentText).toBe('Ein ruhiger Tag.');

    const after = await json<TDashboard>(await call(user, '/api/journal/dashboard'), 200);
    expect(after.days[1]?.status).toBe('completed');
    expect(after.completedCount).toBe(1);
  });

  it('counts characters as a person sees them: five emoji do not complete a day, 20,000 emoji fit', async () => {
    const user = await onboardedUser();
    await call(user, '/api/journal/days/1', { method: 'POST' });
    const save = (contentText: string, baseVersion: number) =>
      call(user, '/api/journal/days/1', { method: 'PUT', body: { contentText, baseVersion } });
    const five = await json<TEntry>(await save('😀😀😀😀😀', 1), 200);
    expect(five.status).toBe('started');
    const many = await json<TEntry>(await save('😀'.repeat(20_000), five.version), 200);
    expect(many.status).toBe('completed');
    expect(await errorCode(await save('😀'.repeat(20_001), many.version), 400)).toBe('validation');
  });

  it('answers 403 day_locked for a day that is not open yet', async () => {
    const user = await onboardedUser();
    expect(await errorCode(await call(user, '/api/journal/days/3'), 403)).toBe('day_locked');
    expect(await errorCode(await call(user, '/api/journal/days/3', { method: 'POST' }), 403)).toBe(
      'day_locked',
    );
    expect(
      await errorCode(
        await call(user, '/api/journal/days/7', {
          method: 'PUT',
          body: { contentText: 'Not yet open.', baseVersion: 1 },
        }),
        403,
      ),
    ).toBe('day_locked');
    expect(
      await errorCode(await call(user, '/api/journal/days/4/another-prompt', { method: 'POST' }), 403),
    ).toBe('day_locked');
    expect(
      await errorCode(
        await call(user, '/api/journal/lane', { method: 'POST', body: { lane: 'edges' } }),
        403,
      ),
    ).toBe('day_locked');
  });

  it('writes the chosen lane into day 5 once day 4 is open', async () => {
    const user = await onboardedUser();
    t.clock.set(WEDNESDAY);
    const dashboard = await json<TDashboard>(
      await call(user, '/api/journal/lane', { method: 'POST', body: { lane: 'what_matters' } }),
      200,
    );
    expect(dashboard.week.topics['5']).toBe(LANES.what_matters.topic);
    expect(dashboard.days[4]?.topic).toBe(LANES.what_matters.topic);
    expect(dashboard.days[3]?.status).toBe('completed');
    expect(dashboard.completedCount).toBe(1);
  });

  it('creates one week when ten first loads race', async () => {
    const user = await onboardedUser();
    // On PostgreSQL, open the pool's connections first, so that the requests really run side by side.
    await Promise.all(Array.from({ length: 10 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call(user, '/api/journal/dashboard')),
    );
    const ids = await Promise.all(responses.map(async (r) => (await json<TDashboard>(r, 200)).week.id));
    expect(new Set(ids).size).toBe(1);
    expect(await t.database.db.select().from(weeks).where(eq(weeks.userId, user.id))).toHaveLength(1);
  });

  it('saves the settings together and validates them', async () => {
    const user = await onboardedUser();
    const off = {
      aiEnabled: false,
      reminderTime: '08:00',
      remindersEnabled: false,
      weeklyEmailEnabled: false,
      weeklyEmailQuotes: false,
    };
    expect(await json(await call(user, '/api/journal/settings'), 200)).toEqual({
      ...off,
      nextReminderAt: null,
      aiService: null,
    });
    const chosen = {
      ...off,
      reminderTime: '21:45',
      remindersEnabled: true,
      weeklyEmailEnabled: true,
      weeklyEmailQuotes: true,
    };
    const saved = await json<TSettingsView>(
      await call(user, '/api/journal/settings', { method: 'PUT', body: chosen }),
      200,
    );
    expect(ZSettingsView.parse(saved)).toEqual({
      ...chosen,
      nextReminderAt: '2026-03-02T21:45:00.000Z',
      aiService: null,
    });
    expect(await json(await call(user, '/api/journal/settings'), 200)).toEqual(saved);
    expect(
      await errorCode(
        await call(user, '/api/journal/settings', { method: 'PUT', body: { ...chosen, aiEnabled: true } }),
        409,
      ),
    ).toBe('ai_unavailable');
    for (const body of [
      { ...chosen, reminderTime: '24:00' },
      { ...chosen, reminderTime: '8:00' },
      { ...chosen, reminderTime: '08:60' },
      { ...chosen, aiEnabled: 'yes' },
      { ...chosen, weeklyEmailQuotes: 'yes' },
      { ...chosen, remindersEnabled: undefined },
      { reminderTime: '08:00' },
    ]) {
      const response = await call(user, '/api/journal/settings', { method: 'PUT', body });
      expect(await errorCode(response, 400), JSON.stringify(body)).toBe('validation');
    }
    expect(await json(await call(user, '/api/journal/settings'), 200)).toEqual(saved);
  });

  it('deletes the journal data', async () => {
    const user = await onboardedUser();
    await call(user, '/api/journal/days/1', {
      method: 'PUT',
      body: { contentText: 'Something to delete.', baseVersion: 1 },
    });
    const deleted = await call(user, '/api/journal/data', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await errorCode(await call(user, '/api/journal/dashboard'), 409)).toBe('onboarding_required');
    expect(await t.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(weeks).where(eq(weeks.userId, user.id))).toEqual([]);
  });
});

describe('bad input', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await onboardedUser();
  });

  it.each(['0', '8', 'abc', '1.5', '01', '-1', '1e0'])('rejects day %s with 400 validation', async (day) => {
    expect(await errorCode(await call(user, `/api/journal/days/${day}`), 400)).toBe('validation');
    expect(
      await errorCode(
        await call(user, `/api/journal/days/${day}`, {
          method: 'PUT',
          body: { contentText: 'x', baseVersion: 1 },
        }),
        400,
      ),
    ).toBe('validation');
  });

  it.each([
    ['an unknown locale', 'GET', '/api/journal/days/1?locale=fr', undefined],
    ['a text that is not a string', 'PUT', '/api/journal/days/1', { contentText: 5, baseVersion: 1 }],
    [
      'a text that is too long',
      'PUT',
      '/api/journal/days/1',
      { contentText: 'x'.repeat(20_001), baseVersion: 1 },
    ],
    ['malformed JSON', 'PUT', '/api/journal/days/1', '{"contentText":'],
    ['an unknown lane', 'POST', '/api/journal/lane', { lane: 'nowhere' }],
    [
      'seven answers',
      'PUT',
      '/api/journal/onboarding/answers',
      { answers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
    ],
    ['an answer that is too long', 'PUT', '/api/journal/onboarding/answers', { answers: ['x'.repeat(2001)] }],
    ['answers that are not a list', 'POST', '/api/journal/onboarding/complete', { answers: 'Anna' }],
  ])('rejects %s with 400 validation', async (_, method, path, body) => {
    const headers = { 'content-type': 'application/json' };
    expect(await errorCode(await call(user, path, { method, body, headers }), 400)).toBe('validation');
  });
});

describe('the time zone header', () => {
  const timeZoneOf = async (user: SignedInUser) =>
    (await json<TProfile>(await call(user, '/api/journal/profile'), 200)).timeZone;

  it('is stored when it is a valid zone and kept when missing or invalid', async () => {
    const user = await onboardedUser();
    expect(await timeZoneOf(user)).toBe('UTC');
    await call(user, '/api/journal/dashboard', { headers: { [TIME_ZONE_HEADER]: 'Europe/Berlin' } });
    expect(await timeZoneOf(user)).toBe('Europe/Berlin');
    await call(user, '/api/journal/dashboard', { headers: { [TIME_ZONE_HEADER]: 'Mars/Olympus_Mons' } });
    await call(user, '/api/journal/dashboard', { headers: { [TIME_ZONE_HEADER]: '' } });
    await call(user, '/api/journal/dashboard');
    expect(await timeZoneOf(user)).toBe('Europe/Berlin');
  });

  it("is given to a new profile and decides the user's today", async () => {
    t.clock.set(new Date('2026-03-08T20:00:00Z')); // Sunday evening in UTC, Monday morning in Auckland
    const user = await onboardedUser({ [TIME_ZONE_HEADER]: 'Pacific/Auckland' });
    expect(await timeZoneOf(user)).toBe('Pacific/Auckland');
    const inAuckland = await json<TDashboard>(await call(user, '/api/journal/dashboard'), 200);
    expect(inAuckland.today).toEqual({ date: '2026-03-09', isoWeekday: 1 });
    const inLondon = await json<TDashboard>(
      await call(user, '/api/journal/dashboard', { headers: { [TIME_ZONE_HEADER]: 'Europe/London' } }),
      200,
    );
    expect(inLondon.today).toEqual({ date: '2026-03-08', isoWeekday: 7 });
  });
});

describe("one user and another's data", () => {
  it("never reaches or changes another user's profile, weeks or entries", async () => {
    t.clock.set(WEDNESDAY);
    const a = await onboardedUser();
    const b = await createSignedInUser(t);

    const aDay = await json<TOpenedDay>(await call(a, '/api/journal/days/1', { method: 'POST' }), 200);
    await call(a, '/api/journal/days/1', {
      method: 'PUT',
      body: { contentText: "A's private reflection.", baseVersion: 1 },
    });
    const aBefore = await json<TDashboard>(await call(a, '/api/journal/dashboard'), 200);

    // B has no profile yet: B sees the empty defaults, not A's.
    expect(await json<TProfile>(await call(b, '/api/journal/profile'), 200)).toMatchObject({
      firstName: null,
      answers: [],
    });
    expect(await errorCode(await call(b, '/api/journal/dashboard'), 409)).toBe('onboarding_required');
    await completeOnboardingBefore(b, { body: { answers: ['Ben'] } });

    // Ids of A's rows, sent wherever a request could carry them, are ignored or refused.
    expect(await errorCode(await call(b, `/api/journal/days/${aDay.entry.id}`), 400)).toBe('validation');
    const bDay = await json<TOpenedDay>(
      await call(b, `/api/journal/days/1?weekId=${aDay.week.id}&entryId=${aDay.entry.id}&userId=${a.id}`, {
        method: 'POST',
      }),
      200,
    );
    expect(bDay.entry.id).not.toBe(aDay.entry.id);
    expect(bDay.week.id).not.toBe(aDay.week.id);
    expect(bDay.entry.contentText).toBe('');
    await call(b, '/api/journal/days/1', {
      method: 'PUT',
      body: { contentText: "B's words.", id: aDay.entry.id, weekId: aDay.week.id, userId: a.id },
    });
    await call(b, '/api/journal/lane', {
      method: 'POST',
      body: { lane: 'edges', weekId: aDay.week.id, userId: a.id },
    });
    await call(b, '/api/journal/days/1/another-prompt', { method: 'POST', body: { entryId: aDay.entry.id } });
    await call(b, '/api/journal/settings', {
      method: 'PUT',
      body: {
        aiEnabled: false,
        reminderTime: '06:00',
        remindersEnabled: true,
        weeklyEmailEnabled: true,
        userId: a.id,
      },
    });
    await call(b, '/api/journal/onboarding/answers', {
      method: 'PUT',
      body: { answers: ['Ben'], userId: a.id },
    });
    expect((await call(b, '/api/journal/data', { method: 'DELETE', body: { userId: a.id } })).status).toBe(
      204,
    );

    const aAfter = await json<TDashboard>(await call(a, '/api/journal/dashboard'), 200);
    expect(aAfter).toEqual(aBefore);
    const aDayAfter = await json<TDayReflection>(await call(a, '/api/journal/days/1'), 200);
    expect(aDayAfter.entry).not.toBeNull();
    expect(aDayAfter.entry).toMatchObject({ contentText: "A's private reflection.", replacementsCount: 0 });
    expect(await json<TProfile>(await call(a, '/api/journal/profile'), 200)).toMatchObject({
      firstName: 'Anna',
      answers: ANSWERS,
      aiEnabled: false,
      reminderTime: '08:00',
      remindersEnabled: false,
    });
  });
});

it('describes the journal endpoints in the OpenAPI document', async () => {
  const document = await json<{ paths: Record<string, unknown> }>(
    await t.app.request('/api/openapi.json'),
    200,
  );
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      '/api/journal/profile',
      '/api/journal/onboarding/answers',
      '/api/journal/onboarding/complete',
      '/api/journal/dashboard',
      '/api/journal/days/{day}',
      '/api/journal/days/{day}/another-prompt',
      '/api/journal/lane',
      '/api/journal/settings',
      '/api/journal/data',
      '/api/mail-off',
      '/api/mail-off/one-click',
    ]),
  );
});

describe('no lost words: two devices on one day', () => {
  type Changed = { error: { code: string }; entry: TEntry };
  const save = (user: SignedInUser, contentText: string, baseVersion: number) =>
    call(user, '/api/journal/days/1', { method: 'PUT', body: { contentText, baseVersion } });
  const savedText = async (user: SignedInUser) =>
    (await json<TDayReflection>(await call(user, '/api/journal/days/1?locale=en'), 200)).entry;

  it('refuses a save over an older version, writes nothing and answers with the text that is there', async () => {
    const user = await onboardedUser();
    const opened = await json<TOpenedDay>(await call(user, '/api/journal/days/1', { method: 'POST' }), 200);
    expect(opened.entry.version).toBe(1);
    // The phone saves first; the laptop's tab still holds version 1.
    const phone = await json<TEntry>(await save(user, 'A walk with my sister.', 1), 200);
    expect(phone.version).toBe(2);
    const stale = await json<Changed>(await save(user, 'Tom called tonight.', 1), 409);
    expect(stale.error.code).toBe('entry_changed');
    expect(stale.entry).toMatchObject({ contentText: 'A walk with my sister.', version: 2 });
    expect((await savedText(user))?.contentText).toBe('A walk with my sister.');
    // Keeping both, over the version the laptop has now seen.
    const both = await json<TEntry>(
      await save(user, 'A walk with my sister.\n\nTom called tonight.', 2),
      200,
    );
    expect(both.version).toBe(3);
    expect((await savedText(user))?.contentText).toBe('A walk with my sister.\n\nTom called tonight.');
  });

  it('refuses a save that names no version, or one the entry never had', async () => {
    const user = await onboardedUser();
    const unnamed = await call(user, '/api/journal/days/1', { method: 'PUT', body: { contentText: 'x' } });
    expect(await errorCode(unnamed, 400)).toBe('validation');
    expect((await json<Changed>(await save(user, 'From the future.', 7), 409)).entry.version).toBe(1);
    expect((await savedText(user))?.contentText).toBe('');
  });

  it('of two saves racing over one version, writes exactly one and tells the other, 50 times', async () => {
    const user = await onboardedUser();
    let version = 1;
    for (let round = 1; round <= 50; round += 1) {
      const texts = [`Round ${round}, from the phone.`, `Round ${round}, from the laptop.`];
      const answers = await Promise.all(texts.map((text) => save(user, text, version)));
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.toSorted(), `round ${round}`).toEqual([200, 409]);
      const winner = bodies[statuses.indexOf(200)] as TEntry;
      const loser = bodies[statuses.indexOf(409)] as Changed;
      expect(loser.entry).toEqual(winner);
      expect((await savedText(user))?.contentText).toBe(winner.contentText);
      version = winner.version;
    }
    expect(version).toBe(51);
  });
});

describe('no lost words: two devices in onboarding', () => {
  type Changed = { error: { code: string }; answers: string[]; versions: number[] };
  const save = (user: SignedInUser, answers: string[], baseVersions: number[]) =>
    call(user, '/api/journal/onboarding/answers', { method: 'PUT', body: { answers, baseVersions } });
  const stored = async (user: SignedInUser) => json<TProfile>(await call(user, '/api/journal/profile'), 200);

  it('refuses answers over older versions, writes none of them, and answers with those that are there', async () => {
    const user = await createSignedInUser(t);
    expect(
      (await json<{ versions: number[] }>(await save(user, ['Anna', 'Trust'], []), 200)).versions,
    ).toEqual([1, 1]);
    // The phone changes the second answer; the laptop, still on [1, 1], changes the second and a third.
    await json(await save(user, ['Anna', 'Trust, from the phone'], [1, 1]), 200);
    const stale = await json<Changed>(
      await save(user, ['Anna', 'Trust, from the laptop', 'Home'], [1, 1]),
      409,
    );
    expect(stale).toEqual({
      error: { code: 'answers_changed' },
      answers: ['Anna', 'Trust, from the phone'],
      versions: [1, 2],
    });
    expect(await stored(user)).toMatchObject({
      answers: ['Anna', 'Trust, from the phone'],
      answerVersions: [1, 2],
    });
    const completed = await call(user, '/api/journal/onboarding/complete', {
      method: 'POST',
      body: { answers: ['Anna', 'Trust, from the laptop'], baseVersions: [1, 1] },
    });
    expect((await json<Changed>(completed, 409)).error.code).toBe('answers_changed');
    expect((await stored(user)).onboardingCompletedAt).toBeNull();
    const badVersions = await call(user, '/api/journal/onboarding/answers', {
      method: 'PUT',
      body: { answers: ['Anna'], baseVersions: [-1] },
    });
    expect(await errorCode(badVersions, 400)).toBe('validation');
  });

  it('of two saves racing over one version, writes exactly one and tells the other, 50 times', async () => {
    const user = await createSignedInUser(t);
    let versions: number[] = [];
    for (let round = 1; round <= 50; round += 1) {
      const sent = [`Round ${round}, from the phone.`, `Round ${round}, from the laptop.`];
      const answers = await Promise.all(sent.map((text) => save(user, ['Anna', text], versions)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.toSorted(), `round ${round}`).toEqual([200, 409]);
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      const winner = bodies[statuses.indexOf(200)] as { versions: number[] };
      const loser = bodies[statuses.indexOf(409)] as Changed;
      expect(loser.versions).toEqual(winner.versions);
      expect(loser.answers[1]).toBe(sent[statuses.indexOf(200)]);
      expect((await stored(user)).answers[1]).toBe(sent[statuses.indexOf(200)]);
      versions = winner.versions;
    }
    expect(versions).toEqual([1, 50]);
  });
});

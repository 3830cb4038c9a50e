import { formatDateRange } from '@shared/domain/journal';
import type { THistoryPage, THistoryWeek, TSearchResult } from '@shared/schemas/history';
import { ZHistoryPage, ZHistoryWeek, ZSearchResult } from '@shared/schemas/history';
import { type TLatestInsight, ZLatestInsight } from '@shared/schemas/insights';
import { TIME_ZONE_HEADER } from '@shared/schemas/journal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/journal';
import { createLogger } from '../../lib/logger';
import { createTestApp, TEST_SESSION_SECRET, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser, type SignedInUser } from '../../test/users';
import { makeDueInsights } from '../insights/worker';
import { mailOffUrls } from '../journal/service';
import { PROMPT_LIBRARY_DIR } from '../journal/test-fixtures';

/** Issue 14, over HTTP: past weeks with their insight and reflections, one week, the search, the way out. */

const MONDAY = new Date('2026-03-02T09:00:00Z');
const WEEK = 7 * 86_400_000;
const ANSWERS = ['Anna', 'Honesty and trust.', 'Being listened to.', 'My sister.', 'Friends.', 'Saying no.'];

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ prompts: PROMPT_LIBRARY_DIR });
});
afterAll(async () => t.close());

function call(user: SignedInUser, path: string, init: { method?: string; body?: unknown } = {}) {
  return authedRequest(t, user.cookie, path, { ...init, headers: { [TIME_ZONE_HEADER]: 'Europe/Berlin' } });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function makeInsights() {
  await makeDueInsights({
    db: t.database.db,
    clock: t.clock,
    cipher: t.cipher,
    logger: createLogger({ level: 'silent' }),
    ai: undefined,
    appUrl: t.config.appUrl,
    secret: TEST_SESSION_SECRET,
  });
}

/** A person with `weeks` weeks written, Monday's reflection of week n reading "Week n: …". */
async function writer(weeks: number): Promise<SignedInUser> {
  t.clock.set(MONDAY);
  const user = await createSignedInUser(t);
  expect(
    (await call(user, '/api/journal/onboarding/complete', { method: 'POST', body: { answers: ANSWERS } }))
      .status,
  ).toBe(200);
  for (let week = 0; week < weeks; week++) {
    t.clock.set(new Date(MONDAY.getTime() + week * WEEK));
    const text =
      week === 0
        ? 'Week 0: Ich habe mit meiner Schwester über Vertrauen gesprochen, es war schön.'
        : `Week ${week}: a quiet Monday with friends and a long walk.`;
    expect((await call(user, '/api/journal/days/1?locale=en', { method: 'POST' })).status).toBe(200);
    const saved = await call(user, '/api/journal/days/1', {
      method: 'PUT',
      body: { contentText: text, baseVersion: 1 },
    });
    expect(saved.status).toBe(200);
  }
  return user;
}

describe('looking back', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await writer(8);
    // The clock is in the ninth week; the eight before are past and get their insights.
    t.clock.set(new Date(MONDAY.getTime() + 8 * WEEK));
    await makeInsights();
  });

  it('lists the past weeks newest first, five a page, each with its insight and reflections', async () => {
    const first = ZHistoryPage.parse(
      await json<THistoryPage>(await call(user, '/api/history?locale=en'), 200),
    );
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 8 });
    expect(first.weeks.map((week) => week.startDate)).toEqual([
      '2026-04-20',
      '2026-04-13',
      '2026-04-06',
      '2026-03-30',
      '2026-03-23',
    ]);
    const [newest] = first.weeks;
    expect(newest?.insight).toMatchObject({ weekStart: '2026-04-20', daysReflected: 1, source: 'computed' });
    expect(newest?.entries).toEqual([
      expect.objectContaining({ day: 1, date: '2026-04-20', contentText: expect.stringMatching(/^Week 7:/) }),
    ]);
    expect(newest?.entries[0]?.prompt).toEqual(expect.any(String));
    expect(newest).toMatchObject({ insightPending: false, current: false });

    const second = await json<THistoryPage>(await call(user, '/api/history?page=2&locale=de'), 200);
    expect(second.weeks.map((week) => week.startDate)).toEqual(['2026-03-16', '2026-03-09', '2026-03-02']);
    expect(second.weeks[2]?.insight?.locale).toBe('de');
    expect(second.weeks[2]?.insight?.paragraph).toMatch(/deine Schwester/);
    // Past the end: an empty page, not an error.
    expect((await json<THistoryPage>(await call(user, '/api/history?page=9'), 200)).weeks).toEqual([]);
    for (const bad of ['page=0', 'page=x', 'locale=fr']) {
      expect((await call(user, `/api/history?${bad}`)).status, bad).toBe(400);
    }
  });

  it('opens one week by its Monday, the current one too, and not one ahead or unknown', async () => {
    const week = ZHistoryWeek.parse(
      await json<THistoryWeek>(await call(user, '/api/history/weeks/2026-03-02'), 200),
    );
    expect(week).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-08', isoWeek: '2026-W10' });
    expect(week.entries[0]?.contentText).toMatch(/^Week 0:/);
    // The current week (seen on the dashboard, nothing written yet) can be read; its insight is to come.
    expect((await call(user, '/api/journal/dashboard')).status).toBe(200);
    const current = await json<THistoryWeek>(await call(user, '/api/history/weeks/2026-04-27'), 200);
    expect(current).toMatchObject({ current: true, insight: null, insightPending: false, entries: [] });
    expect((await call(user, '/api/history/weeks/2026-05-04')).status).toBe(404);
    expect((await call(user, '/api/history/weeks/2025-03-03')).status).toBe(404);
    expect((await call(user, '/api/history/weeks/2026-3-2')).status).toBe(400);
  });

  it('finds old reflections, umlauts either way, with the words marked in the snippet', async () => {
    const found = ZSearchResult.parse(
      await json<TSearchResult>(
        await call(user, `/api/history/search?q=${encodeURIComponent('ueber SCHWESTER')}`),
        200,
      ),
    );
    expect(found).toMatchObject({ terms: ['ueber', 'schwester'], total: 1, page: 1 });
    const [hit] = found.hits;
    expect(hit).toMatchObject({ weekStart: '2026-03-02', day: 1, date: '2026-03-02' });
    expect(hit?.ranges.map(([start, end]) => hit.snippet.slice(start, end))).toEqual(['Schwester', 'über']);

    const friends = await json<TSearchResult>(await call(user, '/api/history/search?q=friends'), 200);
    expect(friends.total).toBe(7);
    expect(friends.hits.map((item) => item.weekStart)[0]).toBe('2026-04-20');
    expect((await json<TSearchResult>(await call(user, '/api/history/search?q=x'), 200)).total).toBe(0);
    expect((await call(user, `/api/history/search?q=${'a'.repeat(201)}`)).status).toBe(400);
  });

  it("never shows or finds another person's weeks", async () => {
    const other = await writer(1);
    t.clock.set(new Date(MONDAY.getTime() + 8 * WEEK));
    expect((await json<THistoryPage>(await call(other, '/api/history'), 200)).total).toBe(1);
    expect((await json<TSearchResult>(await call(other, '/api/history/search?q=Schwester'), 200)).total).toBe(
      1,
    );
    expect((await json<TSearchResult>(await call(other, '/api/history/search?q=friends'), 200)).total).toBe(
      0,
    );
    expect((await call(other, '/api/history/weeks/2026-04-20')).status).toBe(404);
  });

  it('shows the newest insight for the dashboard', async () => {
    const latest = ZLatestInsight.parse(
      await json<TLatestInsight>(await call(user, '/api/insights/latest?locale=de'), 200),
    );
    expect(latest).toMatchObject({ pending: false, insight: { weekStart: '2026-04-20', locale: 'de' } });
  });

  it('downloads the reflections as Markdown, week by week, oldest first, in the asked language', async () => {
    t.clock.set(new Date(MONDAY.getTime() + 8 * WEEK));
    const german = await call(user, '/api/history/export?locale=de');
    expect(german.status).toBe(200);
    expect(german.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(german.headers.get('content-disposition')).toBe(
      'attachment; filename="mirror-reflexionen-2026-04-27.md"; ' +
        "filename*=UTF-8''mirror-reflexionen-2026-04-27.md",
    );
    const text = await german.text();
    expect(
      text.startsWith(
        '# Meine Reflexionen in Mirror\n\nExportiert am Montag, 27. April 2026: 8 Reflexionen.',
      ),
    ).toBe(true);
    const first = text.indexOf(`## Woche 10 · ${formatDateRange('de', '2026-03-02', '2026-03-08')}`);
    const last = text.indexOf(`## Woche 17 · ${formatDateRange('de', '2026-04-20', '2026-04-26')}`);
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
    expect(text).toContain('### Tag 1 · Montag, 2. März · ');
    expect(text).toContain('Week 0: Ich habe mit meiner Schwester über Vertrauen gesprochen, es war schön.');
    // The prompt, in German, as a quote above the answer; the week's insight in German below.
    const week0 = text.slice(first, text.indexOf('## Woche 11'));
    expect(week0).toMatch(/\n> \S[^\n]*\n\nWeek 0:/);
    expect(week0).toMatch(/### Dein Wochenrückblick\n\n[^\n]*deine Schwester/);
    // The current week, with nothing written yet, is left out.
    expect(text).not.toContain('Woche 18');

    const english = await call(user, '/api/history/export?locale=en');
    expect(english.headers.get('content-disposition')).toContain(
      'filename="mirror-reflections-2026-04-27.md"',
    );
    const englishText = await english.text();
    expect(englishText).toContain('# My reflections in Mirror');
    expect(englishText).toContain(`## Week 10 · ${formatDateRange('en', '2026-03-02', '2026-03-08')}`);
    expect(englishText).toContain('### Your week in review');
    expect((await call(user, '/api/history/export?locale=fr')).status).toBe(400);
  });

  it('exports only the person’s own reflections, and an empty file before onboarding', async () => {
    const newcomer = await createSignedInUser(t);
    const empty = await call(newcomer, '/api/history/export?locale=en');
    expect(empty.status).toBe(200);
    const text = await empty.text();
    expect(text).toContain('You have not written any reflections yet.');
    expect(text).not.toContain('Week 0');
    expect((await t.app.request('/api/history/export')).status).toBe(401);
  });

  it('needs a session, and onboarding for the weeks', async () => {
    for (const path of [
      '/api/history',
      '/api/history/weeks/2026-03-02',
      '/api/history/search?q=hi',
      '/api/insights/latest',
    ]) {
      expect((await t.app.request(path)).status, path).toBe(401);
    }
    const newcomer = await createSignedInUser(t);
    expect((await call(newcomer, '/api/history')).status).toBe(409);
    expect((await json<TSearchResult>(await call(newcomer, '/api/history/search?q=hello'), 200)).total).toBe(
      0,
    );
  });
});

describe('turning off e-mails from their link', () => {
  it('works without a session, once per kind, and refuses a forged token', async () => {
    t.clock.set(MONDAY);
    const user = await writer(1);
    const settings = {
      aiEnabled: false,
      reminderTime: '20:00',
      remindersEnabled: true,
      weeklyEmailEnabled: true,
    };
    expect((await call(user, '/api/journal/settings', { method: 'PUT', body: settings })).status).toBe(200);
    const links = { appUrl: t.config.appUrl, secret: TEST_SESSION_SECRET };
    const reminder = mailOffUrls(links, { userId: user.id, kind: 'reminder', locale: 'en' });
    const weekly = mailOffUrls(links, { userId: user.id, kind: 'weekly', locale: 'de' });

    // RFC 8058: a mail provider POSTs from its servers, no Origin, no cookie.
    const oneClick = await t.app.request(
      new URL(reminder.oneClick).pathname + new URL(reminder.oneClick).search,
      {
        method: 'POST',
      },
    );
    expect(oneClick.status).toBe(200);
    let view = await json<{
      remindersEnabled: boolean;
      weeklyEmailEnabled: boolean;
      nextReminderAt: string | null;
    }>(await call(user, '/api/journal/settings'), 200);
    expect(view).toMatchObject({ remindersEnabled: false, weeklyEmailEnabled: true, nextReminderAt: null });

    // The page's POST, with the token from the link.
    const token = new URL(weekly.page).searchParams.get('token');
    const page = await t.app.request('/api/mail-off', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(t.config.appUrl).origin },
      body: JSON.stringify({ token }),
    });
    expect(await json(page, 200)).toEqual({ kind: 'weekly' });
    view = await json(await call(user, '/api/journal/settings'), 200);
    expect(view).toMatchObject({ remindersEnabled: false, weeklyEmailEnabled: false });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.profileV0).toMatchObject({
      reminder_enabled: false,
      weekly_email_enabled: false,
      reminder_time: '20:00',
    });

    const forged = await t.app.request('/api/mail-off', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(t.config.appUrl).origin },
      body: JSON.stringify({ token: `${token}x` }),
    });
    expect(await json(forged, 400)).toEqual({ error: { code: 'invalid_token' } });
    expect((await t.app.request('/api/mail-off/one-click?token=nonsense', { method: 'POST' })).status).toBe(
      400,
    );
  });
});

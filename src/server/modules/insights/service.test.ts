import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { summaries, weeks } from '../../db/schema/journal';
import { mailOutbox } from '../../db/schema/mail';
import { createLogger } from '../../lib/logger';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createTestCipher } from '../../test/test-cipher';
import { createTestDatabase } from '../../test/test-db';
import { saveBubbles } from '../bubbles/service';
import {
  chooseLane,
  completeOnboarding,
  getDashboard,
  type JournalDeps,
  readMailOffToken,
  saveSettings,
} from '../journal/service';
import { saveDayText } from '../journal/test-fixtures';
import { type OutboxRow, openPrivateBody } from '../mail/service';
import { type InsightsDeps, insightsOfWeeks, latestInsight } from './service';
import { makeDueInsights } from './worker';

/**
 * Issue 14: a week's insight is made when the week ends (midnight after Sunday, in the person's zone) or
 * when day 7 is completed; computed from the week's text and choices, or written by a configured model for
 * people who asked for it, falling back to the computed one on any failure; and sent by e-mail once.
 */

const SECRET = 'insight-test-secret-with-at-least-32-characters';
const APP_URL = 'https://mirror.example.org';
// 2026-03-02 is a Monday.
const MONDAY = new Date('2026-03-02T06:00:00Z');
const DAY = 86_400_000;

const WEEK_EN = [
  'This morning I talked with my sister about trust. She listened, and I felt I could be honest with her.',
  'Robin and I argued about the holidays. Later we laughed about it, and I felt close to him again.',
  'I was tired after work and needed rest. I said no to a party, which felt strange but right.',
  '',
  'My partner told me she trusts me. I want to trust myself more, and to listen when I feel afraid.',
  'A quiet day. I called my mother and we talked for an hour about the family.',
  'Looking back, this week was about being honest and asking for space when I need it.',
];
const WEEK_DE = [
  'Heute habe ich mit meiner Schwester über Vertrauen gesprochen. Sie hat mir zugehört.',
  'Mit meiner Freundin gab es Streit, aber danach haben wir zusammen gelacht. Ich bin dankbar für sie.',
  'Ich war müde und erschöpft und brauche mehr Ruhe. Ich habe Nein gesagt und meine Grenze gezeigt.',
];

let database: DatabaseHandle;
let clock: FakeClock;
let deps: InsightsDeps;
let journal: JournalDeps;
let counter = 0;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = createFakeClock(MONDAY);
  deps = {
    db: database.db,
    clock,
    cipher: createTestCipher(),
    logger: createLogger({ level: 'silent' }),
    ai: undefined,
    appUrl: APP_URL,
    secret: SECRET,
  };
  journal = { db: database.db, clock, cipher: deps.cipher };
});
afterEach(async () => {
  await database.close();
});

async function person(
  options: { locale?: 'en' | 'de'; timeZone?: string; weekly?: boolean; quotes?: boolean; ai?: boolean } = {},
) {
  counter += 1;
  const userId = `insightful-${counter}`;
  const email = `${userId}@example.com`;
  await database.db.insert(users).values({ id: userId, name: userId, email, emailVerified: true });
  const context = {
    ...journal,
    locale: options.locale ?? 'en',
    ai: { url: 'http://127.0.0.1:9/v1', model: 'm' },
  };
  await completeOnboarding(context, {
    userId,
    answers: ['Anna', 'trust', 'listening', 'my sister', 'support', 'no'],
    timeZone: options.timeZone ?? 'UTC',
  });
  await saveSettings(context, {
    userId,
    settings: {
      aiEnabled: options.ai ?? false,
      reminderTime: '08:00',
      remindersEnabled: false,
      weeklyEmailEnabled: options.weekly ?? false,
      weeklyEmailQuotes: options.quotes ?? false,
    },
    timeZone: undefined,
  });
  return { userId, email };
}

/** Writes the week's texts on their days (day 4: the lane), moving the clock through the week. */
async function writeWeek(userId: string, texts: readonly string[], lane?: 'edges' | 'where_safe') {
  for (const [index, text] of texts.entries()) {
    const day = index + 1;
    clock.set(new Date(MONDAY.getTime() + index * DAY));
    if (day === 4 && lane) {
      expect((await chooseLane(journal, { userId, lane })).ok).toBe(true);
    } else if (text) {
      expect((await saveDayText(journal, { userId, day, contentText: text })).ok).toBe(true);
    }
  }
}

async function summaryOf(userId: string) {
  const [week] = await database.db.select().from(weeks).where(eq(weeks.userId, userId));
  if (!week) throw new Error(`no week for ${userId}`);
  const insights = await insightsOfWeeks(database.db, deps.cipher, {
    userId,
    locale: 'en',
    weeks: [{ ...week, topics: week.structure.topics }],
  });
  return { week, insight: insights.get(week.id) };
}

/** A queued weekly e-mail's text, opened as the outbox worker opens it. */
function openedText(mail: OutboxRow | undefined): string {
  if (!mail) throw new Error('no e-mail was queued');
  return openPrivateBody(deps.cipher, mail).textBody;
}

describe('a week’s insight', () => {
  it('is made when the week ends, from its text and choices (a full English week)', async () => {
    const { userId } = await person();
    await saveBubbles(journal, {
      userId,
      bubbles: [
        {
          id: '8a4f6d1e-2c7b-4f0e-9a53-1d2e3f4a5b6c',
          category: 'Trust',
          whoTrusted: ['friend'],
          name: 'Robin',
          when: 'today',
          importance: 8,
          createdAt: MONDAY.toISOString(),
        },
      ],
    });
    await writeWeek(userId, WEEK_EN.slice(0, 6), 'edges');
    // Saturday: not yet; the week is not over.
    expect(await makeDueInsights(deps)).toBe(0);
    // Midnight after Sunday (UTC here), the insight is made.
    clock.set(new Date('2026-03-09T00:00:30Z'));
    expect(await makeDueInsights(deps)).toBe(1);
    const { week, insight } = await summaryOf(userId);
    expect(week.insightDueAt).toBeNull();
    expect(insight).toMatchObject({
      weekStart: '2026-03-02',
      weekEnd: '2026-03-08',
      source: 'computed',
      locale: 'en',
      daysReflected: 5,
      lane: 'edges',
    });
    expect(insight?.words).toBeGreaterThan(80);
    expect(insight?.themes).toContain('trust');
    expect(insight?.themes).toHaveLength(3);
    expect(insight?.people).toEqual(
      expect.arrayContaining([
        { kind: 'role', role: 'sister' },
        { kind: 'name', name: 'Robin' },
        { kind: 'role', role: 'partner' },
      ]),
    );
    expect(insight?.moment?.text).toBeTruthy();
    expect(insight?.paragraph).toContain('On day four you chose the edges you want to explore.');
    expect(insight?.paragraph).toMatch(/trust/);
    expect(insight?.paragraph).toContain('your sister');
    // Made once: the next run finds nothing to do.
    expect(await makeDueInsights(deps)).toBe(0);
    expect(await database.db.select().from(summaries)).toHaveLength(1);
  });

  it('counts only the days that were theirs in the week they joined (decision 067)', async () => {
    clock.set(new Date(MONDAY.getTime() + DAY)); // joined on the Tuesday
    const { userId } = await person();
    const texts = WEEK_EN.map((text, index) => (index === 0 ? '' : text));
    await writeWeek(userId, texts);
    expect(await makeDueInsights(deps)).toBe(1);
    const { insight } = await summaryOf(userId);
    expect(insight?.daysReflected).toBe(5);
    // Five of their five reflection days: the week is full for them, and no day before it is counted.
    expect(insight?.paragraph).toMatch(
      /^(You made time for every reflection|You answered every one of the week’s five|Not one of this week’s five)/,
    );
  });

  it('is made as soon as day 7 is completed', async () => {
    const { userId } = await person();
    await writeWeek(userId, WEEK_EN);
    expect(await makeDueInsights(deps)).toBe(1);
    const { insight } = await summaryOf(userId);
    expect(insight?.daysReflected).toBe(6);
    expect(insight?.paragraph).toMatch(
      /^(You made time for every reflection|You answered every one of the week’s|Not one of this week’s)/,
    );
  });

  it('is made for an empty week too, gently, and is not e-mailed', async () => {
    const { userId } = await person({ weekly: true });
    clock.set(MONDAY);
    expect((await getDashboard(journal, userId)).ok).toBe(true);
    await saveDayText(journal, { userId, day: 1, contentText: 'hm' });
    clock.set(new Date('2026-03-09T00:01:00Z'));
    expect(await makeDueInsights(deps)).toBe(1);
    const { insight } = await summaryOf(userId);
    expect(insight).toMatchObject({ daysReflected: 0, words: 0, themes: [], people: [], moment: null });
    expect(insight?.paragraph).toMatch(/quiet on the page|nothing to make up for/);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('is German for a German week, and read in English it is written again in English', async () => {
    const { userId } = await person({ locale: 'de', timeZone: 'Europe/Berlin' });
    await writeWeek(userId, WEEK_DE);
    // Midnight after Sunday in Berlin is 23:00 UTC on Sunday.
    clock.set(new Date('2026-03-08T22:59:00Z'));
    expect(await makeDueInsights(deps)).toBe(0);
    clock.set(new Date('2026-03-08T23:00:00Z'));
    expect(await makeDueInsights(deps)).toBe(1);
    const [week] = await database.db.select().from(weeks).where(eq(weeks.userId, userId));
    if (!week) throw new Error('no week');
    const record = [{ ...week, topics: week.structure.topics }];
    const german = (
      await insightsOfWeeks(database.db, deps.cipher, { userId, locale: 'de', weeks: record })
    ).get(week.id);
    expect(german).toMatchObject({ locale: 'de', daysReflected: 3 });
    expect(german?.themes).toEqual(expect.arrayContaining(['trust', 'rest']));
    expect(german?.people).toEqual([
      { kind: 'role', role: 'sister' },
      { kind: 'role', role: 'friend_f' },
    ]);
    expect(german?.paragraph).toMatch(/deine Schwester und eine Freundin/);
    expect(german?.paragraph).toMatch(/Vertrauen/);
    const english = (
      await insightsOfWeeks(database.db, deps.cipher, { userId, locale: 'en', weeks: record })
    ).get(week.id);
    expect(english).toMatchObject({ locale: 'en', themes: german?.themes });
    expect(english?.paragraph).toMatch(/your sister and a friend/);
  });

  it('is e-mailed once to those who asked, in their language, with a one-click way out', async () => {
    const { userId, email } = await person({ locale: 'de', weekly: true });
    await writeWeek(userId, WEEK_EN.slice(0, 3));
    clock.set(new Date('2026-03-09T00:00:10Z'));
    // Two workers at once: one insight, one e-mail.
    const made = await Promise.all([makeDueInsights(deps), makeDueInsights(deps)]);
    expect(made[0] + made[1]).toBe(1);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe('weekly_insight');
    expect(mail?.subject).toBe('Deine Woche in Gedanken: 2.–8. März 2026');
    // The body quotes the week: sealed while it waits, opened by the outbox worker (decision 045).
    expect(mail?.textBody).not.toContain('history/2026-03-02');
    expect(openedText(mail)).toContain(`${APP_URL}/history/2026-03-02?lang=de`);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = new URL(
      /<([^>]+)>/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '',
    ).searchParams.get('token');
    expect(readMailOffToken(SECRET, token ?? '')).toEqual({ userId, kind: 'weekly' });
  });

  it('carries the figures and none of the words, unless the person chose the text by e-mail', async () => {
    const without = await person({ weekly: true });
    const withText = await person({ weekly: true, quotes: true });
    await writeWeek(without.userId, WEEK_EN.slice(0, 3));
    await writeWeek(withText.userId, WEEK_EN.slice(0, 3));
    clock.set(new Date('2026-03-09T00:00:10Z'));
    expect(await makeDueInsights(deps)).toBe(2);
    const bodyOf = async (address: string) => {
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      if (!mail) throw new Error(`no e-mail for ${address}`);
      const opened = openPrivateBody(deps.cipher, mail);
      return { text: opened.textBody, html: opened.html };
    };
    const plain = await bodyOf(without.email);
    const paragraph = (await summaryOf(without.userId)).insight?.paragraph ?? '';
    expect(paragraph.length).toBeGreaterThan(40);
    expect(plain.text).toContain('Days reflected: 3');
    expect(plain.text).toContain('This e-mail carries none of your words');
    expect(plain.text).toContain(`${APP_URL}/history/2026-03-02?lang=en`);
    for (const body of [plain.text, plain.html]) {
      expect(body).not.toContain(paragraph.slice(0, 40));
      expect(body).not.toMatch(/your sister|trust/i);
    }
    const quoted = await bodyOf(withText.email);
    const theirs = (await summaryOf(withText.userId)).insight?.paragraph ?? '';
    expect(quoted.text).toContain(theirs.slice(0, 40));
    expect(quoted.text).not.toContain('This e-mail carries none of your words');
  });

  it('is not e-mailed when made long after its week (a backlog after an outage)', async () => {
    const { userId } = await person({ weekly: true });
    await writeWeek(userId, WEEK_EN.slice(0, 2));
    clock.set(new Date('2026-03-12T00:00:00Z'));
    expect(await makeDueInsights(deps)).toBe(1);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('is the newest one on the dashboard, and pending while due but not made', async () => {
    const { userId } = await person();
    await writeWeek(userId, WEEK_EN.slice(0, 2));
    clock.set(new Date('2026-03-09T00:00:10Z'));
    expect(await latestInsight(deps, { userId, locale: 'en' })).toEqual({ insight: null, pending: true });
    await makeDueInsights(deps);
    const latest = await latestInsight(deps, { userId, locale: 'de' });
    expect(latest).toMatchObject({ pending: false, insight: { weekStart: '2026-03-02', locale: 'de' } });
  });
});

describe('AI insights', () => {
  type Seen = {
    authorization: string | undefined;
    body: { model: string; messages: { role: string; content: string }[] };
  };
  let server: http.Server;
  let seen: Seen[] = [];
  let answer: (response: http.ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      // One connection per request: a request that reuses a connection as this server closes it for being
      // idle (its 5 s keep-alive) is reset before it is seen, which two requests a few seconds apart met on
      // a busy machine.
      response.shouldKeepAlive = false;
      // Noted on arrival: on a busy machine the caller may give up before this process reads the body.
      const entry: Seen = { authorization: request.headers.authorization, body: { model: '', messages: [] } };
      seen.push(entry);
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        entry.body = JSON.parse(raw);
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  /** A generous timeout (the model answers at once), except where the timeout itself is tested. */
  const ai = (timeoutMs = 15_000): AiConfig => ({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: 'test-key',
    model: 'tiny-llama',
    timeoutMs,
  });
  const reply = (content: string) => (response: http.ServerResponse) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));

  async function aiWeek(options: { ai: boolean }) {
    const who = await person({ ai: options.ai, weekly: true, quotes: true });
    await writeWeek(who.userId, WEEK_EN.slice(0, 3));
    clock.set(new Date('2026-03-09T00:00:10Z'));
    return who;
  }

  it('are written by the configured model from the week’s text, for those who switched them on', async () => {
    answer = reply('  "A warm week: you listened, and you were heard.\n\nCarry that with you."  ');
    const { userId, email } = await aiWeek({ ai: true });
    expect(await makeDueInsights({ ...deps, ai: ai() })).toBe(1);
    const { insight } = await summaryOf(userId);
    expect(insight).toMatchObject({
      source: 'ai',
      paragraph: 'A warm week: you listened, and you were heard. Carry that with you.',
      daysReflected: 3,
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.authorization).toBe('Bearer test-key');
    expect(request?.body.model).toBe('tiny-llama');
    const sent = JSON.stringify(request?.body);
    expect(sent).toContain(WEEK_EN[0]);
    expect(sent).toContain('2026-03-02');
    // What the settings say is sent: the reflections and their topics; not the name or the address.
    expect(sent).not.toContain(email);
    expect(sent).not.toContain('Anna');
    const [mail] = await database.db.select().from(mailOutbox);
    expect(openedText(mail)).toContain('tiny-llama');
  });

  it('never reach the model for those who did not switch them on', async () => {
    answer = reply('Should not be used.');
    const { userId } = await aiWeek({ ai: false });
    expect(await makeDueInsights({ ...deps, ai: ai() })).toBe(1);
    expect(seen).toEqual([]);
    expect((await summaryOf(userId)).insight?.source).toBe('computed');
  });

  it.each([
    ['answers with an error', (response: http.ServerResponse) => response.writeHead(500).end('boom'), 15_000],
    ['answers with no text', reply('   '), 15_000],
    [
      'answers something that is not JSON',
      (response: http.ServerResponse) => response.writeHead(200).end('<html>'),
      15_000,
    ],
    ['does not answer within the timeout', () => undefined, 1000],
  ])('fall back to the computed insight when the model %s', async (_, behaviour, timeoutMs) => {
    answer = behaviour;
    const { userId } = await aiWeek({ ai: true });
    expect(await makeDueInsights({ ...deps, ai: ai(timeoutMs) })).toBe(1);
    expect(seen).toHaveLength(1);
    const { insight } = await summaryOf(userId);
    expect(insight?.source).toBe('computed');
    expect(insight?.paragraph).toMatch(/reflect|came back|paused/);
  });
});

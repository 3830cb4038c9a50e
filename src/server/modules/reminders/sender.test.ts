import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { reminderSchedules } from '../../db/schema/journal';
import { mailOutbox } from '../../db/schema/mail';
import { createLogger } from '../../lib/logger';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createTestCipher } from '../../test/test-cipher';
import { createTestDatabase } from '../../test/test-db';
import {
  completeOnboarding,
  type JournalDeps,
  readMailOffToken,
  saveSettings,
  syncTimeZone,
  turnOffPersonalMail,
} from '../journal/service';
import { saveDayText } from '../journal/test-fixtures';
import { type ReminderSenderDeps, sendDueReminders } from './sender';

/**
 * Issue 14: the daily reminder goes out once on each local day at the person's time, in their zone, across
 * daylight-saving changes; not on a day already reflected, not while off, not after a long outage, never
 * twice, and exactly once when several senders run at once.
 */

const SECRET = 'reminder-test-secret-with-at-least-32-characters';
const APP_URL = 'https://mirror.example.org';
const MINUTE = 60_000;
const ANSWERS = ['Anna', 'Honesty and trust.', 'Being listened to.', 'My sister.', 'Friends.', 'Saying no.'];

let database: DatabaseHandle;
let clock: FakeClock;
let deps: ReminderSenderDeps;
let journal: JournalDeps;
let counter = 0;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = createFakeClock(new Date('2026-03-02T00:00:00Z'));
  deps = {
    db: database.db,
    clock,
    logger: createLogger({ level: 'silent' }),
    appUrl: APP_URL,
    secret: SECRET,
  };
  journal = { db: database.db, clock, cipher: createTestCipher() };
});
afterEach(async () => {
  await database.close();
});

type Person = { userId: string; email: string };

/** An onboarded person in `timeZone` with the reminder at `time`, switched on now. */
async function person(
  timeZone: string,
  options: { time?: string; locale?: 'en' | 'de'; enabled?: boolean; joinedNow?: boolean } = {},
): Promise<Person> {
  counter += 1;
  const userId = `reminded-${counter}`;
  const email = `reminded-${counter}@example.com`;
  await database.db.insert(users).values({ id: userId, name: userId, email, emailVerified: true });
  const context = { ...journal, locale: options.locale ?? 'en' };
  // Unless the test is about a newcomer, the person joined weeks before: every day is theirs (decision 067).
  const now = clock.now();
  if (!options.joinedNow) clock.set(new Date('2026-02-02T12:00:00Z'));
  await completeOnboarding(context, { userId, answers: ANSWERS, timeZone });
  clock.set(now);
  await saveSettings(context, {
    userId,
    settings: {
      aiEnabled: false,
      reminderTime: options.time ?? '08:00',
      remindersEnabled: options.enabled ?? true,
      weeklyEmailEnabled: false,
      weeklyEmailQuotes: false,
    },
    timeZone,
  });
  return { userId, email };
}

async function reminders() {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'reminder'));
}

/**
 * Moves the clock from now to `until` in steps, the sender running after each, and answers when each
 * reminder was sent: its message key and the time.
 */
async function runUntil(until: string, stepMs = 10 * MINUTE) {
  const sent: { key: string; at: string }[] = [];
  const known = new Set((await reminders()).map((row) => row.messageKey));
  const end = new Date(until).getTime();
  while (clock.now().getTime() < end) {
    clock.advance(stepMs);
    await sendDueReminders(deps);
    for (const row of await reminders()) {
      if (known.has(row.messageKey)) continue;
      known.add(row.messageKey);
      sent.push({ key: row.messageKey, at: clock.now().toISOString() });
    }
  }
  return sent;
}

describe('daily reminders', () => {
  it('go out once a day at 08:00 local time in Berlin and New York, across both DST changes', {
    timeout: 120_000,
  }, async () => {
    const step = 20 * MINUTE;
    const at = (sent: { key: string; at: string }[], who: Person) =>
      sent.filter((item) => item.key.includes(who.userId)).map((item) => item.at);
    clock.set(new Date('2026-03-07T00:00:00Z'));
    const newYork = await person('America/New_York');
    // 08:00 EST is 13:00 UTC; from Sunday 8 March (spring forward) 08:00 EDT is 12:00 UTC.
    const nySpring = await runUntil('2026-03-09T14:00:00Z', step);
    expect(nySpring.filter((item) => item.key.includes(newYork.userId))).toEqual([
      { key: `reminder:${newYork.userId}:2026-03-07`, at: '2026-03-07T13:00:00.000Z' },
      { key: `reminder:${newYork.userId}:2026-03-08`, at: '2026-03-08T12:00:00.000Z' },
      { key: `reminder:${newYork.userId}:2026-03-09`, at: '2026-03-09T12:00:00.000Z' },
    ]);

    clock.set(new Date('2026-03-28T00:00:00Z'));
    const berlin = await person('Europe/Berlin');
    // 08:00 CET is 07:00 UTC; from Sunday 29 March (spring forward) 08:00 CEST is 06:00 UTC.
    expect(at(await runUntil('2026-03-30T08:00:00Z', step), berlin)).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
    ]);

    // Berlin falls back on 25 October: 08:00 is 07:00 UTC again.
    clock.set(new Date('2026-10-24T00:00:00Z'));
    expect(at(await runUntil('2026-10-26T08:00:00Z', step), berlin)).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-10-26T07:00:00.000Z',
    ]);
    // New York falls back on 1 November: 08:00 is 13:00 UTC again.
    clock.set(new Date('2026-10-31T00:00:00Z'));
    expect(at(await runUntil('2026-11-02T14:00:00Z', step), newYork)).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
    // One a day each, never two for a date.
    const keys = (await reminders()).map((row) => row.messageKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('carry the link straight to today’s day, in the person’s language, with a one-click way out', async () => {
    clock.set(new Date('2026-03-06T06:00:00Z')); // a Friday: day 5
    const german = await person('Europe/Berlin', { locale: 'de' });
    const english = await person('Europe/London');
    clock.set(new Date('2026-03-06T08:00:00Z'));
    expect(await sendDueReminders(deps)).toMatchObject({ sent: 2 });
    const mailTo = async (who: Person) => {
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.email));
      if (!row) throw new Error(`no reminder to ${who.email}`);
      return row;
    };
    const deMail = await mailTo(german);
    const enMail = await mailTo(english);
    expect(deMail.subject).toMatch(/^Deine Reflexion für heute: /);
    expect(deMail.textBody).toContain(`${APP_URL}/reflect/day/5?lang=de`);
    expect(enMail.subject).toMatch(/^Today’s reflection: /);
    expect(enMail.textBody).toContain(`${APP_URL}/reflect/day/5?lang=en`);
    for (const mail of [deMail, enMail]) {
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = /<([^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
      const token = new URL(oneClick).searchParams.get('token') ?? '';
      expect(readMailOffToken(SECRET, token)).toMatchObject({ kind: 'reminder' });
      expect(mail.textBody).toContain(`${APP_URL}/email-off?token=`);
    }
  });

  it('send the lane choice on day 4', async () => {
    clock.set(new Date('2026-03-05T05:00:00Z'));
    const who = await person('Europe/Berlin');
    clock.set(new Date('2026-03-05T07:00:00Z'));
    await sendDueReminders(deps);
    const [row] = await reminders();
    expect(row?.textBody).toContain(`${APP_URL}/choose-lane?lang=en`);
    expect(row?.messageKey).toBe(`reminder:${who.userId}:2026-03-05`);
  });

  it('wait for a newcomer’s first week: nothing on the days before it (decision 067)', async () => {
    clock.set(new Date('2026-03-05T05:00:00Z')); // Thursday, 06:00 in Berlin: the first week is the next one
    const who = await person('Europe/Berlin', { joinedNow: true });
    const sent = await runUntil('2026-03-10T00:00:00Z');
    expect(sent.map((item) => item.key)).toEqual([`reminder:${who.userId}:2026-03-09`]);
  });

  it('skip a day that is already reflected, and come again the next day', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z')); // Monday, 06:00 in Berlin
    const who = await person('Europe/Berlin');
    expect(
      (await saveDayText(journal, { userId: who.userId, day: 1, contentText: 'Written before eight.' })).ok,
    ).toBe(true);
    const sent = await runUntil('2026-03-04T00:00:00Z');
    expect(sent.map((item) => item.key)).toEqual([`reminder:${who.userId}:2026-03-03`]);
  });

  it('still come on a day that was only opened, or has fewer than 10 characters', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z'));
    const who = await person('Europe/Berlin');
    await saveDayText(journal, { userId: who.userId, day: 1, contentText: 'short' });
    const sent = await runUntil('2026-03-02T08:00:00Z');
    expect(sent.map((item) => item.key)).toEqual([`reminder:${who.userId}:2026-03-02`]);
  });

  it('never come while off, whether never switched on or switched off', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z'));
    await person('Europe/Berlin', { enabled: false });
    const stopped = await person('Europe/Berlin');
    await turnOffPersonalMail(journal, { userId: stopped.userId, kind: 'reminder' });
    expect(await runUntil('2026-03-04T00:00:00Z', 30 * MINUTE)).toEqual([]);
    const [schedule] = await database.db
      .select()
      .from(reminderSchedules)
      .where(eq(reminderSchedules.userId, stopped.userId));
    expect(schedule?.dueAt).toBeNull();
  });

  it('are skipped when more than two hours late (the server was down), and sent when less', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z'));
    const who = await person('Europe/Berlin');
    // Down from before 08:00 until 10:01 on Monday: Monday's is missed, not sent late.
    clock.set(new Date('2026-03-02T09:01:00Z'));
    expect(await sendDueReminders(deps)).toMatchObject({ claimed: 1, sent: 0, skipped: 1 });
    // Down again over Tuesday's 08:00 for an hour and a half: it is sent when the server is back.
    clock.set(new Date('2026-03-03T08:30:00Z'));
    expect(await sendDueReminders(deps)).toMatchObject({ sent: 1 });
    // Down for three days: the ones in between are skipped; the next is Saturday's own.
    clock.set(new Date('2026-03-06T12:00:00Z'));
    expect(await sendDueReminders(deps)).toMatchObject({ sent: 0 });
    const [schedule] = await database.db
      .select()
      .from(reminderSchedules)
      .where(eq(reminderSchedules.userId, who.userId));
    expect(schedule).toMatchObject({ dueOn: '2026-03-07', lastSentOn: '2026-03-03' });
    expect((await reminders()).map((row) => row.messageKey)).toEqual([`reminder:${who.userId}:2026-03-03`]);
  });

  it('never come twice on one day, whatever the settings and the zone do', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z'));
    const who = await person('Europe/Berlin');
    clock.set(new Date('2026-03-02T07:00:00Z'));
    await sendDueReminders(deps);
    // Later that day: the time moves to the evening, the person flies west. Still one reminder on the 2nd.
    await saveSettings(journal, {
      userId: who.userId,
      settings: {
        aiEnabled: false,
        reminderTime: '20:00',
        remindersEnabled: true,
        weeklyEmailEnabled: false,
        weeklyEmailQuotes: false,
      },
      timeZone: undefined,
    });
    await syncTimeZone(journal, who.userId, 'America/Los_Angeles');
    const sent = await runUntil('2026-03-04T06:00:00Z', 15 * MINUTE);
    // Tuesday's at 20:00 in Los Angeles; nothing more for Monday, the 2nd, in either zone.
    expect(sent).toEqual([{ key: `reminder:${who.userId}:2026-03-03`, at: '2026-03-04T04:00:00.000Z' }]);
    expect((await reminders()).map((row) => row.messageKey).sort()).toEqual([
      `reminder:${who.userId}:2026-03-02`,
      `reminder:${who.userId}:2026-03-03`,
    ]);
  });

  it('are sent exactly once when several senders run at the same moment', async () => {
    clock.set(new Date('2026-03-02T05:00:00Z'));
    const people = await Promise.all(Array.from({ length: 40 }, () => person('Europe/Berlin')));
    clock.set(new Date('2026-03-02T07:05:00Z'));
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => sendDueReminders({ ...deps, batchSize: 7 })),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(people.length);
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'reminder'), like(mailOutbox.messageKey, '%:2026-03-02')));
    expect(rows).toHaveLength(people.length);
    expect(new Set(rows.map((row) => row.toAddress)).size).toBe(people.length);
  });
});

import { expect, it } from 'vitest';
import { EMPTY_PROFILE_V0 } from '../../src/server/modules/journal/service';
import type { Cluster } from '../harness';

const PEOPLE = 90;

/**
 * Issue 14 on many processes: people whose daily reminder is due, written straight into the database (the
 * setup, not the test); the reminder workers of all processes together send each reminder once.
 */
export function remindersScenario(cluster: () => Cluster) {
  it('sends each due reminder exactly once with all processes running', async () => {
    const { db, sink } = cluster();
    const prefix = `reminder-${Date.now()}`;
    const ids = Array.from({ length: PEOPLE }, (_, index) => `${prefix}-${index}`);
    const profile = JSON.stringify({ ...EMPTY_PROFILE_V0, reminder_enabled: true, reminder_time: '08:00' });
    await db.query(
      `insert into users (id, name, email, email_verified)
       select id, id, id || '@example.com', true from unnest($1::text[]) as t(id)`,
      [ids],
    );
    await db.query(
      `insert into profiles (user_id, first_name, onboarding_completed_at, profile_v0, locale)
       select id, 'Sam', now(), $2::jsonb, case when n % 2 = 0 then 'de' else 'en' end
       from unnest($1::text[]) with ordinality as t(id, n)`,
      [ids, profile],
    );
    // Due a moment ago: every process's next look finds them all at once.
    await db.query(
      `insert into reminder_schedules (user_id, due_at, due_on)
       select id, now() - interval '1 minute', current_date from unnest($1::text[]) as t(id)`,
      [ids],
    );

    const ofScenario = () =>
      sink.messages.filter((message) => message.envelope.to.some((to) => to.startsWith(`${prefix}-`)));
    const deadline = Date.now() + 60_000;
    while (ofScenario().length < PEOPLE && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000)); // time for a stray second copy to arrive
    const perAddress = new Map<string, number>();
    for (const message of ofScenario()) {
      for (const to of message.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect([...perAddress].filter(([, count]) => count > 1)).toEqual([]);
    expect(perAddress.size).toBe(PEOPLE);
    const { rows } = await db.query<{ due_at: Date | null; last_sent_on: string | null }>(
      `select due_at, last_sent_on::text from reminder_schedules where user_id = any($1::text[])`,
      [ids],
    );
    // Each schedule moved on to the next day's slot after its one reminder.
    expect(rows.every((row) => row.last_sent_on !== null && (row.due_at?.getTime() ?? 0) > Date.now())).toBe(
      true,
    );
  });
}

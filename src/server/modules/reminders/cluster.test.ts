import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lte } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { profiles, reminderSchedules } from '../../db/schema/journal';
import { mailOutbox } from '../../db/schema/mail';
import { freePort, serverLeftovers, startServerProcess, waitForHealth } from '../../test/server-process';
import { startSmtpSink } from '../../test/smtp-sink';
import { MIGRATIONS_DIR, withDatabase } from '../../test/test-db';
import { EMPTY_PROFILE_V0 } from '../journal/service';

/**
 * Issue 14: two app processes on one PostgreSQL, both running the reminder worker and the outbox worker,
 * send each due reminder exactly once. (PostgreSQL only: the embedded database admits one process.)
 */

const PEOPLE = 240;
const base = process.env.TEST_DATABASE_URL;
const { running, dirs, cleanUp } = serverLeftovers();

afterEach(cleanUp);

async function prepareDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = openPostgresDatabase(withDatabase(url, name));
  try {
    await handle.migrate(MIGRATIONS_DIR);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const people = Array.from({ length: PEOPLE }, (_, index) => ({
      id: `cluster-${index}`,
      email: `cluster-${index}@example.com`,
    }));
    await handle.db
      .insert(users)
      .values(people.map((person) => ({ ...person, name: person.id, emailVerified: true })));
    await handle.db.insert(profiles).values(
      people.map((person, index) => ({
        userId: person.id,
        firstName: 'Sam',
        onboardingCompletedAt: now,
        profileV0: { ...EMPTY_PROFILE_V0, reminder_enabled: true, reminder_time: '08:00' },
        locale: index % 2 ? 'de' : 'en',
      })),
    );
    // Due a little while ago, so both processes find them on their first look, a second after start.
    await handle.db.insert(reminderSchedules).values(
      people.map((person, index) => ({
        userId: person.id,
        dueAt: new Date(now.getTime() - 60_000 + index * 100),
        dueOn: today,
      })),
    );
  } finally {
    await handle.close();
  }
}

describe.skipIf(!base)('reminders with two app processes on one PostgreSQL', () => {
  it('are each sent exactly once', { timeout: 180_000 }, async () => {
    if (!base) return;
    const name = `mirror_reminders_${process.pid}`;
    await prepareDatabase(base, name);
    const sink = await startSmtpSink();
    const env = (port: number, dataDir: string) => ({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(base, name),
      SMTP_URL: sink.url,
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'cluster-test-secret-with-at-least-32-characters',
      LOG_LEVEL: 'warn',
    });
    try {
      const servers = await Promise.all(
        [0, 1].map(async () => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-reminders-'));
          dirs.push(dataDir);
          const port = await freePort();
          const server = startServerProcess(env(port, dataDir), running);
          return { port, server };
        }),
      );
      await Promise.all(servers.map(({ port, server }) => waitForHealth(port, server)));

      await sink.waitForMessages(PEOPLE, 120_000);
      // Both stop as on a deploy: each finishes its workers' runs first, so a second copy either had sent is
      // at the sink now, and what the database holds is final.
      for (const { server } of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map(({ server }) => server.exited))).toEqual([0, 0]);
      const perRecipient = new Map<string, number>();
      for (const message of sink.messages) {
        for (const address of message.envelope.to) {
          perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
        }
      }
      expect([...perRecipient].filter(([, count]) => count > 1)).toEqual([]);
      expect(perRecipient.size).toBe(PEOPLE);
      expect(sink.messages).toHaveLength(PEOPLE);
      const german = sink.messages.find((message) => message.envelope.to[0] === 'cluster-1@example.com');
      expect(german?.parsed.subject).toMatch(/^Deine Reflexion für heute/);

      const check = openPostgresDatabase(withDatabase(base, name));
      try {
        const rows = await check.db.select().from(mailOutbox);
        expect(rows).toHaveLength(PEOPLE);
        expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
        // Nor would a later run have sent more: no reminder is due any more (each moved on to its next day).
        const stillDue = await check.db
          .select({ userId: reminderSchedules.userId })
          .from(reminderSchedules)
          .where(lte(reminderSchedules.dueAt, new Date()));
        expect(stillDue).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      for (const child of running) child.kill('SIGTERM');
      await sink.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TCampaignList } from '@shared/schemas/campaigns';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPgliteDatabase, openPostgresDatabase } from '../../db/client';
import { addListEntries } from '../../test/campaigns';
import {
  freePort,
  serverLeftovers,
  startServerProcess,
  waitForHealth,
  withMigratedDatabase,
} from '../../test/server-process';
import { startSmtpSink } from '../../test/smtp-sink';
import { MIGRATIONS_DIR, withDatabase } from '../../test/test-db';

/**
 * Issue #7: a campaign survives its server being killed. The server process is SIGKILLed in the middle of a
 * 400-recipient campaign, started again on the same database, and the SMTP sink must then hold exactly
 * one message for each recipient: none lost, none twice.
 */

const RECIPIENTS = 400;
const RATE_PER_SECOND = 250;
const STAFF = { email: 'crash-staff@example.com', password: 'crash staff password 1' };
const { running, dirs, cleanUp } = serverLeftovers();

afterEach(cleanUp);

const startServer = (env: Record<string, string>) =>
  startServerProcess(
    { LOG_LEVEL: 'warn', ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password, ...env },
    running,
  );

/** The database the servers will use, migrated and holding RECIPIENTS confirmed entries. */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  ids: string[];
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-crash-'));
  dirs.push(dataDir);
  const base = process.env.TEST_DATABASE_URL;
  const name = `mirror_crash_${process.pid}`;
  let handle: DatabaseHandle;
  let drop = async () => undefined;
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    handle = openPostgresDatabase(withDatabase(base, name));
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    handle = await openPgliteDatabase(await withMigratedDatabase(dataDir));
  }
  try {
    if (base) await handle.migrate(MIGRATIONS_DIR);
    const now = new Date();
    const people = Array.from({ length: RECIPIENTS }, (_, index) => ({
      email: `crash-${index}@example.com`,
      language: index % 3 === 0 ? ('de' as const) : ('en' as const),
    }));
    const ids: string[] = [];
    for (let start = 0; start < people.length; start += 500) {
      const inserted = await addListEntries(handle.db, now, people.slice(start, start + 500));
      ids.push(...inserted.map((row) => row.id));
    }
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (base) env.DATABASE_URL = withDatabase(base, name);
    return { env, ids, drop };
  } finally {
    await handle.close();
  }
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(STAFF),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('a campaign whose server is killed', () => {
  it('is finished after a restart, with exactly one message per recipient', async () => {
    let server: ReturnType<typeof startServer> | undefined;
    let killedAt = 0;
    const sink = await startSmtpSink({
      // Killed the moment a message's final dot arrives, halfway through: the sender is mid-campaign.
      onMessageEnd: (count) => {
        if (count === RECIPIENTS / 2 && server) {
          killedAt = count;
          server.child.kill('SIGKILL');
        }
      },
    });
    const database = await prepareDatabase();
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // One connection, so the moment of the kill is the same in every run: the sender has just written
      // message 1,000's final dot and waits for its reply. With several connections a kill can also land
      // in the short window after another message was recorded and before its dot left (decision 020).
      const env = {
        ...database.env,
        PORT: String(port),
        SMTP_URL: sink.url,
        APP_URL: base,
        CAMPAIGN_CONCURRENCY: '1',
      };
      server = startServer(env);
      await waitForHealth(port, server);
      const cookie = await signIn(base);
      const start = await fetch(`${base}/api/admin/campaigns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({
          entryIds: database.ids,
          draftId: null,
          name: 'Crash test',
          content: {
            en: {
              subjectLine: 'Hello',
              heroTitle: 'Hello',
              introText: 'Text',
              secondTextBlock: '',
              ctaText: '',
              ctaLink: '',
              footerText: '',
              gifAltText: '',
            },
            de: {
              subjectLine: 'Hallo',
              heroTitle: 'Hallo',
              introText: 'Text',
              secondTextBlock: '',
              ctaText: '',
              ctaLink: '',
              footerText: '',
              gifAltText: '',
            },
          },
          ratePerSecond: RATE_PER_SECOND,
        }),
      });
      expect(start.status, await start.clone().text()).toBe(201);

      await server.exited;
      expect(killedAt).toBe(RECIPIENTS / 2);
      const beforeRestart = sink.messages.length;
      expect(beforeRestart).toBeLessThan(RECIPIENTS);

      server = startServer(env);
      await waitForHealth(port, server);
      const again = await signIn(base);
      // Done when the history says so. The one sending process records a message as sent only once the sink
      // has answered it, so by then every message it sent, a duplicate too, is in the sink.
      for (let i = 0; ; i++) {
        const response = await fetch(`${base}/api/admin/campaigns`, { headers: { cookie: again } });
        const { campaigns } = (await response.json()) as TCampaignList;
        if (campaigns[0]?.status === 'completed') {
          expect(campaigns[0].counts).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, failed: 0 });
          break;
        }
        if (i > 600) throw new Error(`the campaign did not finish: ${JSON.stringify(campaigns[0])}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const perRecipient = new Map<string, number>();
      for (const message of sink.messages) {
        for (const address of message.envelope.to) {
          perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
        }
      }
      const twice = [...perRecipient].filter(([, count]) => count > 1);
      expect(twice).toEqual([]);
      expect(perRecipient.size).toBe(RECIPIENTS);
      expect(sink.messages).toHaveLength(RECIPIENTS);
      // The restarted server sent the rest; German recipients got German.
      expect(sink.messages.length - beforeRestart).toBeGreaterThan(0);
      const german = sink.messages.find((message) => message.envelope.to[0] === 'crash-0@example.com');
      expect(german?.parsed.subject).toBe('Hallo');
    } finally {
      for (const child of running) child.kill('SIGKILL');
      await sink.close();
      await database.drop();
    }
  }, 360_000);
});

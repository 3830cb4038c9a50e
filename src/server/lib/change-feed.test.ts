import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/test-db';
import { CHANGE_CHANNELS, type ChangeFeed, createChangeFeed, notifyChange } from './change-feed';
import { createLogger } from './logger';

const channel = CHANGE_CHANNELS.waitlist;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: DatabaseHandle;
let feed: ChangeFeed;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, createLogger({ level: 'silent' }));
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** A listener that records what it hears. */
async function record(): Promise<string[]> {
  const heard: string[] = [];
  stops.push(await feed.listen(channel, (payload) => heard.push(payload)));
  return heard;
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('change feed', () => {
  it('delivers a notification sent in a transaction once it commits', async () => {
    const heard = await record();
    await database.db.transaction(async (tx) => {
      await notifyChange(tx, channel, 'joined');
      // Nothing is delivered before the commit.
      await tx.execute(sql`select pg_sleep(0.05)`);
      expect(heard).toEqual([]);
    });
    await until(() => heard.length > 0, 'the notification');
    expect(heard).toEqual(['joined']);
  });

  it('delivers nothing from a transaction that rolls back', async () => {
    const heard = await record();
    await expect(
      database.db.transaction(async (tx) => {
        await notifyChange(tx, channel, 'rolled-back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Notifications of one sender arrive in order: once the marker is here, the other would have been too.
    await notifyChange(database.db, channel, 'marker');
    await until(() => heard.includes('marker'), 'the marker');
    expect(heard).toEqual(['marker']);
  });

  it('hands each notification to every listener', async () => {
    const first = await record();
    const second = await record();
    await notifyChange(database.db, channel, 'updated');
    await until(() => first.length > 0 && second.length > 0, 'both listeners');
    expect(first).toEqual(['updated']);
    expect(second).toEqual(['updated']);
  });

  it('stops delivering to a listener that unsubscribed, and listens again after the last one left', async () => {
    const leaving: string[] = [];
    const stopLeaving = await feed.listen(channel, (payload) => leaving.push(payload));
    const staying = await record();
    await stopLeaving();
    await notifyChange(database.db, channel, 'deleted');
    await until(() => staying.length > 0, 'the remaining listener');
    expect(staying).toEqual(['deleted']);
    expect(leaving).toEqual([]);

    await Promise.all(stops.splice(0).map((stop) => stop()));
    const again = await record();
    await notifyChange(database.db, channel, 'joined');
    await until(() => again.length > 0, 'a new listener');
    expect(again).toEqual(['joined']);
    expect(staying).toEqual(['deleted']);
  });

  it.runIf(onPostgres)('listens again after its PostgreSQL connection was cut', async () => {
    const heard = await record();
    const cut = await database.db
      .select({ cut: sql<boolean>`pg_terminate_backend(pid)` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and application_name = 'mirror-change-feed'`);
    expect(cut).toEqual([{ cut: true }]);
    // Notifications sent while it is down are lost, so keep sending until one arrives.
    const deadline = Date.now() + 30_000;
    while (heard.length === 0 && Date.now() < deadline) {
      await notifyChange(database.db, channel, 'after-reconnect');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(heard[0]).toBe('after-reconnect');
  });

  it('tells listeners when it closes, and refuses new ones after', async () => {
    const own = createChangeFeed(database, createLogger({ level: 'silent' }));
    let closedCalls = 0;
    const stop = await own.listen(channel, () => undefined, { onClose: () => (closedCalls += 1) });
    const stopped = await own.listen(channel, () => undefined, { onClose: () => (closedCalls += 10) });
    await stopped();
    await own.close();
    expect(closedCalls).toBe(1);
    await stop();
    await expect(own.listen(channel, () => undefined)).rejects.toThrow(/closed/);
  });
});

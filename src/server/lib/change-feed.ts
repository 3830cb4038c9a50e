import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, DbExecutor, NotificationSource, StopListening } from '../db/client';
import type { Logger } from './logger';

/**
 * Change notifications between app processes, over PostgreSQL's LISTEN/NOTIFY (PGlite has the same), so a
 * page open on one process hears of a change made on another. Notifications carry no data that matters:
 * listeners re-read what changed.
 */
export const CHANGE_CHANNELS = { waitlist: 'mirror_waitlist', campaigns: 'mirror_campaigns' } as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[keyof typeof CHANGE_CHANNELS];

export type ChangeFeed = {
  /**
   * Calls `onPayload` for each notification on `channel` until the returned function is called. Several
   * listeners in a process share one database connection. `onClose` is called when the feed closes (the
   * process is shutting down), so long-lived listeners such as event streams can end.
   */
  listen(
    channel: ChangeChannel,
    onPayload: (payload: string) => void,
    options?: { onClose?: () => void },
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** Sends a notification; inside a transaction it is delivered when (and only if) the transaction commits. */
export async function notifyChange(db: DbExecutor, channel: ChangeChannel, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Delays before each try to get a lost LISTEN connection back, the last one repeating. */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000] as const;

/**
 * The database side of the feed: LISTENs to a channel while the feed has listeners on it and hands every
 * notification to `deliver`.
 */
type Subscriber = {
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  close(): Promise<void>;
};

type Deliver = (channel: string, payload: string) => void;

function pgliteSubscriber(
  source: Extract<NotificationSource, { kind: 'pglite' }>,
  deliver: Deliver,
  logger: Logger,
): Subscriber {
  const stops = new Map<string, Promise<StopListening>>();
  const stop = async (channel: string) => {
    const stopping = stops.get(channel);
    stops.delete(channel);
    // After the database closed there is nothing left to stop.
    await stopping
      ?.then((stopListening) => stopListening())
      .catch((error: unknown) => {
        logger.debug({ err: error, channel }, 'change feed: unlisten failed');
      });
  };
  return {
    async subscribe(channel) {
      const listening = source.listen(channel, (payload) => deliver(channel, payload));
      stops.set(channel, listening);
      try {
        await listening;
      } catch (error) {
        stops.delete(channel);
        throw error;
      }
    },
    unsubscribe: stop,
    async close() {
      await Promise.all([...stops.keys()].map(stop));
    },
  };
}

/**
 * A dedicated connection (a pooled one would be handed to other queries and lose its LISTENs), opened on the
 * first subscription. When it drops it is opened again with back-off and LISTENs to every channel that still
 * has listeners; notifications sent while it was down are lost.
 */
function postgresSubscriber(
  connectionString: string,
  deliver: Deliver,
  logger: Logger,
  channels: () => Iterable<string>,
): Subscriber {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`;

  function scheduleReconnect() {
    if (closed || retryTimer || connecting) return;
    if ([...channels()].length === 0) return; // the next subscription connects
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connection();
    }, delay);
    retryTimer.unref();
  }

  async function open(): Promise<pg.Client | null> {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      // Named, so operators (and a test) can tell it apart in pg_stat_activity.
      application_name: 'mirror-change-feed',
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (closed) return;
      logger.warn({ err: error }, 'change feed: lost its database connection, reconnecting');
      scheduleReconnect();
    };
    next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      for (const channel of channels()) await next.query(listenSql(channel));
    } catch (error) {
      lost = true;
      await next.end().catch(() => undefined);
      if (!closed) {
        logger.warn({ err: error, failures: failures + 1 }, 'change feed: cannot listen on the database');
      }
      return null;
    }
    if (closed || lost) {
      await next.end().catch(() => undefined);
      return null;
    }
    if (failures > 0) logger.info({ failures }, 'change feed: listening again');
    failures = 0;
    client = next;
    return next;
  }

  function connection(): Promise<pg.Client | null> {
    if (client) return Promise.resolve(client);
    if (!connecting) {
      connecting = open().finally(() => {
        connecting = null;
        if (!client) scheduleReconnect();
      });
    }
    return connecting;
  }

  return {
    async subscribe(channel) {
      const current = await connection();
      // Without a connection the reconnect LISTENs to this channel too.
      await current?.query(listenSql(channel)).catch((error: unknown) => {
        logger.warn({ err: error, channel }, 'change feed: LISTEN failed');
      });
    },
    async unsubscribe(channel) {
      await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch((error: unknown) => {
        logger.debug({ err: error, channel }, 'change feed: UNLISTEN failed');
      });
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Builds the feed on a database handle: a dedicated LISTEN connection on PostgreSQL, `listen` on PGlite. */
export function createChangeFeed(handle: DatabaseHandle, logger: Logger): ChangeFeed {
  /** Per channel: its listeners, and the LISTEN that every listener waits for before it counts as listening. */
  const channels = new Map<string, { listeners: Set<(payload: string) => void>; ready: Promise<void> }>();
  const closeCallbacks = new Set<() => void>();
  let closed = false;

  const deliver: Deliver = (channel, payload) => {
    for (const onPayload of channels.get(channel)?.listeners ?? []) {
      try {
        onPayload(payload);
      } catch (error) {
        logger.error({ err: error, channel }, 'change feed: a listener failed');
      }
    }
  };
  const source = handle.notifications;
  const subscriber =
    source.kind === 'pglite'
      ? pgliteSubscriber(source, deliver, logger)
      : postgresSubscriber(source.connectionString, deliver, logger, () => channels.keys());

  async function stopListening(channel: string, listener: (payload: string) => void) {
    const entry = channels.get(channel);
    if (!entry?.listeners.delete(listener) || entry.listeners.size > 0) return;
    channels.delete(channel);
    await subscriber.unsubscribe(channel);
  }

  return {
    async listen(channel, onPayload, options = {}) {
      if (closed) throw new Error('the change feed is closed');
      const { onClose } = options;
      // A wrapper of our own, so the same function passed twice is two listeners.
      const listener = (payload: string) => onPayload(payload);
      let entry = channels.get(channel);
      if (entry) {
        entry.listeners.add(listener);
      } else {
        entry = { listeners: new Set([listener]), ready: Promise.resolve() };
        // In the map first: a connection opened for this subscription LISTENs to every channel in it.
        channels.set(channel, entry);
        entry.ready = subscriber.subscribe(channel);
      }
      try {
        await entry.ready;
      } catch (error) {
        await stopListening(channel, listener);
        throw error;
      }
      if (onClose) closeCallbacks.add(onClose);
      let stopped = false;
      return async () => {
        if (stopped) return;
        stopped = true;
        if (onClose) closeCallbacks.delete(onClose);
        await stopListening(channel, listener);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const onClose of closeCallbacks) onClose();
      closeCallbacks.clear();
      channels.clear();
      await subscriber.close();
    },
  };
}

import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from '../lib/data-dir-lock';
import type { Logger } from '../lib/logger';
import { type Schema, schema } from './schema';

export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, as passed to the callback of `db.transaction()`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: services that write take this, so callers can include the write in their own transaction. */
export type DbExecutor = Database | Transaction;

/** Stops delivering notifications to the callback it was returned for. */
export type StopListening = () => Promise<void>;

/**
 * Where LISTEN/NOTIFY notifications come from (lib/change-feed.ts builds on this): PGlite delivers them on
 * its one connection; PostgreSQL needs a connection of its own, outside the pool.
 */
export type NotificationSource =
  | { kind: 'pglite'; listen(channel: string, onPayload: (payload: string) => void): Promise<StopListening> }
  | { kind: 'postgres'; connectionString: string };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  notifications: NotificationSource;
  /** Applies the committed migrations; safe to run from several processes at once. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
};

const MIGRATION_LOCK_KEY = 727_001;

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them): trigrams for search. */
const PGLITE_EXTENSIONS = { pg_trgm };

/** True when the database answers a round trip within the time limit. */
export async function pingDatabase(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function wrapPglite(client: PGlite, lock: DataDirLock | undefined): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    notifications: { kind: 'pglite', listen: (channel, onPayload) => client.listen(channel, onPayload) },
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Embedded PostgreSQL persisted in `DATA_DIR/db`, locked against a second process. */
export async function openPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(path.join(dataDir, 'db.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
    return wrapPglite(client, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** In-memory PGlite, optionally starting from a dump (tests start from a migrated template). */
export async function openMemoryDatabase(
  loadDataDir?: Blob,
): Promise<DatabaseHandle & { dump(): Promise<Blob> }> {
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return { ...wrapPglite(client, undefined), dump: () => client.dumpDataDir('none') };
}

export function openPostgresDatabase(connectionString: string, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL connection failed'));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    notifications: { kind: 'postgres', connectionString },
    async migrate(migrationsFolder) {
      // One connection holds an advisory lock so that app processes starting together migrate one at a time.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client: connection, schema, casing: 'snake_case' }), {
          migrationsFolder,
        });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  logger?: Logger;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgresDatabase(options.databaseUrl, options.logger)
    : openPgliteDatabase(options.dataDir);
}

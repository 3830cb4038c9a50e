import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from '../lib/data-dir-lock';
import type { Logger } from '../lib/logger';
import { succeedsWithin } from '../lib/succeeds-within';
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

/** The connections of a node-postgres pool (PostgreSQL only). */
export type PoolStats = { max: number; total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  notifications: NotificationSource;
  /** How the connection pool is used (PostgreSQL); PGlite has one in-process connection and no pool. */
  poolStats?: () => PoolStats;
  /** PGlite: a tarball of its data directory (a consistent copy of the whole database). */
  dumpDataDir?: (compression: 'gzip' | 'none') => Promise<Blob>;
  /** Applies the committed migrations; safe to run from several processes at once. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
};

const MIGRATION_LOCK_KEY = 727_001;
/** Connections each app process keeps to PostgreSQL at most. */
const POOL_SIZE = 10;

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them): trigrams for search. */
const PGLITE_EXTENSIONS = { pg_trgm };

/** True when the database answers a round trip within the time limit. */
export function pingDatabase(db: Database, timeoutMs = 2000): Promise<boolean> {
  return succeedsWithin(() => db.execute(sql`select 1`), timeoutMs);
}

/** A migration, as drizzle records it: the `when` of its journal entry, in ms, is its `created_at`. */
export type MigrationLevel = { tag: string; createdAt: number };

/** The newest migration of `migrationsFolder` (its `meta/_journal.json`): a database serving this code has it. */
export function latestMigration(migrationsFolder: string): MigrationLevel {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${migrationsFolder} holds no migrations`);
  return { tag: last.tag, createdAt: last.when };
}

/** The `created_at` of the newest migration applied to the database, or null when none is (or no table). */
export async function appliedMigration(db: DbExecutor): Promise<number | null> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return null;
  const [row] = await queryRows<{ latest: string | null }>(
    db,
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return row?.latest ? Number(row.latest) : null;
}

/** The rows of a raw query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function wrapPglite(client: PGlite, lock: DataDirLock | undefined): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    notifications: { kind: 'pglite', listen: (channel, onPayload) => client.listen(channel, onPayload) },
    dumpDataDir: (compression) => client.dumpDataDir(compression),
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

/**
 * Embedded PostgreSQL persisted in `DATA_DIR/db`, locked against a second process. `loadDataDir` (a
 * tarball from `dumpDataDir`) fills a new, empty database directory with a copy (restoring a backup).
 */
export async function openPgliteDatabase(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(path.join(dataDir, 'db.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'db'), {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: options.loadDataDir,
    });
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
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL connection failed'));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    notifications: { kind: 'postgres', connectionString },
    poolStats: () => ({
      max: pool.options.max ?? POOL_SIZE,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
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

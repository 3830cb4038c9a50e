import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openMemoryDatabase, openPostgresDatabase, queryRows } from '../db/client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));
export const TEMPLATE_DATABASE = 'mirror_test_template';

export function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Databases a test closed, kept open in this worker for the next test to reuse once emptied (decision 063):
 * emptying one takes about 50 ms, where loading PGlite's template takes 500 ms and a PostgreSQL copy of the
 * template some 100 ms more than that with its new connections.
 */
const idleByServer = new Map<string, DatabaseHandle[]>();
/** More than one test file holds at once only where a test copies one database into another. */
const MAX_IDLE = 3;

/** The rows the migrations themselves insert (the one `email_settings` row), read from a fresh copy. */
type SeedRows = { table: string; rows: string }[];
type Tables = { names: string[]; seeds: SeedRows };
const tablesByServer = new Map<string, Promise<Tables>>();
const serverKey = () => process.env.TEST_DATABASE_URL ?? 'pglite';

async function readTables(handle: DatabaseHandle): Promise<Tables> {
  const names = (
    await queryRows<{ name: string }>(
      handle.db,
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.name);
  const seeds: SeedRows = [];
  for (const table of names) {
    const [row] = await queryRows<{ rows: string | null }>(
      handle.db,
      sql`select json_agg(t)::text as rows from ${sql.raw(table)} t`,
    );
    if (row?.rows) seeds.push({ table, rows: row.rows });
  }
  return { names, seeds };
}

/**
 * Makes a used database what a fresh copy of the template is: every table emptied (identities restarted),
 * the migrations' rows put back, no channel listened to. Schema changes are not undone: a test that makes
 * them uses a database of its own (`createScratchDatabase`).
 */
async function emptyDatabase(handle: DatabaseHandle): Promise<void> {
  const known = await tablesByServer.get(serverKey());
  if (!known) throw new Error('a reused test database before any was opened');
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${known.names.join(', ')} restart identity cascade`));
    for (const seed of known.seeds) {
      await tx.execute(
        sql`insert into ${sql.raw(seed.table)} select * from json_populate_recordset(null::${sql.raw(seed.table)}, ${seed.rows}::json)`,
      );
    }
  });
  await handle.db.execute(sql`unlisten *`);
}

async function openFromTemplate(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    return openMemoryDatabase(new Blob([dump]));
  }
  const name = `mirror_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgresDatabase(withDatabase(url, name));
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A migrated database holding what a fresh copy of the template holds: in-memory PGlite by default, or a
 * database on the PostgreSQL server named by TEST_DATABASE_URL (scripts/with-postgres.mjs starts one).
 * Close it when done: it is then emptied and reused by the worker's next test, unless `reusable` is false (a
 * test that closes the database to see the app without one).
 */
export async function createTestDatabase(options: { reusable?: boolean } = {}): Promise<DatabaseHandle> {
  const key = serverKey();
  const idle = idleByServer.get(key) ?? [];
  idleByServer.set(key, idle);
  let handle = idle.pop();
  if (handle) {
    await emptyDatabase(handle);
  } else {
    handle = await openFromTemplate();
    if (!tablesByServer.has(key)) tablesByServer.set(key, readTables(handle));
    await tablesByServer.get(key);
  }
  const opened = handle;
  let closed = false;
  return {
    ...opened,
    async close() {
      if (closed) return;
      closed = true;
      const reuse = options.reusable !== false && idle.length < MAX_IDLE && (await stillUsable(opened));
      if (reuse) idle.push(opened);
      else await opened.close();
    },
  };
}

/** A test may have closed the connection under the handle (or broken it on purpose): such a one is closed. */
async function stillUsable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await handle.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new in-memory PGlite with nothing in it, not even migrations: a copy of the cluster the run initialized
 * once (global-setup.ts), where creating one runs initdb again (3.6 s of CPU instead of 1). Without that copy
 * (the PostgreSQL pass) a new one is created.
 */
export function openEmptyMemoryDatabase(): ReturnType<typeof openMemoryDatabase> {
  const empty = inject('pgliteEmpty');
  return empty ? openMemoryDatabase(new Blob([fs.readFileSync(empty)])) : openMemoryDatabase();
}

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (a test's own, for processes it
 * starts or a copy it makes): its URL, and `drop()` to remove it (connections are ended by force).
 */
export async function createScratchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (run under scripts/with-postgres.mjs)');
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return { url: withDatabase(base, name), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

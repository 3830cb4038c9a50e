import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openMemoryDatabase, openPostgresDatabase } from '../db/client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));
export const TEMPLATE_DATABASE = 'mirror_test_template';

export function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (scripts/with-postgres.mjs starts one). Close it when done.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
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

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestContext } from '../test/test-app';
import { MIGRATIONS_DIR } from '../test/test-db';
import { copyIntoDatabase, databaseSource, type TableSource, TargetNotEmptyError } from './copy-database';
import { readRows, readShape, TableCopyError, writeRows } from './tables';
import { createEmptyDatabase, fingerprint, seedInstall } from './test-fixtures';

let ctx: TestContext;
/** A ceiling: each test makes fresh embedded databases and migrates them; 55 s beside the rest of npm test. */
const COPY_CEILING = { timeout: 180_000 };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedInstall(ctx);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const copyFrom = (target: Parameters<typeof copyIntoDatabase>[0], force = false) =>
  ctx.database.db.transaction(async (tx) =>
    copyIntoDatabase(target, await databaseSource(tx), { migrationsFolder: MIGRATIONS_DIR, force }),
  );

describe('copying tables as text', COPY_CEILING, () => {
  it('keeps every value exactly as it was stored', async () => {
    const [source, target] = [await createEmptyDatabase(), await createEmptyDatabase()];
    try {
      const create = sql.raw(`create table odd_values (
        id bigint generated always as identity primary key,
        at timestamptz, day date, amount numeric(20, 6), big bigint, flags boolean[], tags text[],
        doc jsonb, list jsonb, raw bytea, note text, span interval, ip inet)`);
      await source.db.execute(create);
      await target.db.execute(create);
      await source.db.execute(
        sql.raw(`insert into odd_values (at, day, amount, big, flags, tags, doc, list, raw, note, span, ip) values
          ('2026-03-02 09:00:00.123456+00', '2024-02-29'::date - 1, 12345678901234.000001, 9007199254740993,
           '{t,f,null}', '{"a,b","c\\"d",null}', '{"b": 1, "a": [1, 2.50]}', '[1, "two", null]', '\\x00ff10',
           E'line\\nbreak – ü "quoted"', '1 day 02:03:04.5', '192.0.2.1/24'),
          (null, null, null, null, null, null, null, null, null, null, null, null)`),
      );
      const [table] = (await readShape(source.db)).tables;
      if (!table) throw new Error('no table');
      await source.db.transaction(async (tx) => {
        for await (const rows of readRows(tx, table, 1)) await writeRows(target.db, table, rows);
      });
      const text = `select t::text as "row" from odd_values t order by id`;
      expect(await queryRows(target.db, sql.raw(text))).toEqual(await queryRows(source.db, sql.raw(text)));
      expect(await queryRows(target.db, sql.raw(text))).toHaveLength(2);
    } finally {
      await source.close();
      await target.close();
    }
  });
});

describe('copying a database', COPY_CEILING, () => {
  it('copies every table into an empty database in one transaction, with the schema and counts checked', async () => {
    const target = await createEmptyDatabase();
    try {
      const report = await copyFrom(target.db);
      const expected = await fingerprint(ctx.database.db);
      expect(await fingerprint(target.db)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(15);
      expect(report.replaced).toEqual([]);
      const rows = Object.fromEntries(report.tables.map((table) => [table.name, table.rows]));
      expect(rows.users).toBe(1);
      expect(rows.entries).toBeGreaterThanOrEqual(1);
      expect(rows.campaign_messages).toBe(3);
      // drizzle's record of the migrations came along, so the app's start migrates nothing twice.
      const migrations = sql.raw(
        'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
      );
      expect(await queryRows(target.db, migrations)).toEqual(await queryRows(ctx.database.db, migrations));
    } finally {
      await target.close();
    }
  });

  it('refuses a target that holds rows and changes nothing; told to, replaces them', async () => {
    const target = await createEmptyDatabase();
    try {
      await copyFrom(target.db);
      await target.db.execute(
        sql.raw(`update waiting_list set email = 'changed@example.com' where email = 'ada@example.com'`),
      );
      const changed = await fingerprint(target.db);
      const refusal = await copyFrom(target.db).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TargetNotEmptyError);
      expect((refusal as TargetNotEmptyError).message).toMatch(
        /^the target database is not empty: \d+ rows in \d+ tables/,
      );
      expect(await fingerprint(target.db)).toEqual(changed);

      const report = await copyFrom(target.db, true);
      expect(report.replaced.find((table) => table.name === 'users')).toEqual({ name: 'users', rows: 1 });
      expect(await fingerprint(target.db)).toEqual(await fingerprint(ctx.database.db));
    } finally {
      await target.close();
    }
  });

  it('leaves the target as it was, schema included, when the copy fails part way', async () => {
    const target = await createEmptyDatabase();
    try {
      await expect(
        ctx.database.db.transaction(async (tx) => {
          const source = await databaseSource(tx);
          let tables = 0;
          const failing: TableSource = {
            ...source,
            async *rows(table) {
              tables += 1;
              if (tables === 5) throw new Error('the source went away');
              yield* source.rows(table);
            },
          };
          return copyIntoDatabase(target.db, failing, { migrationsFolder: MIGRATIONS_DIR, force: false });
        }),
      ).rejects.toThrow('the source went away');
      expect(await readShape(target.db)).toEqual({ tables: [], sequences: [] });

      // Counts that do not match (rows lost on the way) roll everything back too.
      await expect(
        ctx.database.db.transaction(async (tx) => {
          const source = await databaseSource(tx);
          const lossy: TableSource = {
            ...source,
            async *rows(table) {
              for await (const rows of source.rows(table))
                yield table.name === 'entries' ? rows.slice(1) : rows;
            },
          };
          return copyIntoDatabase(target.db, lossy, { migrationsFolder: MIGRATIONS_DIR, force: false });
        }),
      ).rejects.toThrow(TableCopyError);
      expect(await readShape(target.db)).toEqual({ tables: [], sequences: [] });
    } finally {
      await target.close();
    }
  });
});

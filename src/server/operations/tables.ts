import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { appliedMigration, type DbExecutor, queryRows } from '../db/client';

/**
 * The app's data as tables of text: what moving a database (migrate:postgres) and the logical backup
 * read and write. Every value travels in PostgreSQL's own text form (`col::text` out, `$n::type` in), so
 * nothing is lost on the way through JavaScript: microseconds of timestamps, big integers, JSON as it
 * was stored, arrays, bytea. Only the `public` schema holds app data; drizzle's own migrations table is
 * written by `applyMigrations`, exactly as the app's migrator writes it.
 */

export type ColumnShape = { name: string; type: string };
export type TableShape = { name: string; columns: ColumnShape[]; identityAlways: boolean };
/** The tables of `public`, parents before the tables whose foreign keys point at them. */
export type DatabaseShape = { tables: TableShape[]; sequences: string[] };
export type SequenceValue = { name: string; lastValue: string; isCalled: boolean };
/** A row as text, in the column order of its table's shape; null stays null. */
export type TextRow = (string | null)[];

const quote = (identifier: string) => sql.identifier(identifier);

export class TableCopyError extends Error {
  override name = 'TableCopyError';
}

/** Orders tables so each comes after the tables it refers to (self-references do not count). */
function parentsFirst(names: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      const left = names.filter((name) => !placed.has(name));
      throw new TableCopyError(`the foreign keys of these tables form a cycle: ${left.join(', ')}`);
    }
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

/** The tables (columns in their order, generated columns left out) and sequences of `public`. */
export async function readShape(db: DbExecutor): Promise<DatabaseShape> {
  const columns = await queryRows<{ table: string; column: string; type: string; identity: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
          a.attidentity::text as "identity"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as "child", parent.relname as "parent"
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const byTable = new Map<string, TableShape>();
  for (const row of columns) {
    const table = byTable.get(row.table) ?? { name: row.table, columns: [], identityAlways: false };
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity === 'a') table.identityAlways = true;
    byTable.set(row.table, table);
  }
  const order = parentsFirst([...byTable.keys()].sort(), references);
  return {
    tables: order.map((name) => byTable.get(name) as TableShape),
    sequences: sequences.map((row) => row.name),
  };
}

/** Why two shapes differ (tables, columns or types), or null when they are the same. */
export function shapeDifference(expected: DatabaseShape, actual: DatabaseShape): string | null {
  const columnsByTable = (shape: DatabaseShape) =>
    new Map(
      shape.tables.map((table) => [
        table.name,
        table.columns.map((column) => `${column.name} ${column.type}`).join(', '),
      ]),
    );
  const want = columnsByTable(expected);
  const have = columnsByTable(actual);
  for (const [name, columns] of want) {
    if (!have.has(name)) return `table ${name} is missing`;
    if (have.get(name) !== columns) return `table ${name} has (${have.get(name)}), expected (${columns})`;
  }
  for (const name of have.keys()) if (!want.has(name)) return `table ${name} is not expected`;
  const sequences = (shape: DatabaseShape) => shape.sequences.join(', ');
  if (sequences(expected) !== sequences(actual)) {
    return `sequences are (${sequences(actual)}), expected (${sequences(expected)})`;
  }
  return null;
}

/** Rows per table, counted in the caller's transaction (so one snapshot when it is REPEATABLE READ). */
export async function countRows(db: DbExecutor, shape: DatabaseShape): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of shape.tables) {
    const [row] = await queryRows<{ count: string }>(
      db,
      sql`select count(*)::text as "count" from ${quote(table.name)}`,
    );
    counts[table.name] = Number(row?.count ?? 0);
  }
  return counts;
}

let cursorCounter = 0;

/**
 * A table's rows as text, `batchSize` at a time, through a cursor: memory stays flat whatever the table's
 * size. Must run inside a transaction (cursors live in one).
 */
export async function* readRows(
  tx: DbExecutor,
  table: TableShape,
  batchSize = 500,
): AsyncGenerator<TextRow[]> {
  cursorCounter += 1;
  const cursor = quote(`mirror_copy_${cursorCounter}`);
  const selected = sql.join(
    table.columns.map((column) => sql`${quote(column.name)}::text`),
    sql`, `,
  );
  await tx.execute(sql`declare ${cursor} no scroll cursor for select ${selected} from ${quote(table.name)}`);
  try {
    for (;;) {
      const rows = await queryRows<Record<string, string | null>>(
        tx,
        sql`fetch forward ${sql.raw(String(batchSize))} from ${cursor}`,
      );
      if (rows.length === 0) return;
      // Columns come back by name; `::text` keeps each name, and names are unique within a table.
      yield rows.map((row) => table.columns.map((column) => row[column.name] ?? null));
    }
  } finally {
    await tx.execute(sql`close ${cursor}`);
  }
}

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

/** Inserts rows given as text, each value cast back to its column's type. */
export async function writeRows(tx: DbExecutor, table: TableShape, rows: TextRow[]): Promise<void> {
  const perStatement = Math.max(1, Math.min(500, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const columns = sql.join(
    table.columns.map((column) => quote(column.name)),
    sql`, `,
  );
  const overriding = table.identityAlways ? sql` overriding system value` : sql``;
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows.slice(start, start + perStatement).map((row) => {
      if (row.length !== table.columns.length) {
        throw new TableCopyError(
          `a row of ${table.name} has ${row.length} values, not ${table.columns.length}`,
        );
      }
      return sql`(${sql.join(
        // Sent as text and cast by the server (PGlite would otherwise want a byte array for bytea, say).
        row.map((value, index) => sql`${value}::text::${sql.raw(table.columns[index]?.type ?? 'text')}`),
        sql`, `,
      )})`;
    });
    await tx.execute(
      sql`insert into ${quote(table.name)} (${columns})${overriding} values ${sql.join(values, sql`, `)}`,
    );
  }
}

export async function readSequences(db: DbExecutor, shape: DatabaseShape): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const name of shape.sequences) {
    const [row] = await queryRows<{ lastValue: string; isCalled: boolean }>(
      db,
      sql`select last_value::text as "lastValue", is_called as "isCalled" from ${quote(name)}`,
    );
    if (row) values.push({ name, lastValue: row.lastValue, isCalled: row.isCalled });
  }
  return values;
}

export async function writeSequences(tx: DbExecutor, values: SequenceValue[]): Promise<void> {
  for (const value of values) {
    await tx.execute(
      sql`select setval(format('public.%I', ${value.name}::text)::regclass, ${value.lastValue}::bigint, ${value.isCalled})`,
    );
  }
}

/** Empties every table of the shape (for a copy told to replace what the target holds). */
export async function emptyTables(tx: DbExecutor, shape: DatabaseShape): Promise<void> {
  if (shape.tables.length === 0) return;
  const tables = sql.join(
    shape.tables.map((table) => quote(table.name)),
    sql`, `,
  );
  await tx.execute(sql`truncate ${tables} restart identity cascade`);
}

/**
 * Applies the committed migrations up to `upTo` (their `created_at`), in the caller's transaction, and
 * records them in drizzle's table exactly as the app's migrator does; later ones are left for the app's
 * next start. So a target gets the very schema the data was written under, in the same transaction as the
 * data.
 */
export async function applyMigrations(tx: DbExecutor, migrationsFolder: string, upTo: number): Promise<void> {
  const applied = (await appliedMigration(tx)) ?? 0;
  if (applied > upTo) {
    throw new TableCopyError('the target database was made by a newer version of Mirror than the data');
  }
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis <= applied || migration.folderMillis > upTo) continue;
    for (const statement of migration.sql) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

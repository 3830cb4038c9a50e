import { sql } from 'drizzle-orm';
import { appliedMigration, type Database, type DbExecutor, queryRows, type Transaction } from '../db/client';
import {
  applyMigrations,
  countRows,
  type DatabaseShape,
  emptyTables,
  readRows,
  readSequences,
  readShape,
  type SequenceValue,
  shapeDifference,
  TableCopyError,
  type TableShape,
  type TextRow,
  writeRows,
  writeSequences,
} from './tables';

/** Where a copy's data comes from: a live database (in a transaction) or a backup's logical export. */
export type TableSource = {
  shape: DatabaseShape;
  /** The migration (its `created_at`) the data was written under. */
  migration: number;
  counts: Record<string, number>;
  sequences: SequenceValue[];
  rows(table: TableShape): AsyncIterable<TextRow[]>;
};

export type CopyReport = {
  tables: { name: string; rows: number }[];
  sequences: number;
  /** Rows the target held before and that were replaced (`force`); empty when it was empty. */
  replaced: { name: string; rows: number }[];
};

export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
  constructor(readonly rows: { name: string; rows: number }[]) {
    const total = rows.reduce((sum, table) => sum + table.rows, 0);
    const tables = rows
      .slice(0, 5)
      .map((table) => `${table.name} (${table.rows})`)
      .join(', ');
    super(`the target database is not empty: ${total} rows in ${rows.length} tables, e.g. ${tables}`);
  }
}

/** A live database as a copy's source. Call inside a transaction, so all of it is one snapshot. */
export async function databaseSource(tx: Transaction): Promise<TableSource> {
  const shape = await readShape(tx);
  const migration = await appliedMigration(tx);
  if (migration === null) throw new TableCopyError('the source database has no migrations applied');
  return {
    shape,
    migration,
    counts: await countRows(tx, shape),
    sequences: await readSequences(tx, shape),
    rows: (table) => readRows(tx, table),
  };
}

const nonEmpty = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, rows]) => rows > 0)
    .map(([name, rows]) => ({ name, rows }));

/** Rows of every table the target has now (it may have none). */
async function targetRows(tx: DbExecutor) {
  return nonEmpty(await countRows(tx, await readShape(tx)));
}

/**
 * Copies everything `source` holds into `target` in ONE transaction: the schema up to the source's
 * migration, every table's rows, the sequences; then counts every table again inside the transaction and
 * commits only when each matches. A target that holds rows is refused unless `force`, which empties its
 * tables first (in the same transaction). Either the whole copy is there afterwards, or nothing changed.
 */
export async function copyIntoDatabase(
  target: Database,
  source: TableSource,
  options: { migrationsFolder: string; force: boolean; onTable?: (name: string, rows: number) => void },
): Promise<CopyReport> {
  return target.transaction(async (tx) => {
    // Two copies started at once must not both find the target empty.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const before = await targetRows(tx);
    if (before.length > 0 && !options.force) throw new TargetNotEmptyError(before);

    await applyMigrations(tx, options.migrationsFolder, source.migration);
    const shape = await readShape(tx);
    const difference = shapeDifference(source.shape, shape);
    if (difference) throw new TableCopyError(`the target's tables differ from the source's: ${difference}`);
    // Rows the migrations themselves insert (defaults such as the e-mail settings) come with the source's.
    await emptyTables(tx, shape);

    for (const table of source.shape.tables) {
      let copied = 0;
      for await (const rows of source.rows(table)) {
        await writeRows(tx, table, rows);
        copied += rows.length;
      }
      options.onTable?.(table.name, copied);
    }
    await writeSequences(tx, source.sequences);

    const after = await countRows(tx, shape);
    const wrong = source.shape.tables.filter((table) => after[table.name] !== source.counts[table.name]);
    if (wrong.length > 0) {
      const detail = wrong
        .map(
          (table) => `${table.name}: ${after[table.name]} copied, ${source.counts[table.name]} in the source`,
        )
        .join('; ');
      throw new TableCopyError(`the row counts do not match, nothing was written: ${detail}`);
    }
    return {
      tables: source.shape.tables.map((table) => ({ name: table.name, rows: after[table.name] ?? 0 })),
      sequences: source.sequences.length,
      replaced: before,
    };
  });
}

/** True when no table of `public` (and no migration record) exists: what a restore with pg_restore needs. */
export async function hasNoTables(db: DbExecutor): Promise<boolean> {
  const [row] = await queryRows<{ tables: string }>(
    db,
    sql`select count(*)::text as "tables" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  );
  return Number(row?.tables ?? 0) === 0;
}

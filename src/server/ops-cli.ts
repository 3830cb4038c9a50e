import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase, openPgliteDatabase, openPostgresDatabase } from './db/client';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createFilesystemStorage } from './lib/storage/filesystem-storage';
import type { Storage } from './lib/storage/storage';
import { StorageError } from './lib/storage/storage';
import { BackupError, restoreBackup, writeBackup } from './operations/backup';
import { copyIntoDatabase, databaseSource, TargetNotEmptyError } from './operations/copy-database';
import { copyStorage, StorageCopyError, StorageTargetNotEmptyError } from './operations/copy-storage';
import { withoutPassword } from './operations/postgres-tools';
import { TableCopyError } from './operations/tables';

// `npm run migrate:postgres|migrate:s3|backup|restore -- …`: moving an embedded install to PostgreSQL and
// S3, and backups. Each command says what it did, and exits non-zero with one line when it cannot.

const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));

const USAGE = `usage:
  npm run migrate:postgres -- --to <postgres://…> [--force]
      copies the embedded database (DATA_DIR/db) into an empty PostgreSQL database, in one transaction
  npm run migrate:s3 [-- --force]
      copies DATA_DIR/storage into the S3 bucket of S3_*, skipping files that are there already
  npm run backup -- <file> [--logical]
      writes the database and the stored files of this installation into one archive
  npm run restore -- <file>
      restores an archive into an empty DATA_DIR or database (DATABASE_URL) and empty storage
--force lets the two migrate commands write into a target that is not empty (see README).`;

class UsageError extends Error {}

const number = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The storage this installation's configuration names (S3_* or DATA_DIR/storage). */
async function openStorage(config: Config): Promise<{ storage: Storage; where: string; close(): void }> {
  if (!config.s3) {
    const root = path.join(config.dataDir, 'storage');
    return { storage: createFilesystemStorage(root), where: root, close: () => undefined };
  }
  const { createS3Storage } = await import('./lib/storage/s3-storage');
  const storage = createS3Storage(config.s3);
  await storage.check();
  return {
    storage,
    where: `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
    close: () => storage.destroy(),
  };
}

function requireEmbeddedDatabase(config: Config): void {
  if (!fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new UsageError(`there is no embedded database in ${path.join(config.dataDir, 'db')}`);
  }
}

async function migratePostgres(config: Config, to: string | undefined, force: boolean) {
  const example = 'postgres://user:pass@host:5432/db';
  if (!to) throw new UsageError(`--to <${example}> is required`);
  let target: string;
  try {
    target = loadConfig({ DATABASE_URL: to }).databaseUrl as string;
  } catch {
    throw new UsageError(`--to must be a PostgreSQL URL like ${example}`);
  }
  requireEmbeddedDatabase(config);
  const started = performance.now();
  say(`Copying the embedded database in ${path.join(config.dataDir, 'db')} to ${withoutPassword(target)}…`);
  const source = await openPgliteDatabase(config.dataDir);
  const destination = openPostgresDatabase(target);
  try {
    // As a start of the app would: the source is brought to this version's schema first.
    await source.migrate(MIGRATIONS_DIR);
    const report = await source.db.transaction(async (tx) =>
      copyIntoDatabase(destination.db, await databaseSource(tx), {
        migrationsFolder: MIGRATIONS_DIR,
        force,
        onTable: (name, rows) =>
          say(`  ${name.padEnd(28)} ${number(rows).padStart(10)} ${rows === 1 ? 'row' : 'rows'}`),
      }),
    );
    const rows = report.tables.reduce((total, table) => total + table.rows, 0);
    if (report.replaced.length > 0) {
      const replaced = report.replaced.reduce((total, table) => total + table.rows, 0);
      say(`Replaced ${number(replaced)} rows the target held before (--force).`);
    }
    say(
      `Done in ${seconds(started)}: ${number(rows)} rows in ${report.tables.length} tables and ` +
        `${report.sequences} sequences, in one transaction; every table's count checked.`,
    );
    say(
      'Next: start every app process with DATABASE_URL set to this database and one shared SESSION_SECRET.',
    );
    const generated = path.join(config.dataDir, 'secrets', 'session-secret');
    if (!config.sessionSecret && fs.existsSync(generated)) {
      say(`Use the value in ${generated}: it keeps everyone signed in and the stored provider key readable.`);
    }
  } finally {
    await destination.close();
    await source.close();
  }
}

async function migrateS3(config: Config, force: boolean) {
  if (!config.s3)
    throw new UsageError('set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT) first');
  const root = path.join(config.dataDir, 'storage');
  if (!fs.existsSync(root)) throw new UsageError(`there are no stored files in ${root}`);
  const started = performance.now();
  const target = await openStorage(config);
  const { S3_PART_SIZE } = await import('./lib/storage/s3-storage');
  say(`Copying ${root} to ${target.where}…`);
  try {
    const report = await copyStorage(createFilesystemStorage(root), target.storage, {
      force,
      partSize: S3_PART_SIZE,
      onObject: (name, outcome) => say(`  ${outcome.padEnd(9)} ${name}`),
    });
    say(
      `Done in ${seconds(started)}: ${number(report.copied.count)} files copied (${megabytes(report.copied.bytes)}), ` +
        `${number(report.skipped)} already there with the same size and checksum` +
        (report.replaced.length > 0 ? `, ${report.replaced.length} replaced (--force)` : '') +
        '; each copy verified.',
    );
    if (report.foreign.length > 0) {
      say(`${report.foreign.length} files in the bucket that are not in ${root} were left as they are.`);
    }
  } finally {
    target.close();
  }
}

async function backup(config: Config, file: string | undefined, logical: boolean) {
  if (!file) throw new UsageError('name the archive to write: npm run backup -- <file>');
  const started = performance.now();
  if (!config.databaseUrl) requireEmbeddedDatabase(config);
  const storage = await openStorage(config);
  const embedded = config.databaseUrl ? undefined : await openPgliteDatabase(config.dataDir);
  try {
    const report = await writeBackup({
      file,
      source: embedded
        ? { kind: 'pglite', handle: embedded }
        : { kind: 'postgres', url: config.databaseUrl as string, logical },
      storage: storage.storage,
      dataDir: config.dataDir,
      now: new Date(),
      log: (line) => say(line),
    });
    say(
      `Wrote ${file} (${megabytes(report.bytes)}) in ${seconds(started)}: the database as ${report.database.format} ` +
        `(${number(report.database.rows)} rows in ${report.database.tables} tables), ` +
        `${number(report.files.count)} stored files (${megabytes(report.files.bytes)})` +
        (report.secrets > 0 ? `, ${report.secrets} generated secrets` : '') +
        '.',
    );
    for (const name of report.files.vanished) say(`  ${name} was deleted while the backup ran: not included`);
    say(
      'The archive holds everything, private reflections included: keep it encrypted and access-controlled.',
    );
  } finally {
    await embedded?.close();
    storage.close();
  }
}

async function restore(config: Config, file: string | undefined) {
  if (!file) throw new UsageError('name the archive to restore: npm run restore -- <file>');
  const started = performance.now();
  const storage = await openStorage(config);
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    : undefined;
  try {
    const report = await restoreBackup({
      file,
      target: database
        ? { kind: 'postgres', url: config.databaseUrl as string, db: database.db }
        : { kind: 'pglite', dataDir: config.dataDir },
      storage: storage.storage,
      dataDir: config.dataDir,
      migrationsFolder: MIGRATIONS_DIR,
      log: (line) => say(line),
    });
    const into = database ? withoutPassword(config.databaseUrl as string) : path.join(config.dataDir, 'db');
    say(
      `Restored ${file} in ${seconds(started)}: ${number(report.database.rows)} rows in ${report.database.tables} ` +
        `tables into ${into} (counts checked), ${number(report.files.count)} files (${megabytes(report.files.bytes)}) ` +
        `into ${storage.where}.`,
    );
    if (report.secrets.restored.length > 0)
      say(`Restored the generated secrets: ${report.secrets.restored.join(', ')}.`);
    for (const name of report.secrets.kept) {
      say(`Kept the existing secrets/${name}, which differs from the backup's: sessions made before it end.`);
    }
    say('Start Mirror on it (npm start); migrations newer than the backup are applied then.');
  } finally {
    await database?.close();
    storage.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        force: { type: 'boolean' },
        logical: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || !command) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const force = values.force === true;
  const file = positionals[0] ? path.resolve(String(positionals[0])) : undefined;
  switch (command) {
    case 'migrate-postgres':
      await migratePostgres(config, values.to as string | undefined, force);
      return 0;
    case 'migrate-s3':
      await migrateS3(config, force);
      return 0;
    case 'backup':
      await backup(config, file, values.logical === true);
      return 0;
    case 'restore':
      await restore(config, file);
      return 0;
    default:
      console.error(`unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

const REFUSALS = [
  UsageError,
  ConfigError,
  DataDirLockedError,
  TargetNotEmptyError,
  StorageTargetNotEmptyError,
  StorageCopyError,
  StorageError,
  TableCopyError,
  BackupError,
];

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (REFUSALS.some((kind) => error instanceof kind)) {
    const hint =
      error instanceof TargetNotEmptyError || error instanceof StorageTargetNotEmptyError
        ? ' (nothing was written; add --force to write into it anyway)'
        : '';
    console.error(`${(error as Error).message}${hint}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } else {
    throw error;
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BUCKETS, type Bucket } from '@shared/domain/media';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import tar from 'tar-stream';
import {
  appliedMigration,
  type Database,
  type DatabaseHandle,
  type DbExecutor,
  openMemoryDatabase,
  openPgliteDatabase,
  queryRows,
} from '../db/client';
import { schema } from '../db/schema';
import type { Storage } from '../lib/storage/storage';
import {
  type CopyReport,
  copyIntoDatabase,
  databaseSource,
  hasNoTables,
  type TableSource,
} from './copy-database';
import { listAllObjects } from './copy-storage';
import { findPostgresTool, libpqEnvironment, type PostgresTool, runPostgresTool } from './postgres-tools';
import {
  countRows,
  type DatabaseShape,
  readRows,
  readSequences,
  readShape,
  type SequenceValue,
  TableCopyError,
  type TableShape,
  type TextRow,
} from './tables';

/**
 * Backups (`npm run backup -- <file>`, `npm run restore -- <file>`): one tar archive holding a consistent
 * snapshot of the database and every stored file. Entries, in order: `mirror-backup.json` (what the
 * archive holds), the database (`database/…`), the generated secrets (`secrets/…`), the files
 * (`storage/<bucket>/<name>`), and `contents.json` (every entry's size and SHA-256, the files' metadata).
 * A restore reads the archive once to check every entry against `contents.json` before it writes anything.
 */

export const MANIFEST_ENTRY = 'mirror-backup.json';
export const CONTENTS_ENTRY = 'contents.json';
const FORMAT = 'mirror-backup';
const VERSION = 1;

export type DatabaseFormat = 'pglite-datadir' | 'pg_dump-custom' | 'logical';

export type BackupManifest = {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    format: DatabaseFormat;
    entry: string;
    /** The newest migration applied when the snapshot was taken (its `created_at`). */
    migration: number;
    /** Rows per table in the snapshot; a restore counts again and compares. */
    counts: Record<string, number>;
    /** pg_dump-custom: the major version of the pg_dump that wrote it (pg_restore must be as new). */
    dumpMajor?: number;
    /** logical: the tables' columns and the sequences, for the restore. */
    shape?: DatabaseShape;
    sequences?: SequenceValue[];
  };
};

export type ArchiveContents = {
  entries: { name: string; size: number; sha256: string }[];
  objects: { entry: string; bucket: Bucket; name: string; contentType: string; createdAt: string }[];
};

export type BackupSource =
  | { kind: 'pglite'; handle: DatabaseHandle }
  | { kind: 'postgres'; url: string; logical: boolean };

export type BackupReport = {
  bytes: number;
  database: { format: DatabaseFormat; tables: number; rows: number; note?: string };
  files: { count: number; bytes: number; vanished: string[] };
  secrets: number;
};

export class BackupError extends Error {
  override name = 'BackupError';
}

const sum = (counts: Record<string, number>) =>
  Object.values(counts).reduce((total, rows) => total + rows, 0);

/** A stream we write to: Node's, or tar-stream's (streamx). */
type Sink = { write(chunk: string | Buffer): boolean; once(event: 'drain', listener: () => void): unknown };

/** Writes `chunk`, waiting when the stream asks for it (back-pressure). */
async function write(stream: Sink, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/** A table export: for each table a header line `{"table","columns"}`, then one JSON array of texts per row. */
async function writeLogicalExport(db: DbExecutor, shape: DatabaseShape, file: string): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file, { mode: 0o600 }));
  for (const table of shape.tables) {
    await write(gzip, `${JSON.stringify({ table: table.name, columns: table.columns })}\n`);
    for await (const rows of readRows(db, table)) {
      await write(gzip, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    }
  }
  gzip.end();
  await written;
}

/** A logical export read back as the source of a copy (tables in the order they were written). */
function logicalSource(file: string, database: BackupManifest['database']): TableSource {
  if (!database.shape || !database.sequences) throw new BackupError('the archive lacks its table layout');
  const lines = readline
    .createInterface({
      input: fs.createReadStream(file).pipe(createGunzip()),
      crlfDelay: Number.POSITIVE_INFINITY,
    })
    [Symbol.asyncIterator]();
  let ahead: string | undefined;
  const next = async () => {
    if (ahead !== undefined) {
      const line = ahead;
      ahead = undefined;
      return line;
    }
    const { value, done } = await lines.next();
    return done ? undefined : (value as string);
  };
  return {
    shape: database.shape,
    migration: database.migration,
    counts: database.counts,
    sequences: database.sequences,
    async *rows(table: TableShape) {
      const header = await next();
      const parsed = header ? (JSON.parse(header) as { table?: string }) : {};
      if (parsed.table !== table.name) {
        throw new BackupError(
          `the table export has ${parsed.table ?? 'nothing'} where ${table.name} belongs`,
        );
      }
      let batch: TextRow[] = [];
      for (;;) {
        const line = await next();
        if (line === undefined) break;
        if (line.startsWith('{')) {
          ahead = line;
          break;
        }
        batch.push(JSON.parse(line) as TextRow);
        if (batch.length === 500) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
  };
}

type DatabasePart = { manifest: BackupManifest['database']; file: string; note?: string };

async function snapshotPglite(handle: DatabaseHandle, workDir: string): Promise<DatabasePart> {
  if (!handle.dumpDataDir) throw new BackupError('this database cannot dump its data directory');
  const shape = await readShape(handle.db);
  const counts = await countRows(handle.db, shape);
  const migration = await appliedMigration(handle.db);
  if (migration === null) throw new BackupError('the database has no migrations applied: nothing to back up');
  const file = path.join(workDir, 'pglite.tar.gz');
  const dump = await handle.dumpDataDir('gzip');
  await pipeline(Readable.fromWeb(dump.stream() as never), fs.createWriteStream(file, { mode: 0o600 }));
  return {
    file,
    manifest: {
      kind: 'pglite',
      format: 'pglite-datadir',
      entry: 'database/pglite.tar.gz',
      migration,
      counts,
    },
  };
}

/**
 * PostgreSQL, in one REPEATABLE READ snapshot: its counts, then pg_dump of that very snapshot
 * (`--snapshot`), or, with no pg_dump as new as the server (or when asked), the tables exported as text.
 */
async function snapshotPostgres(url: string, logical: boolean, workDir: string): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: url, application_name: 'mirror-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database;
    const shape = await readShape(db);
    const counts = await countRows(db, shape);
    const migration = await appliedMigration(db);
    if (migration === null)
      throw new BackupError('the database has no migrations applied: nothing to back up');
    const [version] = await queryRows<{ major: string }>(
      db,
      sql`select (current_setting('server_version_num')::int / 10000)::text as "major"`,
    );
    const serverMajor = Number(version?.major);
    const base = { kind: 'postgres' as const, migration, counts };

    let note: string | undefined;
    const tool: PostgresTool | null = logical ? null : await findPostgresTool('pg_dump', serverMajor);
    if (tool) {
      const file = path.join(workDir, 'postgres.dump');
      await runPostgresTool(
        tool,
        ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`],
        url,
      );
      await client.query('commit');
      return {
        file,
        manifest: {
          ...base,
          format: 'pg_dump-custom',
          entry: 'database/postgres.dump',
          dumpMajor: tool.major,
        },
      };
    }
    if (!logical) note = `no pg_dump ${serverMajor} or newer found: the tables were exported as text instead`;
    const file = path.join(workDir, 'tables.ndjson.gz');
    await writeLogicalExport(db, shape, file);
    const sequences = await readSequences(db, shape);
    await client.query('commit');
    return {
      file,
      note,
      manifest: { ...base, format: 'logical', entry: 'database/tables.ndjson.gz', shape, sequences },
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Adds one entry, hashing it on the way. */
async function addEntry(
  pack: tar.Pack,
  contents: ArchiveContents,
  entry: { name: string; size: number; body: Readable | Buffer; mtime: Date },
): Promise<void> {
  const hash = createHash('sha256');
  const finished = new Promise<void>((resolve, reject) => {
    const sink = pack.entry(
      { name: entry.name, size: entry.size, mode: 0o600, mtime: entry.mtime },
      (error) => (error ? reject(error) : resolve()),
    );
    const feed = async () => {
      const chunks = Buffer.isBuffer(entry.body) ? [entry.body] : (entry.body as AsyncIterable<Buffer>);
      for await (const chunk of chunks) {
        hash.update(chunk);
        await write(sink, chunk);
      }
      sink.end(undefined);
    };
    feed().catch((error: unknown) => {
      sink.destroy(error as Error);
      reject(error);
    });
  });
  await finished;
  contents.entries.push({ name: entry.name, size: entry.size, sha256: hash.digest('hex') });
}

/**
 * Writes a backup of `source` and every object of `storage` to `file` (through `<file>.partial`, so a
 * backup that fails leaves no archive under the final name). Refuses to overwrite an existing file.
 */
export async function writeBackup(options: {
  file: string;
  source: BackupSource;
  storage: Storage;
  dataDir: string;
  now: Date;
  log?: (line: string) => void;
}): Promise<BackupReport> {
  const { file, source, storage, now } = options;
  const log = options.log ?? (() => undefined);
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already; choose another name`);
  const partial = `${file}.partial`;
  const workDir = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.mirror-backup-'));
  try {
    log('taking a snapshot of the database…');
    const database =
      source.kind === 'pglite'
        ? await snapshotPglite(source.handle, workDir)
        : await snapshotPostgres(source.url, source.logical, workDir);
    if (database.note) log(database.note);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: now.toISOString(),
      database: database.manifest,
    };

    const pack = tar.pack();
    const written = pipeline(pack as unknown as Readable, fs.createWriteStream(partial, { mode: 0o600 }));
    const contents: ArchiveContents = { entries: [], objects: [] };
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    const manifestBody = json(manifest);
    await addEntry(pack, contents, {
      name: MANIFEST_ENTRY,
      size: manifestBody.length,
      body: manifestBody,
      mtime: now,
    });
    await addEntry(pack, contents, {
      name: database.manifest.entry,
      size: fs.statSync(database.file).size,
      body: fs.createReadStream(database.file),
      mtime: now,
    });

    const secretsDir = path.join(options.dataDir, 'secrets');
    const secrets = fs.existsSync(secretsDir)
      ? fs.readdirSync(secretsDir, { withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    for (const secret of secrets) {
      const body = fs.readFileSync(path.join(secretsDir, secret.name));
      await addEntry(pack, contents, { name: `secrets/${secret.name}`, size: body.length, body, mtime: now });
    }

    log('copying the stored files…');
    const files = { count: 0, bytes: 0, vanished: [] as string[] };
    for (const { bucket, object } of await listAllObjects(storage)) {
      const got = await storage.get(bucket, object.name);
      if (!got) {
        // Deleted since the listing: nothing to keep.
        files.vanished.push(`${bucket}/${object.name}`);
        continue;
      }
      const entry = `storage/${bucket}/${object.name}`;
      await addEntry(pack, contents, {
        name: entry,
        size: got.object.size,
        body: got.body,
        mtime: got.object.createdAt,
      });
      contents.objects.push({
        entry,
        bucket,
        name: object.name,
        contentType: got.object.contentType,
        createdAt: got.object.createdAt.toISOString(),
      });
      files.count += 1;
      files.bytes += got.object.size;
    }
    const contentsBody = json(contents);
    // The last entry describes all the others; it is not listed in itself.
    const entries = contents.entries.length;
    await addEntry(pack, contents, {
      name: CONTENTS_ENTRY,
      size: contentsBody.length,
      body: contentsBody,
      mtime: now,
    });
    contents.entries.length = entries;
    pack.finalize();
    await written;
    fs.renameSync(partial, file);
    return {
      bytes: fs.statSync(file).size,
      database: {
        format: database.manifest.format,
        tables: Object.keys(database.manifest.counts).length,
        rows: sum(database.manifest.counts),
        note: database.note,
      },
      files,
      secrets: secrets.length,
    };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Every entry of the archive in order, each as its header and a stream that must be read to the end. */
async function* entriesOf(file: string): AsyncGenerator<{ name: string; size: number; body: Readable }> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract as unknown as Writable);
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as unknown as Readable };
    }
  } finally {
    await reading.catch((error: unknown) => {
      throw new BackupError(`${file} is not a readable archive: ${(error as Error).message}`);
    });
  }
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive and checks every entry against `contents.json` (size and SHA-256, none missing,
 * none extra). Resolves with its manifest and contents; throws a BackupError saying what is wrong.
 */
export async function verifyBackup(
  file: string,
): Promise<{ manifest: BackupManifest; contents: ArchiveContents }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  let manifest: BackupManifest | undefined;
  let contents: ArchiveContents | undefined;
  const seen: { name: string; size: number; sha256: string }[] = [];
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.name === MANIFEST_ENTRY || entry.name === CONTENTS_ENTRY) {
        const body = await readAll(entry.body);
        const parsed = JSON.parse(body.toString('utf8'));
        if (entry.name === MANIFEST_ENTRY) manifest = parsed as BackupManifest;
        else contents = parsed as ArchiveContents;
        if (entry.name === MANIFEST_ENTRY) {
          seen.push({
            name: entry.name,
            size: body.length,
            sha256: createHash('sha256').update(body).digest('hex'),
          });
        }
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of entry.body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
      }
      seen.push({ name: entry.name, size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged: ${(error as Error).message}`);
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not a Mirror backup`);
  if (manifest.version !== VERSION) {
    throw new BackupError(`${file} is a backup of format ${manifest.version}; this version reads ${VERSION}`);
  }
  if (!contents) throw new BackupError(`${file} is incomplete: it ends before its list of contents`);
  const expected = new Map(contents.entries.map((entry) => [entry.name, entry]));
  for (const entry of seen) {
    const listed = expected.get(entry.name);
    if (!listed) throw new BackupError(`${file} holds ${entry.name}, which its contents do not list`);
    if (listed.size !== entry.size || listed.sha256 !== entry.sha256) {
      throw new BackupError(`${file} is damaged: ${entry.name} is not what was written`);
    }
    expected.delete(entry.name);
  }
  if (expected.size > 0)
    throw new BackupError(`${file} lacks ${[...expected.keys()].slice(0, 3).join(', ')}`);
  return { manifest, contents };
}

export type RestoreTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; db: Database };

export type RestoreReport = {
  database: { format: DatabaseFormat; tables: number; rows: number };
  files: { count: number; bytes: number };
  secrets: { restored: string[]; kept: string[] };
};

const pgliteDir = (dataDir: string) => path.join(dataDir, 'db');

/** Checks before anything is written: the archive fits the target, and the target is empty. */
async function preflight(manifest: BackupManifest, target: RestoreTarget, storage: Storage) {
  const { format } = manifest.database;
  let restoreTool: PostgresTool | null = null;
  if (format === 'pg_dump-custom') {
    if (target.kind !== 'postgres') {
      throw new BackupError(
        'this backup holds a pg_dump archive of PostgreSQL: restore it into PostgreSQL (set DATABASE_URL), ' +
          'or make the backup with --logical, which restores into the embedded database too',
      );
    }
    restoreTool = await findPostgresTool('pg_restore', manifest.database.dumpMajor ?? 0);
    if (!restoreTool) {
      throw new BackupError(
        `restoring this backup needs pg_restore ${manifest.database.dumpMajor} or newer (PostgreSQL client programs)`,
      );
    }
  }
  if (target.kind === 'pglite') {
    const dir = pgliteDir(target.dataDir);
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new BackupError(`${dir} holds a database already: restore into an empty DATA_DIR`);
    }
  } else if (!(await hasNoTables(target.db))) {
    throw new BackupError('the target database is not empty: restore into a new, empty database (createdb)');
  }
  const objects = await Promise.all(BUCKETS.map((bucket) => storage.list(bucket, { limit: 1 })));
  if (objects.some((list) => list.length > 0)) {
    throw new BackupError('the target storage holds files already: restore into empty storage');
  }
  return restoreTool;
}

/** Restores the database part (a file extracted from the archive) into the target; returns its counts. */
async function restoreDatabase(
  manifest: BackupManifest,
  file: string,
  target: RestoreTarget,
  options: { migrationsFolder: string; restoreTool: PostgresTool | null },
): Promise<Record<string, number>> {
  const { format } = manifest.database;
  const gzipped = () => new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
  const copy = { migrationsFolder: options.migrationsFolder, force: false };

  if (format === 'pg_dump-custom' && target.kind === 'postgres' && options.restoreTool) {
    // The connection (password included) comes from the environment; only the name is on the command line.
    const database = libpqEnvironment(target.url).PGDATABASE ?? 'postgres';
    await runPostgresTool(
      options.restoreTool,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${database}`,
        file,
      ],
      target.url,
    );
    return countRows(target.db, await readShape(target.db));
  }
  if (format === 'pglite-datadir' && target.kind === 'pglite') {
    const handle = await openPgliteDatabase(target.dataDir, { loadDataDir: gzipped() });
    try {
      return await countRows(handle.db, await readShape(handle.db));
    } finally {
      await handle.close();
    }
  }
  // Everything else goes through a copy in one transaction: into PostgreSQL from an embedded backup, or a
  // logical export into either.
  const embedded = target.kind === 'pglite' ? await openPgliteDatabase(target.dataDir) : undefined;
  const targetDb = embedded?.db ?? (target as Extract<RestoreTarget, { kind: 'postgres' }>).db;
  const counted = (report: CopyReport) =>
    Object.fromEntries(report.tables.map((table) => [table.name, table.rows]));
  try {
    if (format === 'logical') {
      return counted(await copyIntoDatabase(targetDb, logicalSource(file, manifest.database), copy));
    }
    if (format !== 'pglite-datadir') throw new BackupError(`cannot restore ${format} here`);
    const memory = await openMemoryDatabase(gzipped());
    try {
      return counted(
        await memory.db.transaction(async (tx) => copyIntoDatabase(targetDb, await databaseSource(tx), copy)),
      );
    } finally {
      await memory.close();
    }
  } finally {
    await embedded?.close();
  }
}

/**
 * Restores a backup into an empty database (embedded in DATA_DIR/db, or PostgreSQL) and empty storage:
 * checks the whole archive first, then the database (in one transaction, or a fresh data directory), then
 * the generated secrets (an existing one is kept) and the files. The restored tables are counted and must
 * match the counts taken with the snapshot.
 */
export async function restoreBackup(options: {
  file: string;
  target: RestoreTarget;
  storage: Storage;
  dataDir: string;
  migrationsFolder: string;
  log?: (line: string) => void;
}): Promise<RestoreReport> {
  const { file, target, storage } = options;
  const log = options.log ?? (() => undefined);
  log('checking the archive…');
  const { manifest, contents } = await verifyBackup(file);
  const restoreTool = await preflight(manifest, target, storage);
  const objects = new Map(contents.objects.map((object) => [object.entry, object]));
  const workDir = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.mirror-restore-'));
  const report: RestoreReport = {
    database: { format: manifest.database.format, tables: 0, rows: 0 },
    files: { count: 0, bytes: 0 },
    secrets: { restored: [], kept: [] },
  };
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.name === manifest.database.entry) {
        log('restoring the database…');
        const part = path.join(workDir, path.basename(entry.name));
        await pipeline(entry.body, fs.createWriteStream(part, { mode: 0o600 }));
        const counts = await restoreDatabase(manifest, part, target, { ...options, restoreTool });
        const wrong = Object.keys(manifest.database.counts).filter(
          (table) => counts[table] !== manifest.database.counts[table],
        );
        if (wrong.length > 0) {
          throw new TableCopyError(
            `the restored row counts differ from the backup's: ${wrong
              .map((table) => `${table} ${counts[table] ?? 0} of ${manifest.database.counts[table]}`)
              .join(', ')}`,
          );
        }
        report.database.tables = Object.keys(counts).length;
        report.database.rows = sum(counts);
        fs.rmSync(part, { force: true });
        log('restoring the files…');
      } else if (entry.name.startsWith('secrets/')) {
        const name = path.basename(entry.name);
        const body = await readAll(entry.body);
        const destination = path.join(options.dataDir, 'secrets', name);
        if (fs.existsSync(destination)) {
          if (!fs.readFileSync(destination).equals(body)) report.secrets.kept.push(name);
        } else {
          fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
          fs.writeFileSync(destination, body, { mode: 0o600 });
          report.secrets.restored.push(name);
        }
      } else if (objects.has(entry.name)) {
        const object = objects.get(entry.name) as ArchiveContents['objects'][number];
        await storage.put(object.bucket, object.name, entry.body, {
          maxBytes: entry.size,
          contentType: object.contentType,
          createdAt: new Date(object.createdAt),
        });
        report.files.count += 1;
        report.files.bytes += entry.size;
      } else {
        await readAll(entry.body);
      }
    }
    return report;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryDatabase, openPgliteDatabase } from '../db/client';
import { createFilesystemStorage } from '../lib/storage/filesystem-storage';
import { createTestApp, type TestContext } from '../test/test-app';
import { MIGRATIONS_DIR } from '../test/test-db';
import {
  BackupError,
  type BackupReport,
  type BackupSource,
  restoreBackup,
  verifyBackup,
  writeBackup,
} from './backup';
import { copyIntoDatabase, databaseSource } from './copy-database';
import { createEmptyDatabase, fingerprint, seedInstall, storedFiles, urlOf } from './test-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRET = 'a-generated-session-secret-of-the-backed-up-install\n';
let ctx: TestContext;
let seeded: Awaited<ReturnType<typeof seedInstall>>;
let expected: Record<string, string>;
const dirs: string[] = [];
/** The folders of the shared backups (`backupOf`), removed once the file is done. */
const sharedDirs: string[] = [];
/**
 * The ceiling of every test here, each of which backs up or restores a whole install: 50 s alone on a slow
 * day here, and up to 130 s beside the rest of npm test on two cores (one hit the 120 s it had).
 */
const BACKUP_CEILING_MS = 300_000;
const BACKUP_CEILING = { timeout: BACKUP_CEILING_MS };

beforeAll(async () => {
  ctx = await createTestApp();
  seeded = await seedInstall(ctx);
  fs.mkdirSync(path.join(ctx.config.dataDir, 'secrets'), { recursive: true });
  fs.writeFileSync(path.join(ctx.config.dataDir, 'secrets', 'session-secret'), SECRET);
  expected = await fingerprint(ctx.database.db);
}, BACKUP_CEILING_MS);
afterAll(async () => {
  await ctx.close();
  for (const dir of sharedDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-backup-test-'));
  dirs.push(dir);
  return dir;
}

/** The test app's database as a backup sees it. */
async function sourceOf(logical = false): Promise<BackupSource> {
  return onPostgres
    ? { kind: 'postgres', url: await urlOf(ctx.database.db), logical }
    : { kind: 'pglite', handle: ctx.database };
}

async function backUp(source: BackupSource, dir = tempDir()) {
  const file = path.join(dir, 'mirror.backup');
  const report = await writeBackup({
    file,
    source,
    storage: ctx.storage,
    dataDir: ctx.config.dataDir,
    now: new Date(),
  });
  return { file, report };
}

const shared = new Map<string, Promise<{ file: string; report: BackupReport }>>();

/**
 * The backup of the test app's install (`logical`: the table export, which on PGlite is the same backup),
 * made once and shared by the tests that only read it: nothing changes the install after `beforeAll`, so
 * a second backup of it would be the same archive again (each costs 1.5 s of CPU on PGlite, a pg_dump more).
 * A test that changes the archive, or needs a name that exists, works on a copy (`copyOfBackup`).
 */
function backupOf(logical = false): Promise<{ file: string; report: BackupReport }> {
  const key = onPostgres && logical ? 'logical' : 'snapshot';
  let made = shared.get(key);
  if (!made) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-backup-test-'));
    sharedDirs.push(dir);
    made = sourceOf(logical).then((source) => backUp(source, dir));
    shared.set(key, made);
  }
  return made;
}

/** A copy of the shared backup (`backupOf`) in a folder of this test's own. */
async function copyOfBackup(logical = false): Promise<string> {
  const copy = path.join(tempDir(), 'mirror.backup');
  fs.copyFileSync((await backupOf(logical)).file, copy);
  return copy;
}

/** Restores into `dataDir`: the embedded database there, and files in its storage (by default). */
function restoreInto(
  file: string,
  dataDir: string,
  storage = createFilesystemStorage(path.join(dataDir, 'storage')),
) {
  return restoreBackup({
    file,
    target: { kind: 'pglite', dataDir },
    storage,
    dataDir,
    migrationsFolder: MIGRATIONS_DIR,
  });
}

/** Restores into a new DATA_DIR with its own storage, and the embedded database there. */
async function restoreEmbedded(file: string) {
  const dataDir = tempDir();
  const storage = createFilesystemStorage(path.join(dataDir, 'storage'));
  const report = await restoreInto(file, dataDir, storage);
  const restored = await openPgliteDatabase(dataDir);
  try {
    return { report, dataDir, storage, fingerprint: await fingerprint(restored.db) };
  } finally {
    await restored.close();
  }
}

/** Restores into a new, empty PostgreSQL database (and new storage). */
async function restorePostgres(file: string) {
  const dataDir = tempDir();
  const storage = createFilesystemStorage(path.join(dataDir, 'storage'));
  const database = await createEmptyDatabase();
  try {
    const report = await restoreBackup({
      file,
      target: { kind: 'postgres', url: database.url as string, db: database.db },
      storage,
      dataDir,
      migrationsFolder: MIGRATIONS_DIR,
    });
    return { report, dataDir, storage, fingerprint: await fingerprint(database.db) };
  } finally {
    await database.close();
  }
}

describe('a backup of the embedded database', BACKUP_CEILING, () => {
  it.skipIf(onPostgres)(
    'restores into an empty DATA_DIR: every row, every file, the generated secret',
    async () => {
      const { file, report } = await backupOf();
      expect(report.database).toMatchObject({ format: 'pglite-datadir', rows: expect.any(Number) });
      expect(report.files).toEqual({ count: 2, bytes: expect.any(Number), vanished: [] });
      expect(report.secrets).toBe(1);
      const { manifest } = await verifyBackup(file);
      expect(manifest.database.counts.users).toBe(1);

      const restored = await restoreEmbedded(file);
      expect(restored.fingerprint).toEqual(expected);
      expect(await storedFiles(restored.storage)).toEqual(seeded.files);
      expect(restored.report).toMatchObject({
        database: { format: 'pglite-datadir', rows: report.database.rows },
        files: { count: 2 },
        secrets: { restored: ['session-secret'], kept: [] },
      });
      expect(fs.readFileSync(path.join(restored.dataDir, 'secrets', 'session-secret'), 'utf8')).toBe(SECRET);
      const gif = await restored.storage.stat('gifs', 'newsletter-gif/spring.gif');
      expect(gif).toMatchObject({
        contentType: 'image/gif',
        createdAt: (await ctx.storage.stat('gifs', 'newsletter-gif/spring.gif'))?.createdAt,
      });
    },
  );

  it.skipIf(!onPostgres)('restores into PostgreSQL too, in one transaction', async () => {
    // An embedded copy of the test database, backed up as an embedded install would be.
    const embedded = await openMemoryDatabase();
    try {
      await ctx.database.db.transaction(async (tx) =>
        copyIntoDatabase(embedded.db, await databaseSource(tx), {
          migrationsFolder: MIGRATIONS_DIR,
          force: false,
        }),
      );
      const { file } = await backUp({ kind: 'pglite', handle: embedded });
      const restored = await restorePostgres(file);
      expect(restored.fingerprint).toEqual(expected);
      expect(await storedFiles(restored.storage)).toEqual(seeded.files);
    } finally {
      await embedded.close();
    }
  });
});

describe.skipIf(!onPostgres)('a backup of PostgreSQL', BACKUP_CEILING, () => {
  it('is a pg_dump of one snapshot, and restores into an empty database', async () => {
    const { file, report } = await backupOf();
    expect(report.database.format).toBe('pg_dump-custom');
    const restored = await restorePostgres(file);
    expect(restored.fingerprint).toEqual(expected);
    expect(await storedFiles(restored.storage)).toEqual(seeded.files);
  });

  it('as a logical export (no pg_dump, or --logical) restores into PostgreSQL and the embedded database', async () => {
    const { file, report } = await backupOf(true);
    expect(report.database.format).toBe('logical');
    expect((await restorePostgres(file)).fingerprint).toEqual(expected);
    expect((await restoreEmbedded(file)).fingerprint).toEqual(expected);
  });
});

describe('restoring', BACKUP_CEILING, () => {
  it.skipIf(!onPostgres)(
    'refuses a pg_dump archive for the embedded database, saying what would work',
    async () => {
      const { file } = await backupOf();
      const dataDir = tempDir();
      await expect(restoreInto(file, dataDir)).rejects.toThrow(
        'restore it into PostgreSQL (set DATABASE_URL), or make the backup with --logical',
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );

  it('refuses a damaged archive before writing anything', async () => {
    const file = await copyOfBackup();
    const bytes = fs.readFileSync(file);
    const at = bytes.lastIndexOf(Buffer.from('GIF89a tiny'));
    bytes[at + 3] = 'X'.charCodeAt(0);
    fs.writeFileSync(file, bytes);
    await expect(verifyBackup(file)).rejects.toThrow(
      `${file} is damaged: storage/gifs/newsletter-gif/spring.gif`,
    );
    const dataDir = tempDir();
    await expect(restoreInto(file, dataDir)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(dataDir)).toEqual([]);

    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 4096));
    await expect(verifyBackup(file)).rejects.toThrow(BackupError);
  });

  it('refuses storage or a database that is not empty, and an archive name that exists', async () => {
    // Logical on PostgreSQL: an archive that fits the embedded database.
    const file = await copyOfBackup(true);
    const dataDir = tempDir();
    const storage = createFilesystemStorage(path.join(dataDir, 'storage'));
    await storage.put('videos', 'there.mp4', Readable.from([Buffer.from('x')]), {
      maxBytes: 1,
      contentType: 'video/mp4',
    });
    const restore = () => restoreInto(file, dataDir, storage);
    await expect(restore()).rejects.toThrow(
      'the target storage holds files already: restore into empty storage',
    );
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);

    await storage.delete('videos', 'there.mp4');
    await restore();
    await storage.delete('videos', 'large-clip.mp4');
    await storage.delete('gifs', 'newsletter-gif/spring.gif');
    await expect(restore()).rejects.toThrow(`${path.join(dataDir, 'db')} holds a database already`);

    await expect(
      writeBackup({
        file,
        source: await sourceOf(),
        storage: ctx.storage,
        dataDir: ctx.config.dataDir,
        now: new Date(),
      }),
    ).rejects.toThrow(`${file} exists already; choose another name`);
  });
});

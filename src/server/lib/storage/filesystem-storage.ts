import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket } from '@shared/domain/media';
import { type Clock, systemClock } from '../clock';
import {
  assertBucket,
  assertSafeObjectName,
  type ByteRange,
  isSafeObjectName,
  type ListOptions,
  ObjectExistsError,
  ObjectTooLargeError,
  type PutOptions,
  RangeNotSatisfiableError,
  type Storage,
  StorageError,
  type StoredObject,
} from './storage';

/**
 * What the file system cannot hold for us. `ino` ties the sidecar to the data file it was written with, so
 * a sidecar left over from a replaced file (or a file with no sidecar yet) is never trusted.
 */
type Sidecar = { contentType: string; createdAt: string; etag: string; size: number; ino: number };

/** For files that have no valid sidecar, such as ones an operator copied in by hand. */
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  png: 'image/png',
  webm: 'video/webm',
  webp: 'image/webp',
};

const sidecarPath = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);

function isErrno(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

async function readSidecar(file: string): Promise<Sidecar | undefined> {
  try {
    return JSON.parse(await fs.readFile(sidecarPath(file), 'utf8')) as Sidecar;
  } catch (error) {
    if (isErrno(error, 'ENOENT') || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

async function describeObject(name: string, file: string, stats: Stats): Promise<StoredObject> {
  const sidecar = await readSidecar(file);
  if (sidecar && sidecar.ino === stats.ino && sidecar.size === stats.size) {
    return {
      name,
      createdAt: new Date(sidecar.createdAt),
      size: stats.size,
      contentType: sidecar.contentType,
      etag: sidecar.etag,
    };
  }
  const extension = path.extname(name).slice(1).toLowerCase();
  return {
    name,
    createdAt: stats.mtime,
    size: stats.size,
    contentType: CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream',
    etag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}-${stats.ino.toString(36)}"`,
  };
}

/** Copies `body` into a new file, hashing as it goes; fails as soon as more than `maxBytes` arrive. */
async function writeLimited(body: Readable, file: string, maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new ObjectTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // Opened before piping: a write stream opens its file asynchronously, so a body refused at its first
  // chunk could otherwise create the file after the caller's clean-up has already run.
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx');
  } catch (error) {
    body.destroy();
    throw error;
  }
  try {
    // pipeline destroys every stream on failure, so the source stops being read at once.
    await pipeline(body, limit, handle.createWriteStream());
  } finally {
    await handle.close().catch(() => undefined);
  }
  return { size, etag: `"${hash.digest('base64url')}"` };
}

function compareBy(sortBy: NonNullable<ListOptions['sortBy']>) {
  const direction = sortBy.order === 'desc' ? -1 : 1;
  const byName = (a: StoredObject, b: StoredObject) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const key = (object: StoredObject) =>
    sortBy.column === 'size' ? object.size : sortBy.column === 'created_at' ? object.createdAt.getTime() : 0;
  return (a: StoredObject, b: StoredObject) => direction * (key(a) - key(b) || byName(a, b));
}

/**
 * Objects as files under `<root>/<bucket>/<name>`, with a hidden sidecar `.<file>.meta.json` beside each.
 * Writes go to a hidden temporary file in the same directory that is then linked (no overwrite) or renamed
 * (upsert) into place, so a reader never sees a partial object.
 */
export function createFilesystemStorage(root: string, options: { clock?: Clock } = {}): Storage {
  const clock = options.clock ?? systemClock;

  const bucketDir = (bucket: Bucket) => {
    assertBucket(bucket);
    return path.join(root, bucket);
  };
  const objectPath = (bucket: Bucket, name: string) => {
    assertSafeObjectName(name);
    return path.join(bucketDir(bucket), ...name.split('/'));
  };

  const statFile = async (file: string): Promise<Stats | undefined> => {
    try {
      const stats = await fs.stat(file);
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if (isErrno(error, 'ENOENT', 'ENOTDIR')) return undefined;
      throw error;
    }
  };

  /** Every valid object name in the bucket: files at the top and one folder deep, no dot-files. */
  const listNames = async (dir: string, prefix: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isErrno(error, 'ENOENT', 'ENOTDIR')) return [];
      throw error;
    });
    const names: string[] = [];
    for (const entry of entries) {
      const name = prefix + entry.name;
      if (entry.isFile() && isSafeObjectName(name)) names.push(name);
      if (entry.isDirectory() && !prefix && isSafeObjectName(entry.name)) {
        names.push(...(await listNames(path.join(dir, entry.name), `${entry.name}/`)));
      }
    }
    return names;
  };

  return {
    async put(bucket, name, body, putOptions: PutOptions) {
      let file: string;
      try {
        file = objectPath(bucket, name);
        // Checked again atomically below; this only spares reading a body that cannot be stored.
        if (!putOptions.upsert && (await statFile(file))) {
          throw new ObjectExistsError(`${bucket}/${name} already exists`);
        }
        await fs.mkdir(path.dirname(file), { recursive: true });
      } catch (error) {
        body.destroy();
        throw error;
      }
      const dir = path.dirname(file);
      const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}`);
      const tempData = `${temp}.part`;
      const tempSidecar = `${temp}.meta.part`;
      try {
        const { size, etag } = await writeLimited(body, tempData, putOptions.maxBytes);
        const { ino } = await fs.stat(tempData);
        const createdAt = putOptions.createdAt ?? clock.now();
        const sidecar: Sidecar = {
          contentType: putOptions.contentType,
          createdAt: createdAt.toISOString(),
          etag,
          size,
          ino,
        };
        await fs.writeFile(tempSidecar, JSON.stringify(sidecar), { flag: 'wx' });
        if (putOptions.upsert) {
          await fs.rename(tempData, file);
        } else {
          // link() fails if the name exists, atomically: two uploads of one name cannot both win.
          await fs.link(tempData, file).catch((error: unknown) => {
            if (isErrno(error, 'EEXIST')) throw new ObjectExistsError(`${bucket}/${name} already exists`);
            throw error;
          });
        }
        await fs.rename(tempSidecar, sidecarPath(file));
        return { name, createdAt, size, contentType: putOptions.contentType, etag };
      } finally {
        await Promise.all([fs.rm(tempData, { force: true }), fs.rm(tempSidecar, { force: true })]);
      }
    },

    async get(bucket, name, range?: ByteRange) {
      const file = objectPath(bucket, name);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if (isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return undefined;
        throw error;
      }
      try {
        // Describe the file we actually opened, so a concurrent replacement cannot mix two versions.
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        const object = await describeObject(name, file, stats);
        if (!range) return { object, body: handle.createReadStream() };
        const end = Math.min(range.end, object.size - 1);
        if (!(Number.isSafeInteger(range.start) && range.start >= 0 && range.start <= end)) {
          throw new RangeNotSatisfiableError(object.size);
        }
        const served = { start: range.start, end };
        return { object, body: handle.createReadStream(served), range: served };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(bucket, name) {
      const file = objectPath(bucket, name);
      const stats = await statFile(file);
      return stats && describeObject(name, file, stats);
    },

    async delete(bucket, name) {
      const file = objectPath(bucket, name);
      try {
        await fs.unlink(file);
      } catch (error) {
        if (isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM')) return false;
        throw error;
      }
      await fs.rm(sidecarPath(file), { force: true });
      return true;
    },

    async list(bucket, listOptions: ListOptions = {}) {
      const prefix = listOptions.prefix ?? '';
      const limit = Math.max(0, listOptions.limit ?? 100);
      const offset = Math.max(0, listOptions.offset ?? 0);
      const sortBy = listOptions.sortBy ?? { column: 'name', order: 'asc' };
      const dir = bucketDir(bucket);
      const names = (await listNames(dir, '')).filter((name) => name.startsWith(prefix));
      const objects = await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, ...name.split('/'));
          const stats = await statFile(file);
          return stats && describeObject(name, file, stats);
        }),
      );
      return objects
        .filter((object) => object !== undefined)
        .sort(compareBy(sortBy))
        .slice(offset, offset + limit);
    },

    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new StorageError(`storage directory ${root} is not usable: ${reason}`);
      }
    },
  };
}

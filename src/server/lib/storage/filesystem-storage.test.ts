import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createFilesystemStorage } from './filesystem-storage';
import { ObjectExistsError, type Storage } from './storage';
import { describeStorageContract } from './storage-contract';

/** Every file under `dir`, dot-files included, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Hidden files that are not the sidecar of an existing file: temporary files and orphaned sidecars. */
function residueUnder(root: string): string[] {
  return filesUnder(root).filter((file) => {
    const base = path.basename(file);
    if (!base.startsWith('.')) return false;
    const sidecarOf = /^\.(.+)\.meta\.json$/.exec(base)?.[1];
    return !(sidecarOf && fs.existsSync(path.join(root, path.dirname(file), sidecarOf)));
  });
}

describeStorageContract('filesystem', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-storage-'));
  const clock = createFakeClock();
  return {
    storage: createFilesystemStorage(root, { clock }),
    clock,
    residue: async () => residueUnder(root),
    activity: async () => fs.readdirSync(root, { recursive: true }),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

describe('filesystem storage: files on disk', () => {
  let root: string;
  let clock: FakeClock;
  let storage: Storage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-storage-'));
    clock = createFakeClock();
    storage = createFilesystemStorage(root, { clock });
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  const put = (name: string, body: string, options: { contentType?: string; upsert?: boolean } = {}) =>
    storage.put('videos', name, Readable.from([Buffer.from(body)]), {
      maxBytes: 1024,
      contentType: options.contentType ?? 'video/mp4',
      upsert: options.upsert,
    });

  /** Every file under the bucket directory, dot-files included. */
  const filesOnDisk = (bucket = 'videos') =>
    filesUnder(path.join(root, bucket)).map((file) => path.basename(file));

  it('keeps an object as a plain file with a SHA-256 etag and removes it with its sidecar', async () => {
    const stored = await put('clip.mp4', 'hello world');
    expect(stored.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(fs.readFileSync(path.join(root, 'videos', 'clip.mp4'), 'utf8')).toBe('hello world');
    expect(filesOnDisk().sort()).toEqual(['.clip.mp4.meta.json', 'clip.mp4']);
    expect(await storage.delete('videos', 'clip.mp4')).toBe(true);
    expect(filesOnDisk()).toEqual([]);
  });

  it('never lists its sidecar or temporary files', async () => {
    await put('b.mp4', 'xxx');
    await put('a.mp4', 'x');
    await put('c.mp4', 'xx');
    await put('clip-2.mp4', 'xxxx');
    fs.writeFileSync(path.join(root, 'videos', '.leftover.part'), 'partial upload');
    expect(filesOnDisk().filter((name) => name.startsWith('.')).length).toBeGreaterThan(4);
    expect((await storage.list('videos')).map((o) => o.name)).toEqual([
      'a.mp4',
      'b.mp4',
      'c.mp4',
      'clip-2.mp4',
    ]);
    expect(residueUnder(root)).toEqual(['videos/.leftover.part']);
  });

  it('replaces a file in place, leaving only it and its sidecar', async () => {
    await put('clip.mp4', 'first');
    await put('clip.mp4', 'second version', { upsert: true, contentType: 'video/webm' });
    expect(filesOnDisk().sort()).toEqual(['.clip.mp4.meta.json', 'clip.mp4']);
  });

  it('lets only one of two simultaneous uploads of one name win', async () => {
    const results = await Promise.allSettled([put('race.mp4', 'one'), put('race.mp4', 'two')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(ObjectExistsError);
    expect(filesOnDisk().sort()).toEqual(['.race.mp4.meta.json', 'race.mp4']);
  });

  it('leaves no file behind when a body is too large', async () => {
    const body = Readable.from([Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(1)]);
    await expect(
      storage.put('videos', 'big.mp4', body, { maxBytes: 64, contentType: 'video/mp4' }),
    ).rejects.toThrow();
    expect(filesOnDisk()).toEqual([]);
  });

  it('rejects unsafe names before touching the file system', async () => {
    await expect(put('../x', 'x')).rejects.toThrow();
    await expect(storage.stat('videos', 'a/b/c')).rejects.toThrow();
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('describes a file copied in by hand from the file system alone', async () => {
    fs.mkdirSync(path.join(root, 'videos'), { recursive: true });
    fs.writeFileSync(path.join(root, 'videos', 'manual.webm'), 'webm bytes');
    const object = await storage.stat('videos', 'manual.webm');
    expect(object).toMatchObject({ name: 'manual.webm', size: 10, contentType: 'video/webm' });
    expect(object?.etag).toMatch(/^"[0-9a-z-]+"$/);
    expect((await storage.list('videos')).map((o) => o.name)).toEqual(['manual.webm']);
  });

  it('does not trust a sidecar left over from another version of the file', async () => {
    const stored = await put('clip.mp4', 'original');
    const file = path.join(root, 'videos', 'clip.mp4');
    fs.rmSync(file);
    fs.writeFileSync(file, 'replaced by hand');
    const object = await storage.stat('videos', 'clip.mp4');
    expect(object?.size).toBe(16);
    expect(object?.etag).not.toBe(stored.etag);
  });

  it('says why it cannot be used when its directory is a file', async () => {
    const file = path.join(root, 'not-a-directory');
    fs.writeFileSync(file, '');
    await expect(createFilesystemStorage(file, { clock }).check()).rejects.toThrow(
      `storage directory ${file} is not usable: EEXIST`,
    );
  });
});

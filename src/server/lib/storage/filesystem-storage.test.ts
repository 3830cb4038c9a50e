import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createFilesystemStorage } from './filesystem-storage';
import {
  InvalidObjectNameError,
  ObjectExistsError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type Storage,
  UnknownBucketError,
} from './storage';

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
function filesOnDisk(bucket = 'videos'): string[] {
  const dir = path.join(root, bucket);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('filesystem storage', () => {
  it('stores, describes, reads and deletes an object', async () => {
    const stored = await put('clip.mp4', 'hello world');
    expect(stored).toEqual({
      name: 'clip.mp4',
      createdAt: clock.now(),
      size: 11,
      contentType: 'video/mp4',
      etag: expect.stringMatching(/^"[A-Za-z0-9_-]{43}"$/),
    });
    expect(fs.readFileSync(path.join(root, 'videos', 'clip.mp4'), 'utf8')).toBe('hello world');

    clock.advance(60_000);
    expect(await storage.stat('videos', 'clip.mp4')).toEqual(stored);
    const got = await storage.get('videos', 'clip.mp4');
    expect(got?.object).toEqual(stored);
    expect(got?.range).toBeUndefined();
    expect(await text(got?.body ?? Readable.from([]))).toBe('hello world');

    expect(await storage.delete('videos', 'clip.mp4')).toBe(true);
    expect(await storage.delete('videos', 'clip.mp4')).toBe(false);
    expect(await storage.stat('videos', 'clip.mp4')).toBeUndefined();
    expect(await storage.get('videos', 'clip.mp4')).toBeUndefined();
    expect(filesOnDisk()).toEqual([]);
  });

  it('gives the same content the same strong etag and different content another', async () => {
    const a = await put('a.mp4', 'same');
    const b = await put('b.mp4', 'same');
    const c = await put('c.mp4', 'other');
    expect(a.etag).toBe(b.etag);
    expect(c.etag).not.toBe(a.etag);
    expect(a.etag.startsWith('W/')).toBe(false);
  });

  it('reads byte ranges, clamping the end to the size', async () => {
    await put('digits.mp4', '0123456789');
    const middle = await storage.get('videos', 'digits.mp4', { start: 2, end: 5 });
    expect(middle?.range).toEqual({ start: 2, end: 5 });
    expect(await text(middle?.body ?? Readable.from([]))).toBe('2345');
    const tail = await storage.get('videos', 'digits.mp4', { start: 7, end: 1000 });
    expect(tail?.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail?.body ?? Readable.from([]))).toBe('789');
    await expect(storage.get('videos', 'digits.mp4', { start: 10, end: 12 })).rejects.toThrow(
      RangeNotSatisfiableError,
    );
  });

  it('keeps objects in one folder level and lists them by full name', async () => {
    await storage.put('gifs', 'newsletter-gif/2.gif', Readable.from([Buffer.from('gif')]), {
      maxBytes: 10,
      contentType: 'image/gif',
    });
    await storage.put('gifs', 'gdpr-gif/1.gif', Readable.from([Buffer.from('gif')]), {
      maxBytes: 10,
      contentType: 'image/gif',
    });
    expect((await storage.list('gifs')).map((o) => o.name)).toEqual([
      'gdpr-gif/1.gif',
      'newsletter-gif/2.gif',
    ]);
    expect((await storage.list('gifs', { prefix: 'newsletter-gif/' })).map((o) => o.name)).toEqual([
      'newsletter-gif/2.gif',
    ]);
    expect(await storage.list('videos')).toEqual([]);
  });

  it('sorts, pages and filters lists, and never shows its sidecar or temporary files', async () => {
    await put('b.mp4', 'xxx');
    clock.advance(1000);
    await put('a.mp4', 'x');
    clock.advance(1000);
    await put('c.mp4', 'xx');
    clock.advance(1000);
    await put('clip-2.mp4', 'xxxx');
    fs.writeFileSync(path.join(root, 'videos', '.leftover.part'), 'partial upload');
    expect(filesOnDisk().filter((name) => name.startsWith('.')).length).toBeGreaterThan(4);

    const names = async (options?: Parameters<Storage['list']>[1]) =>
      (await storage.list('videos', options)).map((o) => o.name);
    expect(await names()).toEqual(['a.mp4', 'b.mp4', 'c.mp4', 'clip-2.mp4']);
    expect(await names({ sortBy: { column: 'name', order: 'desc' } })).toEqual([
      'clip-2.mp4',
      'c.mp4',
      'b.mp4',
      'a.mp4',
    ]);
    expect(await names({ sortBy: { column: 'created_at', order: 'desc' } })).toEqual([
      'clip-2.mp4',
      'c.mp4',
      'a.mp4',
      'b.mp4',
    ]);
    expect(await names({ sortBy: { column: 'created_at', order: 'asc' }, limit: 1 })).toEqual(['b.mp4']);
    expect(await names({ sortBy: { column: 'size', order: 'asc' } })).toEqual([
      'a.mp4',
      'c.mp4',
      'b.mp4',
      'clip-2.mp4',
    ]);
    expect(await names({ limit: 2, offset: 1 })).toEqual(['b.mp4', 'c.mp4']);
    expect(await names({ offset: 10 })).toEqual([]);
    expect(await names({ prefix: 'c' })).toEqual(['c.mp4', 'clip-2.mp4']);
  });

  it('lists at most 100 objects by default', async () => {
    for (let i = 0; i < 105; i++) await put(`${String(i).padStart(3, '0')}.mp4`, 'x');
    const listed = await storage.list('videos');
    expect(listed).toHaveLength(100);
    expect(listed[0]?.name).toBe('000.mp4');
  });

  it('refuses to overwrite unless asked to upsert', async () => {
    const first = await put('clip.mp4', 'first');
    await expect(put('clip.mp4', 'second')).rejects.toThrow(ObjectExistsError);
    expect(await storage.stat('videos', 'clip.mp4')).toEqual(first);

    clock.advance(5000);
    const replaced = await put('clip.mp4', 'second version', { upsert: true, contentType: 'video/webm' });
    expect(replaced.size).toBe(14);
    expect(replaced.etag).not.toBe(first.etag);
    expect(await storage.stat('videos', 'clip.mp4')).toEqual(replaced);
    expect(await text((await storage.get('videos', 'clip.mp4'))?.body ?? Readable.from([]))).toBe(
      'second version',
    );
    expect(filesOnDisk().sort()).toEqual(['.clip.mp4.meta.json', 'clip.mp4']);
  });

  it('lets only one of two simultaneous uploads of one name win', async () => {
    const results = await Promise.allSettled([put('race.mp4', 'one'), put('race.mp4', 'two')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(ObjectExistsError);
    expect(filesOnDisk().sort()).toEqual(['.race.mp4.meta.json', 'race.mp4']);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const stored = await storage.put('videos', 'full.mp4', Readable.from([Buffer.alloc(64)]), {
      maxBytes: 64,
      contentType: 'video/mp4',
    });
    expect(stored.size).toBe(64);
  });

  it('rejects a body of maxBytes + 1 and leaves no file behind', async () => {
    const body = Readable.from([Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(1)]);
    await expect(
      storage.put('videos', 'big.mp4', body, { maxBytes: 64, contentType: 'video/mp4' }),
    ).rejects.toThrow(ObjectTooLargeError);
    expect(filesOnDisk()).toEqual([]);
    expect(await storage.list('videos')).toEqual([]);
  });

  it('stops reading an oversized body soon after the limit', async () => {
    const maxBytes = 64 * 1024;
    const chunk = 1024;
    let pulled = 0;
    async function* tenTimesTooMuch() {
      while (pulled < 10 * maxBytes) {
        pulled += chunk;
        yield Buffer.alloc(chunk);
      }
    }
    await expect(
      storage.put('videos', 'huge.mp4', Readable.from(tenTimesTooMuch()), {
        maxBytes,
        contentType: 'video/mp4',
      }),
    ).rejects.toThrow(ObjectTooLargeError);
    expect(pulled).toBeGreaterThan(maxBytes);
    expect(pulled).toBeLessThan(2 * maxBytes);
    expect(filesOnDisk()).toEqual([]);
  });

  it('rejects unsafe names before touching the file system', async () => {
    for (const name of ['../x', '../../etc/passwd', 'a/b/c', '.hidden', 'x\0y', '', 'z'.repeat(300)]) {
      await expect(put(name, 'x'), JSON.stringify(name)).rejects.toThrow(InvalidObjectNameError);
      await expect(storage.stat('videos', name)).rejects.toThrow(InvalidObjectNameError);
      await expect(storage.get('videos', name)).rejects.toThrow(InvalidObjectNameError);
      await expect(storage.delete('videos', name)).rejects.toThrow(InvalidObjectNameError);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('rejects unknown buckets', async () => {
    // A bucket name from outside the type system, as a route parameter would be.
    const bucket = 'other' as 'videos';
    await expect(storage.stat(bucket, 'x.mp4')).rejects.toThrow(UnknownBucketError);
    await expect(storage.list(bucket)).rejects.toThrow(UnknownBucketError);
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
});

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeClock } from '../../test/fake-clock';
import { S3_PART_SIZE } from './s3-storage';
import {
  type ByteRange,
  InvalidObjectNameError,
  ObjectExistsError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type Storage,
  UnknownBucketError,
} from './storage';

/** One driver over a fresh, empty backend, as each contract test gets it. */
export type StorageHarness = {
  storage: Storage;
  clock: FakeClock;
  /**
   * What the backend holds besides the objects and their own metadata: temporary files, unfinished
   * multipart uploads, orphaned metadata. Empty after every finished, failed or deleted write.
   */
  residue(): Promise<string[]>;
  /** A fingerprint of the I/O so far; unchanged means the driver did not touch its backend. */
  activity(): Promise<unknown>;
  close(): Promise<void>;
};

const MB = 1024 * 1024;

/**
 * The behaviour every Storage driver shares (the interface's contract), run against each driver by its own
 * test file. Driver-specific details (file layout, key layout) are tested beside the driver.
 */
export function describeStorageContract(driver: string, open: () => Promise<StorageHarness>) {
  describe(`${driver} storage: contract`, () => {
    let harness: StorageHarness;
    let storage: Storage;
    let clock: FakeClock;

    beforeEach(async () => {
      harness = await open();
      storage = harness.storage;
      clock = harness.clock;
    });
    afterEach(async () => {
      await harness.close();
    });

    const put = (name: string, body: string, options: { contentType?: string; upsert?: boolean } = {}) =>
      storage.put('videos', name, Readable.from([Buffer.from(body)]), {
        maxBytes: 1024,
        contentType: options.contentType ?? 'video/mp4',
        upsert: options.upsert,
      });
    const read = async (range?: ByteRange, name = 'digits.mp4') => {
      const got = await storage.get('videos', name, range);
      return { range: got?.range, text: await text(got?.body ?? Readable.from([])) };
    };

    it('stores, describes, reads and deletes an object', async () => {
      const stored = await put('clip.mp4', 'hello world');
      expect(stored).toEqual({
        name: 'clip.mp4',
        createdAt: clock.now(),
        size: 11,
        contentType: 'video/mp4',
        etag: expect.stringMatching(/^"[^"\s]+"$/),
      });

      clock.advance(60_000);
      expect(await storage.stat('videos', 'clip.mp4')).toEqual(stored);
      const got = await storage.get('videos', 'clip.mp4');
      expect(got?.object).toEqual(stored);
      expect(got?.range).toBeUndefined();
      expect(await text(got?.body ?? Readable.from([]))).toBe('hello world');
      expect(await storage.list('videos')).toEqual([stored]);

      expect(await storage.delete('videos', 'clip.mp4')).toBe(true);
      expect(await storage.delete('videos', 'clip.mp4')).toBe(false);
      expect(await storage.stat('videos', 'clip.mp4')).toBeUndefined();
      expect(await storage.get('videos', 'clip.mp4')).toBeUndefined();
      expect(await storage.get('videos', 'clip.mp4', { start: 0, end: 3 })).toBeUndefined();
      expect(await storage.list('videos')).toEqual([]);
      expect(await harness.residue()).toEqual([]);
    });

    it('keeps the content type it was given', async () => {
      await put('a.webm', 'x', { contentType: 'video/webm' });
      await storage.put('gifs', 'newsletter-gif/1.gif', Readable.from([Buffer.from('GIF89a')]), {
        maxBytes: 10,
        contentType: 'image/gif',
      });
      expect((await storage.stat('videos', 'a.webm'))?.contentType).toBe('video/webm');
      const got = await storage.get('gifs', 'newsletter-gif/1.gif');
      got?.body.destroy();
      expect(got?.object.contentType).toBe('image/gif');
      expect((await storage.list('gifs')).map((o) => o.contentType)).toEqual(['image/gif']);
    });

    it('keeps a creation time it was given (copies and restores keep the original one)', async () => {
      const original = new Date('2025-03-04T05:06:07.089Z');
      await storage.put('videos', 'old.mp4', Readable.from([Buffer.from('old')]), {
        maxBytes: 10,
        contentType: 'video/mp4',
        createdAt: original,
      });
      expect((await storage.stat('videos', 'old.mp4'))?.createdAt).toEqual(original);
    });

    it('says it can be used', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('gives the same content the same strong etag and different content another', async () => {
      const a = await put('a.mp4', 'same');
      const b = await put('b.mp4', 'same');
      const c = await put('c.mp4', 'other');
      expect(a.etag).toBe(b.etag);
      expect(c.etag).not.toBe(a.etag);
      expect(a.etag.startsWith('W/')).toBe(false);
      expect((await storage.stat('videos', 'c.mp4'))?.etag).toBe(c.etag);
    });

    it('reads exactly the bytes of a range, clamping the end to the size', async () => {
      await put('digits.mp4', '0123456789');
      expect(await read({ start: 0, end: 0 })).toEqual({ range: { start: 0, end: 0 }, text: '0' });
      expect(await read({ start: 2, end: 5 })).toEqual({ range: { start: 2, end: 5 }, text: '2345' });
      expect(await read({ start: 9, end: 9 })).toEqual({ range: { start: 9, end: 9 }, text: '9' });
      expect(await read({ start: 0, end: 9 })).toEqual({ range: { start: 0, end: 9 }, text: '0123456789' });
      expect(await read({ start: 7, end: 1000 })).toEqual({ range: { start: 7, end: 9 }, text: '789' });
      const ranged = await storage.get('videos', 'digits.mp4', { start: 4, end: 6 });
      expect(ranged?.object).toEqual(await storage.stat('videos', 'digits.mp4'));
      await text(ranged?.body ?? Readable.from([]));
    });

    it('refuses a range that starts beyond the end', async () => {
      await put('digits.mp4', '0123456789');
      for (const range of [
        { start: 10, end: 12 },
        { start: 10, end: 10 },
        { start: 1000, end: 2000 },
        { start: 5, end: 3 },
        { start: -1, end: 3 },
      ]) {
        const attempt = storage.get('videos', 'digits.mp4', range);
        await expect(attempt, JSON.stringify(range)).rejects.toThrow(RangeNotSatisfiableError);
        await expect(attempt).rejects.toMatchObject({ size: 10 });
      }
      // Still readable afterwards.
      expect(await read()).toEqual({ range: undefined, text: '0123456789' });
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
      expect(await storage.stat('gifs', 'newsletter-gif/2.gif')).toMatchObject({ size: 3 });
      expect(await storage.list('videos')).toEqual([]);
    });

    it('sorts, pages and filters lists', async () => {
      await put('b.mp4', 'xxx');
      clock.advance(1000);
      await put('a.mp4', 'x');
      clock.advance(1000);
      await put('c.mp4', 'xx');
      clock.advance(1000);
      await put('clip-2.mp4', 'xxxx');

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
      expect(await names({ sortBy: { column: 'size', order: 'desc' }, limit: 2, offset: 1 })).toEqual([
        'b.mp4',
        'c.mp4',
      ]);
      expect(await names({ limit: 2, offset: 1 })).toEqual(['b.mp4', 'c.mp4']);
      expect(await names({ offset: 10 })).toEqual([]);
      expect(await names({ limit: 0 })).toEqual([]);
      expect(await names({ prefix: 'c' })).toEqual(['c.mp4', 'clip-2.mp4']);
      expect(await names({ prefix: 'c', sortBy: { column: 'created_at', order: 'desc' } })).toEqual([
        'clip-2.mp4',
        'c.mp4',
      ]);
      const listed = await storage.list('videos', { prefix: 'a' });
      expect(listed).toEqual([await storage.stat('videos', 'a.mp4')]);
    });

    it('lists at most 100 objects by default', async () => {
      for (let i = 0; i < 105; i++) await put(`${String(i).padStart(3, '0')}.mp4`, 'x');
      const listed = await storage.list('videos');
      expect(listed).toHaveLength(100);
      expect(listed[0]?.name).toBe('000.mp4');
      expect(listed[99]?.name).toBe('099.mp4');
      expect((await storage.list('videos', { offset: 100 })).map((o) => o.name)).toEqual([
        '100.mp4',
        '101.mp4',
        '102.mp4',
        '103.mp4',
        '104.mp4',
      ]);
    });

    it('refuses to overwrite unless asked to upsert', async () => {
      const first = await put('clip.mp4', 'first');
      await expect(put('clip.mp4', 'second')).rejects.toThrow(ObjectExistsError);
      expect(await storage.stat('videos', 'clip.mp4')).toEqual(first);

      clock.advance(5000);
      const replaced = await put('clip.mp4', 'second version', { upsert: true, contentType: 'video/webm' });
      expect(replaced).toMatchObject({ size: 14, contentType: 'video/webm', createdAt: clock.now() });
      expect(replaced.etag).not.toBe(first.etag);
      expect(await storage.stat('videos', 'clip.mp4')).toEqual(replaced);
      expect(await text((await storage.get('videos', 'clip.mp4'))?.body ?? Readable.from([]))).toBe(
        'second version',
      );
      expect((await storage.list('videos')).map((o) => o.name)).toEqual(['clip.mp4']);
      expect(await harness.residue()).toEqual([]);
    });

    it('accepts a body of exactly maxBytes', async () => {
      const stored = await storage.put('videos', 'full.mp4', Readable.from([Buffer.alloc(64)]), {
        maxBytes: 64,
        contentType: 'video/mp4',
      });
      expect(stored.size).toBe(64);
    });

    it('stores an empty body', async () => {
      const stored = await storage.put('videos', 'empty.mp4', Readable.from([]), {
        maxBytes: 64,
        contentType: 'video/mp4',
      });
      expect(stored.size).toBe(0);
      expect(await read(undefined, 'empty.mp4')).toEqual({ range: undefined, text: '' });
    });

    it('rejects a body of maxBytes + 1 and leaves nothing behind', async () => {
      const body = Readable.from([Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(1)]);
      await expect(
        storage.put('videos', 'big.mp4', body, { maxBytes: 64, contentType: 'video/mp4' }),
      ).rejects.toThrow(ObjectTooLargeError);
      expect(await storage.list('videos')).toEqual([]);
      expect(await storage.stat('videos', 'big.mp4')).toBeUndefined();
      expect(await harness.residue()).toEqual([]);
    });

    it('rejects a body larger than one upload part mid-stream and keeps the previous version', async () => {
      const previous = await put('big.mp4', 'previous');
      // More than one S3 part, so a multipart upload has begun when the limit is hit.
      const maxBytes = S3_PART_SIZE + MB;
      const chunk = Buffer.alloc(MB, 7);
      let pulled = 0;
      async function* oneByteTooMany() {
        while (pulled < maxBytes) {
          pulled += chunk.length;
          yield chunk;
        }
        pulled += 1;
        yield Buffer.from([7]);
      }
      await expect(
        storage.put('videos', 'big.mp4', Readable.from(oneByteTooMany()), {
          maxBytes,
          contentType: 'video/mp4',
          upsert: true,
        }),
      ).rejects.toThrow(ObjectTooLargeError);
      expect(pulled).toBe(maxBytes + 1);
      expect(await storage.stat('videos', 'big.mp4')).toEqual(previous);
      expect((await storage.list('videos')).map((o) => o.name)).toEqual(['big.mp4']);
      expect(await harness.residue()).toEqual([]);
    });

    it('stores a body of several upload parts intact', async () => {
      const bytes = Buffer.alloc(2 * S3_PART_SIZE + 12345);
      for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += 256 * 1024) chunks.push(bytes.subarray(i, i + 256 * 1024));
      const stored = await storage.put('videos', 'long.mp4', Readable.from(chunks), {
        maxBytes: bytes.length,
        contentType: 'video/mp4',
      });
      expect(stored.size).toBe(bytes.length);
      expect(await storage.stat('videos', 'long.mp4')).toEqual(stored);
      const whole = await storage.get('videos', 'long.mp4');
      expect(Buffer.compare(Buffer.concat((await whole?.body.toArray()) ?? []), bytes)).toBe(0);
      // Across the boundary of the first two parts.
      const start = S3_PART_SIZE - 100;
      const across = await storage.get('videos', 'long.mp4', { start, end: start + 199 });
      expect(
        Buffer.compare(
          Buffer.concat((await across?.body.toArray()) ?? []),
          bytes.subarray(start, start + 200),
        ),
      ).toBe(0);
      expect(await harness.residue()).toEqual([]);
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
      expect(await storage.list('videos')).toEqual([]);
      expect(await harness.residue()).toEqual([]);
    });

    it('rejects unsafe names before any I/O', async () => {
      const before = await harness.activity();
      for (const name of ['../x', '../../etc/passwd', 'a/b/c', '.hidden', 'x\0y', '', 'z'.repeat(300)]) {
        const body = Readable.from([Buffer.from('x')]);
        await expect(
          storage.put('videos', name, body, { maxBytes: 1024, contentType: 'video/mp4' }),
          JSON.stringify(name),
        ).rejects.toThrow(InvalidObjectNameError);
        expect(body.destroyed).toBe(true);
        await expect(storage.stat('videos', name)).rejects.toThrow(InvalidObjectNameError);
        await expect(storage.get('videos', name)).rejects.toThrow(InvalidObjectNameError);
        await expect(storage.get('videos', name, { start: 0, end: 1 })).rejects.toThrow(
          InvalidObjectNameError,
        );
        await expect(storage.delete('videos', name)).rejects.toThrow(InvalidObjectNameError);
      }
      expect(await harness.activity()).toEqual(before);
    });

    it('rejects unknown buckets before any I/O', async () => {
      const before = await harness.activity();
      // A bucket name from outside the type system, as a route parameter would be.
      const bucket = 'other' as 'videos';
      await expect(storage.stat(bucket, 'x.mp4')).rejects.toThrow(UnknownBucketError);
      await expect(storage.get(bucket, 'x.mp4')).rejects.toThrow(UnknownBucketError);
      await expect(storage.delete(bucket, 'x.mp4')).rejects.toThrow(UnknownBucketError);
      await expect(storage.list(bucket)).rejects.toThrow(UnknownBucketError);
      await expect(
        storage.put(bucket, 'x.mp4', Readable.from([Buffer.from('x')]), {
          maxBytes: 8,
          contentType: 'video/mp4',
        }),
      ).rejects.toThrow(UnknownBucketError);
      expect(await harness.activity()).toEqual(before);
    });
  });
}

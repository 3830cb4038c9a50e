import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemStorage } from '../lib/storage/filesystem-storage';
import { createS3Storage, S3_PART_SIZE, type S3Storage } from '../lib/storage/s3-storage';
import type { Storage, StoredObject } from '../lib/storage/storage';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { copyStorage, digestsOf, StorageTargetNotEmptyError } from './copy-storage';
import { describeBytes, storedFiles } from './test-fixtures';

let root: string;
let source: Storage;
let server: TestS3Server;
let target: S3Storage;

const put = (storage: Storage, bucket: 'videos' | 'gifs', name: string, body: Buffer, createdAt?: Date) =>
  storage.put(bucket, name, Readable.from([body]), {
    maxBytes: body.length,
    contentType: bucket === 'gifs' ? 'image/gif' : 'video/mp4',
    createdAt,
    upsert: true,
  });

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-copy-storage-'));
  source = createFilesystemStorage(root);
  server = await startS3Server();
  target = createS3Storage(server.config);
  const large = Buffer.alloc(S3_PART_SIZE + 1000, 3);
  await put(source, 'videos', 'large.mp4', large, new Date('2025-01-02T03:04:05.678Z'));
  await put(source, 'videos', 'small.mp4', Buffer.from('small video'));
  await put(source, 'gifs', 'newsletter-gif/a.gif', Buffer.from('GIF89a'));
});
afterEach(async () => {
  target.destroy();
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const copy = (force = false) => copyStorage(source, target, { force, partSize: S3_PART_SIZE });

describe('copying stored files to S3', () => {
  it('copies every file with its type and creation time, verified, and skips them when run again', async () => {
    const first = await copy();
    expect(first).toEqual({
      copied: { count: 3, bytes: S3_PART_SIZE + 1000 + 11 + 6 },
      skipped: 0,
      replaced: [],
      foreign: [],
    });
    expect(await storedFiles(target)).toEqual(await storedFiles(source));
    const large = await target.stat('videos', 'large.mp4');
    expect(large).toMatchObject({
      contentType: 'video/mp4',
      createdAt: new Date('2025-01-02T03:04:05.678Z'),
    });

    const requests = server.requests();
    expect(await copy()).toMatchObject({ copied: { count: 0, bytes: 0 }, skipped: 3 });
    // Nothing was uploaded the second time: only listings and metadata.
    expect(server.requests() - requests).toBeLessThan(12);
  });

  it('refuses a bucket holding other files or other content, writing nothing; told to, replaces and leaves the rest', async () => {
    await put(target, 'videos', 'small.mp4', Buffer.from('other video'));
    await put(target, 'videos', 'theirs.mp4', Buffer.from('not ours'));
    const refusal = await copy().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StorageTargetNotEmptyError);
    expect((refusal as Error).message).toBe(
      'the target storage is not empty: it holds 1 with other content than here (videos/small.mp4) and 1 that are not here (videos/theirs.mp4)',
    );
    expect((await target.list('videos')).map((object) => object.name)).toEqual(['small.mp4', 'theirs.mp4']);

    const report = await copy(true);
    expect(report).toMatchObject({ replaced: ['videos/small.mp4'], foreign: ['videos/theirs.mp4'] });
    const files = await storedFiles(target);
    expect(files['videos/small.mp4']).toBe(describeBytes(Buffer.from('small video')));
    expect(files['videos/theirs.mp4']).toBe(describeBytes(Buffer.from('not ours')));
  });

  it('compares the bytes themselves where the ETags are not MD5s (server-side encryption, say)', async () => {
    const opaque = (object: StoredObject): StoredObject => ({ ...object, etag: '"encrypted-0"' });
    const encrypting: Storage = {
      ...target,
      stat: async (bucket, name) => {
        const object = await target.stat(bucket, name);
        return object && opaque(object);
      },
      list: async (bucket, options) => (await target.list(bucket, options)).map(opaque),
    };
    const copyTo = (storage: Storage) =>
      copyStorage(source, storage, { force: false, partSize: S3_PART_SIZE });
    expect((await copyTo(encrypting)).copied.count).toBe(3);
    expect(await copyTo(encrypting)).toMatchObject({ skipped: 3, copied: { count: 0 } });
    await put(target, 'videos', 'small.mp4', Buffer.from('other video'));
    await expect(copyTo(encrypting)).rejects.toThrow('1 with other content than here (videos/small.mp4)');
  });

  it('knows the ETags S3 gives a whole upload and a multipart one', async () => {
    const md5 = (data: Buffer) => createHash('md5').update(data).digest();
    const body = Buffer.from('0123456789');
    // Chunks that do not line up with the parts.
    const digests = await digestsOf(Readable.from([body.subarray(0, 3), body.subarray(3)]), 4);
    const parts = [body.subarray(0, 4), body.subarray(4, 8), body.subarray(8)].map(md5);
    expect(digests).toEqual({
      sha256: createHash('sha256').update(body).digest('hex'),
      etags: [`"${md5(body).toString('hex')}"`, `"${md5(Buffer.concat(parts)).toString('hex')}-3"`],
    });
  });
});

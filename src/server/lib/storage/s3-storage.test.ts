import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import {
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_FILES, seedDefaultMedia } from '../../modules/media/service';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createS3Client, createS3Storage, S3_PART_SIZE, type S3Storage } from './s3-storage';
import { isSafeObjectName, ObjectExistsError } from './storage';
import { describeStorageContract } from './storage-contract';

const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('../../../../assets/default-media', import.meta.url));

/** Unfinished multipart uploads and keys that are not `<our bucket>/<object name>`. */
async function residueIn(client: S3Client, bucket: string): Promise<string[]> {
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  const residue = (uploads.Uploads ?? []).map((upload) => `upload of ${upload.Key}`);
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
    for (const { Key = '' } of page.Contents ?? []) {
      const [prefix = '', ...rest] = Key.split('/');
      if (!['videos', 'gifs'].includes(prefix) || !isSafeObjectName(rest.join('/'))) residue.push(Key);
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return residue;
}

describeStorageContract('S3 (s3rver)', async () => {
  const server = await startS3Server();
  const clock = createFakeClock();
  const storage = createS3Storage(server.config, { clock });
  const client = createS3Client(server.config);
  return {
    storage,
    clock,
    residue: () => residueIn(client, server.config.bucket),
    activity: async () => server.requests(),
    close: async () => {
      storage.destroy();
      client.destroy();
      await server.close();
    },
  };
});

describe('S3 storage: keys and metadata', () => {
  let server: TestS3Server;
  let clock: FakeClock;
  let storage: S3Storage;
  let client: S3Client;

  beforeEach(async () => {
    server = await startS3Server();
    clock = createFakeClock();
    storage = createS3Storage(server.config, { clock });
    client = createS3Client(server.config);
  });
  afterEach(async () => {
    storage.destroy();
    client.destroy();
    await server.close();
  });

  it('stores an object at <bucket>/<name> with its content type and creation time', async () => {
    await storage.put('gifs', 'newsletter-gif/1.gif', Readable.from([Buffer.from('GIF89a')]), {
      maxBytes: 100,
      contentType: 'image/gif',
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: server.config.bucket, Key: 'gifs/newsletter-gif/1.gif' }),
    );
    expect(head.ContentType).toBe('image/gif');
    expect(head.ContentLength).toBe(6);
    expect(head.Metadata).toEqual({ 'created-at': clock.now().toISOString() });
  });

  it('describes objects other tools put there and lists only names of our shape', async () => {
    const keys = ['videos/manual.webm', 'videos/a/b/c.mp4', 'videos/.hidden', 'other/x.mp4', 'videos'];
    for (const Key of keys) {
      await client.send(
        new PutObjectCommand({
          Bucket: server.config.bucket,
          Key,
          Body: 'webm bytes',
          ContentType: 'video/webm',
        }),
      );
    }
    const object = await storage.stat('videos', 'manual.webm');
    expect(object).toMatchObject({ name: 'manual.webm', size: 10, contentType: 'video/webm' });
    expect(object?.etag).toMatch(/^"[^"]+"$/);
    // Without our metadata the creation time is the server's LastModified, a real time, not the fake clock.
    expect(object?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await storage.list('videos')).map((o) => o.name)).toEqual(['manual.webm']);
    expect(await storage.list('gifs')).toEqual([]);
  });

  it('refuses a name that appeared after its check, through If-None-Match, for small and multipart bodies', async () => {
    for (const bytes of [5, S3_PART_SIZE + 1024]) {
      const name = `late-${bytes}.mp4`;
      // Another process stores the name once our upload has begun reading its body (after the HEAD check).
      async function* racedBody() {
        await client.send(
          new PutObjectCommand({ Bucket: server.config.bucket, Key: `videos/${name}`, Body: 'theirs' }),
        );
        yield Buffer.alloc(bytes);
      }
      await expect(
        storage.put('videos', name, Readable.from(racedBody()), {
          maxBytes: bytes,
          contentType: 'video/mp4',
        }),
        String(bytes),
      ).rejects.toThrow(ObjectExistsError);
      expect(await text((await storage.get('videos', name))?.body ?? Readable.from([]))).toBe('theirs');
    }
    expect(await residueIn(client, server.config.bucket)).toEqual([]);
  });

  it('seeds the default background media once', async () => {
    const first = await seedDefaultMedia(storage, DEFAULT_MEDIA_DIR);
    expect(first).toEqual({ seeded: DEFAULT_MEDIA_FILES, missing: [] });
    const video = await storage.get('videos', '1.m4v', { start: 0, end: 11 });
    expect(video?.object.contentType).toBe('video/mp4');
    expect((await text(video?.body ?? Readable.from([]))).slice(4, 8)).toBe('ftyp');
    expect(await seedDefaultMedia(storage, DEFAULT_MEDIA_DIR)).toEqual({ seeded: [], missing: [] });
    expect(await seedDefaultMedia(storage, path.join(DEFAULT_MEDIA_DIR, 'nowhere'))).toEqual({
      seeded: [],
      missing: [],
    });
  });

  it('checks that the bucket can be used', async () => {
    await expect(storage.check()).resolves.toBeUndefined();

    const missing = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${server.config.endpoint} is not usable: it does not exist (create it first)`,
    );
    missing.destroy();

    const endpoint = server.config.endpoint;
    await server.close();
    const unreachable = createS3Storage(server.config);
    const failure = unreachable.check();
    await expect(failure).rejects.toThrow(`S3 bucket "mirror-test" at ${endpoint} is not usable: `);
    await expect(failure).rejects.toThrow(/^[^\n]+$/);
    unreachable.destroy();
    server = await startS3Server();
  });
});

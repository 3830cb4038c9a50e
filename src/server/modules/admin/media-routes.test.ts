import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BACKGROUND_VIDEOS, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@shared/domain/media';
import type {
  TAdminVideo,
  TAdminVideoList,
  TBackgroundVideos,
  TCreateVideo,
  TPublicVideoList,
  TStorageFileList,
  TUploadedFile,
} from '@shared/schemas/media';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/media';
import {
  elfExecutable,
  mov,
  mp4,
  mp4Chunks,
  mp4Header,
  peExecutable,
  png,
  webm,
} from '../../test/media-fixtures';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { createSignedInUser } from '../../test/users';
import { latestAudit } from './audit';

let t: TestContext;
let staff: SignedInStaff;

beforeEach(async () => {
  t = await createTestApp();
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await t.close();
});

type Body = Buffer | AsyncIterable<Buffer>;

/** Sends `body` as the raw request body: a Buffer with its length, an iterable streamed without one. */
function send(
  method: 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  body: Body | undefined,
  options: { contentType?: string; headers?: Record<string, string>; cookie?: string | null } = {},
) {
  const headers: Record<string, string> = {
    ...staffHeaders(t, staff),
    'content-type': options.contentType ?? 'application/octet-stream',
    ...options.headers,
  };
  if (options.cookie === null) delete headers.cookie;
  else if (options.cookie) headers.cookie = options.cookie;
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else if (body) {
    init.body = Readable.toWeb(Readable.from(body)) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return t.app.request(pathname, init);
}

const uploadVideo = (body: Body, contentType = 'video/mp4') =>
  send('POST', '/api/admin/videos/files', body, { contentType });
const uploadImage = (body: Body, contentType = 'image/png') =>
  send('POST', '/api/admin/videos/thumbnails', body, { contentType });

const json = (method: 'POST' | 'PATCH' | 'DELETE', pathname: string, body?: unknown) =>
  t.app.request(pathname, {
    method,
    headers: staffHeaders(t, staff),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const get = (pathname: string) => t.app.request(pathname, { headers: staffHeaders(t, staff) });

/** Every file under DATA_DIR/storage, hidden ones (sidecars, temporary parts) included. */
function filesOnDisk(): string[] {
  const root = path.join(t.config.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const storedNames = async () => (await t.storage.list('videos', { limit: 1000 })).map((file) => file.name);

async function storeFile(name: string, bytes: Buffer, contentType: string) {
  await t.storage.put('videos', name, Readable.from([bytes]), { maxBytes: bytes.length, contentType });
}

/** The file at `url` as staff fetch it (the admin's addresses need the staff session). */
async function served(url: string) {
  const response = await t.app.request(url.replace(/\?.*$/, ''), { headers: { cookie: staff.cookie } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function uploaded(body: Buffer, kind: 'video' | 'image' = 'video'): Promise<TUploadedFile> {
  const response = kind === 'video' ? await uploadVideo(body) : await uploadImage(body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TUploadedFile;
}

const newVideo = (overrides: Partial<TCreateVideo> & { fileName: string }): TCreateVideo => ({
  title: 'Evening walk',
  description: null,
  thumbnailName: null,
  durationSeconds: 12.5,
  isFeatured: false,
  isPublished: false,
  ...overrides,
});

async function createdVideo(overrides: Partial<TCreateVideo> & { fileName: string }): Promise<TAdminVideo> {
  const response = await json('POST', '/api/admin/videos', newVideo(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TAdminVideo;
}

/** A counting endless MP4 body: proves how much of it the server read. */
function endlessMp4() {
  const counter = { bytes: 0 };
  async function* chunks() {
    for await (const chunk of mp4Chunks(Number.MAX_SAFE_INTEGER, 64 * 1024)) {
      counter.bytes += chunk.length;
      yield chunk;
    }
  }
  return { counter, body: chunks() };
}

describe('POST /api/admin/videos/files', () => {
  it('stores MP4, MOV and WebM under new names with the type of their content, not the declared one', async () => {
    const cases = [
      { bytes: mp4(), declared: 'video/mp4', type: 'video/mp4', extension: 'mp4' },
      { bytes: mov(), declared: 'application/octet-stream', type: 'video/quicktime', extension: 'mov' },
      { bytes: webm(), declared: 'video/mp4', type: 'video/webm', extension: 'webm' },
    ];
    for (const { bytes, declared, type, extension } of cases) {
      const response = await uploadVideo(bytes, declared);
      expect(response.status).toBe(201);
      const file = (await response.json()) as TUploadedFile;
      expect(file).toEqual({
        name: expect.stringMatching(new RegExp(`^${t.clock.now().getTime()}-[0-9a-z]{8}\\.${extension}$`)),
        size: bytes.length,
        contentType: type,
        url: `/api/admin/storage/videos/${file.name}`,
      });
      expect(await served(file.url)).toEqual({ status: 200, type, bytes });
    }
    expect(await storedNames()).toHaveLength(3);
  });

  it('sniffs a header that arrives a byte at a time', async () => {
    const bytes = mov();
    const response = await uploadVideo(Readable.from([...bytes].map((byte) => Buffer.from([byte]))));
    expect(response.status).toBe(201);
    const file = (await response.json()) as TUploadedFile;
    expect(file.contentType).toBe('video/quicktime');
    expect(await served(file.url)).toEqual({ status: 200, type: 'video/quicktime', bytes });
  });

  it('is described in the API document with a binary body', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const [pathname, method] of [
      ['/api/admin/videos/files', 'post'],
      ['/api/admin/videos/thumbnails', 'post'],
      ['/api/admin/background-videos/{slot}', 'put'],
      ['/api/admin/background-videos/{slot}/poster', 'put'],
    ] as const) {
      const content = doc.paths[pathname]?.[method]?.requestBody?.content ?? {};
      expect(content['application/octet-stream'], pathname).toEqual({
        schema: { type: 'string', format: 'binary' },
      });
    }
  });

  it('refuses executables and images, whatever they are called, and stores nothing', async () => {
    const refused = [
      { bytes: elfExecutable(), type: 'video/mp4' },
      { bytes: peExecutable(), type: 'video/mp4' },
      { bytes: png(), type: 'video/mp4' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'video/webm' },
      { bytes: Buffer.alloc(0), type: 'video/mp4' },
      // the right header, cut short: too short to tell
      { bytes: mp4().subarray(0, 6), type: 'video/mp4' },
    ];
    for (const { bytes, type } of refused) {
      // A renamed program arrives as `video/mp4`: the name and the declared type count for nothing.
      const response = await uploadVideo(bytes, type);
      expect(response.status, bytes.subarray(0, 8).toString('hex')).toBe(400);
      expect(await errorCodeOf(response)).toBe('invalid_video_type');
    }
    expect(await storedNames()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses files that start like a video but are no whole, playable one, and stores nothing', async () => {
    const whole = mp4();
    const cases: [string, Buffer][] = [
      ['an MP4 followed by a web page (a polyglot)', Buffer.concat([whole, Buffer.from('<html><script>')])],
      ['an MP4 cut off in its media data', whole.subarray(0, whole.length - 10)],
      ['an MP4 cut off in its movie header', whole.subarray(0, 120)],
      ['a file type box and nothing else', mp4Header().subarray(0, 32)],
      [
        'a file type box followed by a web page',
        Buffer.concat([mp4Header().subarray(0, 32), Buffer.alloc(64)]),
      ],
      ['a QuickTime file with trailing bytes', Buffer.concat([mov(), Buffer.from([1, 2, 3])])],
      ['a WebM cut off in its frame', webm(200).subarray(0, -50)],
      ['a WebM followed by a web page', Buffer.concat([webm(), Buffer.from('<html>')])],
      ['a WebM header alone', webm().subarray(0, 60)],
    ];
    for (const [what, bytes] of cases) {
      const response = await uploadVideo(bytes);
      expect(response.status, what).toBe(400);
      expect(await errorCodeOf(response), what).toBe('video_damaged');
    }
    expect(await storedNames()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses exactly 100 MB (the spec says under 100 MB) and 100 MiB while streaming, and leaves nothing behind', async () => {
    for (const size of [VIDEO_MAX_BYTES + 1, 100 * 1024 * 1024]) {
      const response = await uploadVideo(mp4Chunks(size));
      expect(response.status, String(size)).toBe(413);
      expect(await errorCodeOf(response)).toBe('video_too_large');
    }
    expect(VIDEO_MAX_BYTES + 1).toBe(100_000_000);
    expect(await storedNames()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it('accepts one byte under 100 MB', async () => {
    const response = await uploadVideo(mp4Chunks(VIDEO_MAX_BYTES));
    expect(response.status).toBe(201);
    const file = (await response.json()) as TUploadedFile;
    expect(file.size).toBe(VIDEO_MAX_BYTES);
    expect((await t.storage.stat('videos', file.name))?.size).toBe(VIDEO_MAX_BYTES);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { counter, body } = endlessMp4();
    const response = await send('POST', '/api/admin/videos/files', body, {
      contentType: 'video/mp4',
      headers: { 'content-length': String(VIDEO_MAX_BYTES + 1) },
    });
    expect(response.status).toBe(413);
    expect(await errorCodeOf(response)).toBe('video_too_large');
    expect(counter.bytes).toBeLessThan(1024 * 1024);
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('POST /api/admin/videos/thumbnails', () => {
  it('stores PNG, JPEG and WebP images with the type of their content', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(40),
    ]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([40, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    const cases = [
      { bytes: png(4), type: 'image/png', extension: 'png' },
      { bytes: jpeg, type: 'image/jpeg', extension: 'jpg' },
      { bytes: webp, type: 'image/webp', extension: 'webp' },
    ];
    for (const { bytes, type, extension } of cases) {
      const response = await uploadImage(bytes, 'application/octet-stream');
      expect(response.status).toBe(201);
      const file = (await response.json()) as TUploadedFile;
      expect(file.name.endsWith(`.${extension}`)).toBe(true);
      expect(file.contentType).toBe(type);
      expect(await served(file.url)).toEqual({ status: 200, type, bytes });
    }
  });

  it('refuses a video or a program as an image, and an image over 2 MB', async () => {
    for (const bytes of [mp4(), elfExecutable()]) {
      const response = await uploadImage(bytes);
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('invalid_image_type');
    }
    const large = Buffer.concat([png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await uploadImage(Readable.from([large.subarray(0, 1000), large.subarray(1000)]));
    expect(response.status).toBe(413);
    expect(await errorCodeOf(response)).toBe('image_too_large');
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('the videos', () => {
  it('refuses a blank title, a missing or wrong file, and a file another video or the background uses', async () => {
    const video = await uploaded(mp4());
    const poster = await uploaded(png(), 'image');
    await storeFile(BACKGROUND_VIDEOS.mobile.video, mp4(), 'video/mp4');

    const refusals: Array<[Partial<TCreateVideo> & { fileName: string }, number, string]> = [
      [{ fileName: video.name, title: '   ' }, 400, 'title_required'],
      [{ fileName: video.name, title: '' }, 400, 'title_required'],
      [{ fileName: '1764000000000-missing0.mp4' }, 404, 'file_not_found'],
      [{ fileName: '../secret.mp4' }, 404, 'file_not_found'],
      [{ fileName: poster.name }, 404, 'file_not_found'],
      [{ fileName: video.name, thumbnailName: '1764000000000-missing0.png' }, 404, 'file_not_found'],
      [{ fileName: video.name, thumbnailName: video.name }, 409, 'file_in_use'],
      [{ fileName: BACKGROUND_VIDEOS.mobile.video }, 409, 'file_in_use'],
    ];
    for (const [input, status, code] of refusals) {
      const response = await json('POST', '/api/admin/videos', newVideo(input));
      expect(response.status, JSON.stringify(input)).toBe(status);
      expect(await errorCodeOf(response)).toBe(code);
    }
    expect(await t.database.db.select().from(videos)).toEqual([]);

    await createdVideo({ fileName: video.name, thumbnailName: poster.name });
    const second = await uploaded(mp4(128));
    for (const input of [{ fileName: video.name }, { fileName: second.name, thumbnailName: poster.name }]) {
      const response = await json('POST', '/api/admin/videos', newVideo(input));
      expect(response.status).toBe(409);
      expect(await errorCodeOf(response)).toBe('file_in_use');
    }
  });

  it('creates a video from its uploaded files, lists it, and audits it', async () => {
    const file = await uploaded(mp4(500));
    const poster = await uploaded(png(), 'image');
    const video = await createdVideo({
      fileName: file.name,
      thumbnailName: poster.name,
      title: '  Evening walk  ',
      description: '  By the river  ',
      isPublished: true,
    });
    expect(video).toEqual({
      id: expect.any(String),
      title: 'Evening walk',
      description: 'By the river',
      fileName: file.name,
      url: file.url,
      thumbnailName: poster.name,
      posterUrl: poster.url,
      durationSeconds: 12.5,
      fileSize: mp4(500).length,
      isFeatured: false,
      isPublished: true,
      createdAt: t.clock.now().toISOString(),
    });
    expect(((await (await get('/api/admin/videos')).json()) as TAdminVideoList).videos).toEqual([video]);
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({
      action: 'video.create',
      target: `video:${video.id}`,
      staffEmail: staff.email,
    });

    const publicList = (await (await t.app.request('/api/videos')).json()) as TPublicVideoList;
    expect(publicList.videos).toEqual([
      expect.objectContaining({
        id: video.id,
        url: `/media/videos/${file.name}`,
        posterUrl: `/media/videos/${poster.name}`,
      }),
    ]);
  });

  it('toggles published and featured, auditing old and new', async () => {
    const draft = await createdVideo({ fileName: (await uploaded(mp4())).name, title: 'Draft' });
    t.clock.advance(1000);
    const other = await createdVideo({
      fileName: (await uploaded(mp4())).name,
      title: 'Other',
      isPublished: true,
    });
    const publicIds = async () =>
      ((await (await t.app.request('/api/videos')).json()) as TPublicVideoList).videos.map(
        (video) => video.id,
      );
    expect(await publicIds()).toEqual([other.id]);

    const published = await json('PATCH', `/api/admin/videos/${draft.id}`, { isPublished: true });
    expect(published.status).toBe(200);
    expect(await published.json()).toEqual({ ...draft, isPublished: true });
    expect(await publicIds()).toEqual([other.id, draft.id]);

    const featured = await json('PATCH', `/api/admin/videos/${draft.id}`, { isFeatured: true });
    expect(((await featured.json()) as TAdminVideo).isFeatured).toBe(true);
    expect(await publicIds()).toEqual([draft.id, other.id]);
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({
      action: 'video.update',
      target: `video:${draft.id}`,
      details: { changes: { isFeatured: { from: false, to: true } } },
    });

    const unpublished = await json('PATCH', `/api/admin/videos/${draft.id}`, {
      isPublished: false,
      isFeatured: false,
    });
    expect(await unpublished.json()).toMatchObject({ isPublished: false, isFeatured: false });
    expect(await publicIds()).toEqual([other.id]);
    // newest first in the admin list
    const list = (await (await get('/api/admin/videos')).json()) as TAdminVideoList;
    expect(list.videos.map((video) => video.id)).toEqual([other.id, draft.id]);

    expect((await json('PATCH', `/api/admin/videos/${draft.id}`, {})).status).toBe(400);
    expect((await json('PATCH', '/api/admin/videos/not-a-uuid', { isPublished: true })).status).toBe(400);
    const missing = await json('PATCH', '/api/admin/videos/00000000-0000-4000-8000-000000000000', {
      isPublished: true,
    });
    expect(missing.status).toBe(404);
    expect(await errorCodeOf(missing)).toBe('not_found');
  });

  it('deletes a video with its files, and audits it', async () => {
    const file = await uploaded(mp4());
    const poster = await uploaded(png(), 'image');
    const keep = await uploaded(mp4(99));
    const video = await createdVideo({ fileName: file.name, thumbnailName: poster.name });

    const response = await json('DELETE', `/api/admin/videos/${video.id}`);
    expect(response.status).toBe(204);
    expect(await t.database.db.select().from(videos)).toEqual([]);
    expect(await storedNames()).toEqual([keep.name]);
    expect((await served(file.url)).status).toBe(404);
    expect((await served(poster.url)).status).toBe(404);
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({ action: 'video.delete', target: `video:${video.id}` });

    const again = await json('DELETE', `/api/admin/videos/${video.id}`);
    expect(again.status).toBe(404);
  });
});

describe('the storage bucket', () => {
  it('lists every file by name with what uses it, past the 100 of one page', async () => {
    const backgrounds = Object.values(BACKGROUND_VIDEOS).flatMap(({ video, poster }) => [video, poster]);
    for (const name of backgrounds) await storeFile(name, mp4(), 'video/mp4');
    const file = await uploaded(mp4());
    const poster = await uploaded(png(), 'image');
    await createdVideo({ fileName: file.name, thumbnailName: poster.name, title: 'Used' });
    for (let i = 0; i < 100; i++)
      await storeFile(`z-unused-${String(i).padStart(3, '0')}.mp4`, mp4(), 'video/mp4');

    const response = await get('/api/admin/storage/videos');
    expect(response.status).toBe(200);
    const { files } = (await response.json()) as TStorageFileList;
    const names = files.map((entry) => entry.name);
    expect(names).toHaveLength(106);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byName = new Map(files.map((entry) => [entry.name, entry]));
    for (const name of backgrounds)
      expect(byName.get(name)).toMatchObject({ role: 'background', videoTitle: null });
    expect(byName.get(file.name)).toEqual({
      name: file.name,
      createdAt: t.clock.now().toISOString(),
      size: mp4().length,
      contentType: 'video/mp4',
      url: file.url,
      role: 'video',
      videoTitle: 'Used',
    });
    expect(byName.get(poster.name)).toMatchObject({
      role: 'thumbnail',
      videoTitle: 'Used',
      contentType: 'image/png',
    });
    expect(byName.get('z-unused-099.mp4')).toMatchObject({ role: 'none', videoTitle: null });
  });

  it('deletes an unused file, and refuses one a video or the background uses', async () => {
    await storeFile(BACKGROUND_VIDEOS.desktop.poster, png(), 'image/png');
    const file = await uploaded(mp4());
    const poster = await uploaded(png(), 'image');
    const unused = await uploaded(mp4(10));
    await createdVideo({ fileName: file.name, thumbnailName: poster.name });

    for (const name of [file.name, poster.name, BACKGROUND_VIDEOS.desktop.poster]) {
      const response = await json('DELETE', `/api/admin/storage/videos/${encodeURIComponent(name)}`);
      expect(response.status, name).toBe(409);
      expect(await errorCodeOf(response)).toBe('file_in_use');
    }
    const deleted = await json('DELETE', `/api/admin/storage/videos/${unused.name}`);
    expect(deleted.status).toBe(204);
    expect(await storedNames()).not.toContain(unused.name);
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({ action: 'storage.delete', target: `videos/${unused.name}` });

    for (const name of [unused.name, '.hidden', 'a%2F..%2F..%2Fdb', '..%2Fdb']) {
      const response = await json('DELETE', `/api/admin/storage/videos/${name}`);
      expect(response.status, name).toBe(404);
      expect(await errorCodeOf(response)).toBe('file_not_found');
    }
    expect((await storedNames()).sort()).toEqual(
      [BACKGROUND_VIDEOS.desktop.poster, file.name, poster.name].sort(),
    );
  });
});

describe('the background videos', () => {
  const OLD = mp4(300);

  beforeEach(async () => {
    await storeFile(BACKGROUND_VIDEOS.mobile.video, OLD, 'video/mp4');
    await storeFile(BACKGROUND_VIDEOS.mobile.poster, png(1), 'image/webp');
  });

  const mobileVideo = () => served(`/media/videos/${BACKGROUND_VIDEOS.mobile.video}`);

  it('lists the stored files of both slots', async () => {
    const response = await get('/api/admin/background-videos');
    expect(response.status).toBe(200);
    const background = (await response.json()) as TBackgroundVideos;
    expect(background.desktop).toEqual({ video: null, poster: null });
    expect(background.mobile.video).toEqual({
      name: BACKGROUND_VIDEOS.mobile.video,
      url: `/media/videos/${BACKGROUND_VIDEOS.mobile.video}?v=${t.clock.now().getTime()}`,
      size: OLD.length,
      createdAt: t.clock.now().toISOString(),
    });
    expect(background.mobile.poster?.name).toBe(BACKGROUND_VIDEOS.mobile.poster);
  });

  it('keeps the current video when the new one is refused', async () => {
    const before = filesOnDisk();
    const wrong = await send('PUT', '/api/admin/background-videos/mobile', png(), {
      contentType: 'video/mp4',
    });
    expect(wrong.status).toBe(400);
    expect(await errorCodeOf(wrong)).toBe('invalid_video_type');
    const large = await send('PUT', '/api/admin/background-videos/mobile', mp4Chunks(VIDEO_MAX_BYTES + 1));
    expect(large.status).toBe(413);
    expect(await errorCodeOf(large)).toBe('video_too_large');
    // A file that is damaged only at its very end: the check fails before the replacement is stored.
    const cut = mp4(5000).subarray(0, -1);
    const damaged = await send('PUT', '/api/admin/background-videos/mobile', cut);
    expect(damaged.status).toBe(400);
    expect(await errorCodeOf(damaged)).toBe('video_damaged');
    expect(await mobileVideo()).toEqual({ status: 200, type: 'video/mp4', bytes: OLD });
    expect(filesOnDisk()).toEqual(before);
    expect((await send('PUT', '/api/admin/background-videos/tablet', mp4())).status).toBe(400);
  });

  it('replaces the video and the poster, which the public addresses then serve', async () => {
    t.clock.advance(60_000);
    const fresh = webm(400);
    const response = await send('PUT', '/api/admin/background-videos/mobile', fresh, {
      contentType: 'video/webm',
    });
    expect(response.status).toBe(200);
    const background = (await response.json()) as TBackgroundVideos;
    expect(background.mobile.video).toMatchObject({
      size: fresh.length,
      createdAt: t.clock.now().toISOString(),
    });
    expect(await mobileVideo()).toEqual({ status: 200, type: 'video/webm', bytes: fresh });
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({
      action: 'background.video.replace',
      target: `videos/${BACKGROUND_VIDEOS.mobile.video}`,
      details: { slot: 'mobile', size: fresh.length, contentType: 'video/webm' },
    });

    const poster = png(2, 0x10);
    const posterResponse = await send('PUT', '/api/admin/background-videos/mobile/poster', poster, {
      contentType: 'image/png',
    });
    expect(posterResponse.status).toBe(200);
    expect(await served(`/media/videos/${BACKGROUND_VIDEOS.mobile.poster}`)).toEqual({
      status: 200,
      type: 'image/png',
      bytes: poster,
    });
    const desktop = await send('PUT', '/api/admin/background-videos/desktop/poster', png());
    expect(((await desktop.json()) as TBackgroundVideos).desktop.poster?.name).toBe(
      BACKGROUND_VIDEOS.desktop.poster,
    );

    const notImage = await send('PUT', '/api/admin/background-videos/mobile/poster', mp4());
    expect(notImage.status).toBe(400);
    expect(await errorCodeOf(notImage)).toBe('invalid_image_type');
    expect((await served(`/media/videos/${BACKGROUND_VIDEOS.mobile.poster}`)).bytes).toEqual(poster);
  });
});

describe('without a staff session', () => {
  it('refuses every upload and delete to a visitor and to a signed-in user, changing nothing', async () => {
    const file = await uploaded(mp4());
    const video = await createdVideo({ fileName: file.name });
    const unused = await uploaded(mp4(10));
    await storeFile(BACKGROUND_VIDEOS.mobile.video, mp4(300), 'video/mp4');
    const before = filesOnDisk();
    const user = await createSignedInUser(t);

    const calls: Array<() => { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: Buffer }> = [
      () => ({ method: 'POST', path: '/api/admin/videos/files', body: mp4() }),
      () => ({ method: 'POST', path: '/api/admin/videos/thumbnails', body: png() }),
      () => ({ method: 'PUT', path: '/api/admin/background-videos/mobile', body: mp4(1) }),
      () => ({ method: 'PUT', path: '/api/admin/background-videos/mobile/poster', body: png() }),
      () => ({ method: 'DELETE', path: `/api/admin/videos/${video.id}` }),
      () => ({ method: 'DELETE', path: `/api/admin/storage/videos/${unused.name}` }),
    ];
    for (const cookie of [null, user.cookie]) {
      for (const make of calls) {
        const { method, path: pathname, body } = make();
        const response = await send(method, pathname, body, { cookie });
        expect(response.status, `${method} ${pathname}`).toBe(401);
        expect(await errorCodeOf(response)).toBe('admin_session_missing');
      }
      const created = await t.app.request('/api/admin/videos', {
        method: 'POST',
        headers: { ...staffHeaders(t, staff), ...(cookie ? { cookie } : { cookie: '' }) },
        body: JSON.stringify(newVideo({ fileName: unused.name })),
      });
      expect(created.status).toBe(401);
    }
    expect(filesOnDisk()).toEqual(before);
    expect(await t.database.db.select({ id: videos.id }).from(videos)).toEqual([{ id: video.id }]);
  });
});

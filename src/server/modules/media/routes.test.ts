import { Readable } from 'node:stream';
import { mediaUrl } from '@shared/domain/media';
import type { TPublicVideoList } from '@shared/schemas/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/media';
import type { StoredObject } from '../../lib/storage/storage';
import { createSignedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

let t: TestContext;
let clip: StoredObject;

beforeAll(async () => {
  t = await createTestApp();
  clip = await t.storage.put('videos', 'clip.mp4', Readable.from([BYTES]), {
    maxBytes: 10_000,
    contentType: 'video/mp4',
  });
  await t.storage.put('gifs', 'newsletter-gif/1.gif', Readable.from([Buffer.from('GIF89a')]), {
    maxBytes: 100,
    contentType: 'image/gif',
  });
  await t.storage.put('videos', 'page.html', Readable.from([Buffer.from('<script>alert(1)</script>')]), {
    maxBytes: 100,
    contentType: 'text/html',
  });
  // Visitors get the files of published videos only (below).
  await t.database.db.insert(videos).values(
    ['clip.mp4', 'page.html'].map((filePath) => ({
      title: filePath,
      filePath,
      fileSize: 1,
      isPublished: true,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('GET /media/:bucket/*', () => {
  it('sends the whole file with its type, length, validator and caching', async () => {
    const response = await get('/media/videos/clip.mp4');
    expect(response.status).toBe(200);
    expect(await bytes(response)).toEqual(BYTES);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      etag: clip.etag,
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
      // Shown in webmail (newsletter GIFs) and the composer's sandboxed preview: other origins.
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(response.headers.get('content-range')).toBeNull();
  });

  it('lets browsers keep the replaceable background files for 5 minutes only', async () => {
    await t.storage.put('videos', '1.m4v', Readable.from([BYTES]), {
      maxBytes: 10_000,
      contentType: 'video/mp4',
    });
    const response = await get('/media/videos/1.m4v', { range: 'bytes=0-9' });
    expect(response.status).toBe(206);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag') ?? '';
    const revalidated = await get('/media/videos/1.m4v', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves the address mediaUrl() builds, folders included', async () => {
    const response = await get(mediaUrl('gifs', 'newsletter-gif/1.gif'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(await response.text()).toBe('GIF89a');
  });

  it('answers each single-range form with 206 and exactly those bytes', async () => {
    const cases = [
      { range: 'bytes=0-99', start: 0, end: 99 },
      { range: 'bytes=500-', start: 500, end: 999 },
      { range: 'bytes=-100', start: 900, end: 999 },
      { range: 'bytes=990-5000', start: 990, end: 999 },
      { range: 'bytes=0-0', start: 0, end: 0 },
    ];
    for (const { range, start, end } of cases) {
      const response = await get('/media/videos/clip.mp4', { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(response.headers.get('etag')).toBe(clip.etag);
      expect(await bytes(response), range).toEqual(BYTES.subarray(start, end + 1));
    }
  });

  it('answers 416 with the size when no requested byte exists', async () => {
    for (const range of ['bytes=1000-', 'bytes=2000-3000', 'bytes=-0']) {
      const response = await get('/media/videos/clip.mp4', { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */1000');
    }
  });

  it('sends the whole file for several ranges or a stale If-Range', async () => {
    const several = await get('/media/videos/clip.mp4', { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect(await bytes(several)).toEqual(BYTES);
    const stale = await get('/media/videos/clip.mp4', { range: 'bytes=0-1', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).length).toBe(1000);
    const current = await get('/media/videos/clip.mp4', { range: 'bytes=0-1', 'if-range': clip.etag });
    expect(current.status).toBe(206);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.request('/media/videos/clip.mp4', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('etag')).toBe(clip.etag);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(await response.text()).toBe('');
  });

  it('answers 304 when the client holds the current version', async () => {
    const response = await get('/media/videos/clip.mp4', { 'if-none-match': clip.etag, range: 'bytes=0-1' });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(clip.etag);
    expect(await response.text()).toBe('');
    const changed = await get('/media/videos/clip.mp4', { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('offers files of other types only as downloads', async () => {
    const response = await get('/media/videos/page.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });

  it('answers 404 in plain text for unknown buckets, missing files and unsafe names', async () => {
    for (const path of [
      '/media/other/x',
      '/media/videos/missing.mp4',
      '/media/videos/..%2F..%2Fetc%2Fpasswd',
      '/media/videos/%2E%2E/%2E%2E/etc/passwd',
      '/media/videos/..%5C..%5Cetc%5Cpasswd',
      '/media/videos/.clip.mp4.meta.json',
      '/media/videos/newsletter-gif%2F1.gif',
      '/media/videos/a/b/c',
      '/media/videos/%E0%A4%A',
      '/media/videos/x%00y',
      '/media/videos/',
      '/media/videos',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
    }
  });
});

describe('who may fetch a file of bucket videos', () => {
  const store = (name: string, contentType = 'video/mp4') =>
    t.storage.put('videos', name, Readable.from([BYTES]), { maxBytes: 10_000, contentType });
  const asStaff = async (name: string, headers: Record<string, string> = {}) => {
    const { cookie } = await createSignedInStaff(t);
    return get(`/api/admin/storage/videos/${encodeURIComponent(name)}`, { cookie, ...headers });
  };
  const setPublished = (id: string, isPublished: boolean) =>
    t.database.db.update(videos).set({ isPublished }).where(eq(videos.id, id));

  it('serves a draft and its poster to staff only, and a published one to everyone, ranges included', async () => {
    await store('draft.mp4');
    await store('draft-poster.png', 'image/png');
    const [row] = await t.database.db
      .insert(videos)
      .values({ title: 'Draft', filePath: 'draft.mp4', thumbnailPath: 'draft-poster.png', fileSize: 1000 })
      .returning();
    if (!row) throw new Error('no video row');

    for (const name of ['draft.mp4', 'draft-poster.png']) {
      for (const headers of [{}, { range: 'bytes=0-9' }] as Array<Record<string, string>>) {
        const visitor = await get(`/media/videos/${name}`, headers);
        expect(visitor.status, name).toBe(404);
        expect(visitor.headers.get('cache-control')).toBe('no-store');
      }
      expect((await t.app.request(`/media/videos/${name}`, { method: 'HEAD' })).status, name).toBe(404);
    }
    const whole = await asStaff('draft.mp4');
    expect(whole.status).toBe(200);
    expect(await bytes(whole)).toEqual(BYTES);
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    const part = await asStaff('draft.mp4', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(await bytes(part)).toEqual(BYTES.subarray(100, 200));
    expect((await asStaff('draft-poster.png')).headers.get('content-type')).toBe('image/png');
    expect((await get('/api/admin/storage/videos/draft.mp4')).status).toBe(401);

    await setPublished(row.id, true);
    const published = await get('/media/videos/draft.mp4', { range: 'bytes=0-9' });
    expect(published.status).toBe(206);
    expect(await bytes(published)).toEqual(BYTES.subarray(0, 10));
    expect((await get('/media/videos/draft-poster.png')).status).toBe(200);

    // No process keeps an answer: the next request after unpublishing is refused.
    await setPublished(row.id, false);
    expect((await get('/media/videos/draft.mp4', { range: 'bytes=0-9' })).status).toBe(404);
  });

  it("refuses a deleted video's leftover file and an upload no video uses, which staff still see", async () => {
    await store('deleted.mp4');
    const [row] = await t.database.db
      .insert(videos)
      .values({ title: 'Gone', filePath: 'deleted.mp4', fileSize: 1000, isPublished: true })
      .returning();
    if (!row) throw new Error('no video row');
    expect((await get('/media/videos/deleted.mp4')).status).toBe(200);
    // The row goes first; a file whose deletion failed stays in storage.
    await t.database.db.delete(videos).where(eq(videos.id, row.id));
    await store('uploaded-only.mp4');
    for (const name of ['deleted.mp4', 'uploaded-only.mp4']) {
      expect((await get(`/media/videos/${name}`, { range: 'bytes=0-9' })).status, name).toBe(404);
      expect((await asStaff(name, { range: 'bytes=0-9' })).status, name).toBe(206);
    }
    expect((await asStaff('missing.mp4')).status).toBe(404);
    expect((await asStaff('a/b.mp4')).status).toBe(404);
  });
});

describe('GET /api/videos', () => {
  beforeAll(async () => {
    await t.database.db.delete(videos);
  });

  it('lists published videos only, featured first, then newest first', async () => {
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(videos).values([
      {
        title: 'Old',
        filePath: 'old.mp4',
        fileSize: 1,
        isPublished: true,
        createdAt: at('2026-01-01T00:00:00Z'),
      },
      {
        title: 'New',
        description: 'Newest plain video',
        filePath: 'new.mp4',
        thumbnailPath: 'new-poster.webp',
        durationSeconds: 12.5,
        fileSize: 1,
        isPublished: true,
        createdAt: at('2026-02-01T00:00:00Z'),
      },
      {
        title: 'Featured old',
        filePath: 'featured-old.mp4',
        fileSize: 1,
        isPublished: true,
        isFeatured: true,
        createdAt: at('2025-06-01T00:00:00Z'),
      },
      {
        title: 'Featured new',
        filePath: 'folder/featured new.mp4',
        fileSize: 1,
        isPublished: true,
        isFeatured: true,
        createdAt: at('2025-12-01T00:00:00Z'),
      },
      {
        title: 'Draft',
        filePath: 'draft.mp4',
        fileSize: 1,
        isPublished: false,
        isFeatured: true,
        createdAt: at('2026-03-01T00:00:00Z'),
      },
    ]);

    const response = await get('/api/videos');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await response.json()) as TPublicVideoList;
    expect(body.videos.map((video) => video.title)).toEqual(['Featured new', 'Featured old', 'New', 'Old']);
    expect(body.videos[0]?.url).toBe('/media/videos/folder/featured%20new.mp4');
    expect(body.videos[2]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'New',
      description: 'Newest plain video',
      url: '/media/videos/new.mp4',
      posterUrl: '/media/videos/new-poster.webp',
      durationSeconds: 12.5,
      isFeatured: false,
      createdAt: '2026-02-01T00:00:00.000Z',
    });
    expect(body.videos[3]).toMatchObject({ description: null, posterUrl: null, durationSeconds: null });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await get('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(document.paths['/api/videos']).toBeDefined();
  });
});

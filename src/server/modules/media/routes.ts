import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { BACKGROUND_VIDEOS, type Bucket } from '@shared/domain/media';
import { ZPublicVideoList } from '@shared/schemas/media';
import { type Context, Hono } from 'hono';
import type { Database } from '../../db/client';
import { type AppEnv, createApiRouter } from '../../lib/api';
import {
  type ByteRange,
  isBucket,
  isSafeObjectName,
  RangeNotSatisfiableError,
  type Storage,
  type StoredObject,
} from '../../lib/storage/storage';
import { ifNoneMatchHits, ifRangeAllows, parseRangeHeader } from './byte-range';
import { listPublishedVideos } from './service';

const FILE_CACHE_CONTROL = 'public, max-age=3600';
/**
 * The background videos and posters keep their names when staff replace them, so browsers are told to ask
 * again after 5 minutes (a 304 when unchanged) instead of showing the old file for an hour.
 */
const REPLACEABLE_CACHE_CONTROL = 'public, max-age=300';
const REPLACEABLE_FILES = new Set<string>(
  Object.values(BACKGROUND_VIDEOS).flatMap(({ video, poster }) => [video, poster]),
);

function cacheControlFor(bucket: Bucket, name: string): string {
  return bucket === 'videos' && REPLACEABLE_FILES.has(name) ? REPLACEABLE_CACHE_CONTROL : FILE_CACHE_CONTROL;
}
const VIDEO_LIST_CACHE_CONTROL = 'public, max-age=60';
/** Types a browser may render in place from our origin; anything else is offered as a download. */
const INLINE_TYPE = /^(video\/[a-z0-9.+-]+|image\/(gif|png|jpeg|webp|avif))$/i;

function notFound(c: Context) {
  return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
}

/**
 * The object name from the raw path (`/media/<bucket>/<encoded segments>`), decoded one segment at a time so
 * an encoded slash or dot-dot cannot change the meaning; undefined for anything that is not a safe name.
 */
function objectNameFromPath(pathname: string, bucket: Bucket): string | undefined {
  const prefix = `/media/${bucket}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const segments = pathname.slice(prefix.length).split('/').map(decodeURIComponent);
    if (segments.some((segment) => segment.includes('/'))) return undefined;
    const name = segments.join('/');
    return isSafeObjectName(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

function objectHeaders(object: StoredObject, cacheControl: string): Record<string, string> {
  const inline = INLINE_TYPE.test(object.contentType);
  return {
    'Content-Type': inline ? object.contentType : 'application/octet-stream',
    ...(!inline && { 'Content-Disposition': 'attachment' }),
    'Accept-Ranges': 'bytes',
    ETag: object.etag,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
}

function unsatisfiable(c: Context, size: number) {
  return c.body(null, 416, { 'Content-Range': `bytes */${size}`, 'Cache-Control': 'no-store' });
}

/**
 * Public files of the storage buckets at `/media/<bucket>/<name>` (see `mediaUrl`), streamed, with single
 * byte ranges (video seeking, Safari requires them), ETag revalidation and an hour of caching (5 minutes
 * for the background files, which are replaced in place). Outside
 * `/api`, so the API's CSRF and no-store middleware do not apply.
 */
export function mediaRoutes(deps: { storage: Storage }) {
  // Hono answers HEAD with this GET route and drops the body; the handler avoids opening the file then.
  return new Hono<AppEnv>().get('/media/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    if (!isBucket(bucket)) return notFound(c);
    const name = objectNameFromPath(new URL(c.req.url).pathname, bucket);
    if (!name) return notFound(c);
    const object = await deps.storage.stat(bucket, name);
    if (!object) return notFound(c);
    const cacheControl = cacheControlFor(bucket, name);

    if (ifNoneMatchHits(c.req.header('if-none-match'), object.etag)) {
      return c.body(null, 304, { ETag: object.etag, 'Cache-Control': cacheControl });
    }
    if (c.req.method === 'HEAD') {
      return c.body(null, 200, {
        ...objectHeaders(object, cacheControl),
        'Content-Length': String(object.size),
      });
    }

    // Range requests are defined for GET only (RFC 9110 §14.2).
    let range: ByteRange | undefined;
    if (ifRangeAllows(c.req.header('if-range'), object.etag)) {
      const parsed = parseRangeHeader(c.req.header('range'), object.size);
      if (parsed === 'unsatisfiable') return unsatisfiable(c, object.size);
      range = parsed;
    }

    let result: Awaited<ReturnType<Storage['get']>>;
    try {
      result = await deps.storage.get(bucket, name, range);
    } catch (error) {
      // The object shrank between stat and get.
      if (error instanceof RangeNotSatisfiableError) return unsatisfiable(c, error.size);
      throw error;
    }
    if (!result) return notFound(c);

    const served = result.object;
    // Node's Readable.toWeb honours back-pressure since 20.18; its type is node's web stream, not the DOM's.
    const body = Readable.toWeb(result.body) as unknown as ReadableStream<Uint8Array>;
    if (!result.range) {
      return c.body(body, 200, {
        ...objectHeaders(served, cacheControl),
        'Content-Length': String(served.size),
      });
    }
    const { start, end } = result.range;
    return c.body(body, 206, {
      ...objectHeaders(served, cacheControl),
      'Content-Length': String(end - start + 1),
      'Content-Range': `bytes ${start}-${end}/${served.size}`,
    });
  });
}

const listVideosRoute = createRoute({
  method: 'get',
  path: '/videos',
  tags: ['media'],
  summary: 'Published videos, featured first, then newest first',
  responses: {
    200: {
      description: 'The published videos',
      content: { 'application/json': { schema: ZPublicVideoList } },
    },
  },
});

export function videoRoutes(deps: { db: Database }) {
  return createApiRouter().openapi(listVideosRoute, async (c) => {
    c.header('Cache-Control', VIDEO_LIST_CACHE_CONTROL);
    return c.json({ videos: await listPublishedVideos(deps.db) }, 200);
  });
}

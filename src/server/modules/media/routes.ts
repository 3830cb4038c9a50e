import { createRoute } from '@hono/zod-openapi';
import { BACKGROUND_VIDEOS, type Bucket } from '@shared/domain/media';
import { ZPublicVideoList } from '@shared/schemas/media';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { type AppEnv, createApiRouter } from '../../lib/api';
import { isBucket, isSafeObjectName, type Storage } from '../../lib/storage/storage';
import { fileNotFound, sendStoredFile } from './send-file';
import { isPublicVideoFile, listPublishedVideos } from './service';

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

/**
 * Public files of the storage buckets at `/media/<bucket>/<name>` (see `mediaUrl`), streamed, with single
 * byte ranges, ETag revalidation and an hour of caching (5 minutes for the background files, which are
 * replaced in place). Of bucket `videos` only what visitors may see: the background files and the files
 * and posters of published videos, looked up in the database on each request (several processes share
 * it); drafts, deleted videos' leftovers and uploads not yet made into a video answer 404 (staff preview
 * them at `/api/admin/storage/videos/<name>`). Outside `/api`, so the API's CSRF and no-store middleware do
 * not apply.
 */
export function mediaRoutes(deps: { storage: Storage; db: Database }) {
  return new Hono<AppEnv>().get('/media/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    if (!isBucket(bucket)) return fileNotFound(c);
    const name = objectNameFromPath(new URL(c.req.url).pathname, bucket);
    if (!name) return fileNotFound(c);
    if (bucket === 'videos' && !(await isPublicVideoFile(deps.db, name))) return fileNotFound(c);
    return sendStoredFile(c, {
      storage: deps.storage,
      bucket,
      name,
      cacheControl: cacheControlFor(bucket, name),
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

import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from '@hono/zod-openapi';
import { BACKGROUND_VIDEOS, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@shared/domain/media';
import {
  ZAdminVideo,
  ZAdminVideoList,
  ZBackgroundSlot,
  ZBackgroundVideos,
  ZCreateVideo,
  ZStorageFileList,
  ZUpdateVideo,
  ZUploadedFile,
} from '@shared/schemas/media';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { isSafeObjectName } from '../../lib/storage/storage';
import { fileNotFound, sendStoredFile } from '../media/send-file';
import {
  createVideo,
  deleteStorageFile,
  deleteVideo,
  getBackgroundVideos,
  listAdminVideos,
  listVideoStorage,
  replaceBackgroundPoster,
  replaceBackgroundVideo,
  storeUpload,
  type UploadError,
  updateVideo,
} from '../media/service';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin', 'media'];
const unauthenticated = errorResponse('admin_session_missing');
const MB = 1024 * 1024;

const binary = z.string().openapi({ type: 'string', format: 'binary' });

/**
 * A body that is the file itself, streamed to storage as it arrives (never held in memory). The declared
 * type is not trusted: the server decides by the first bytes, so any of these (or none) is fine.
 */
const rawBody = (description: string, types: readonly string[]) => ({
  required: true,
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: binary }])),
});
const VIDEO_BODY_TYPES = [
  'application/octet-stream',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/*',
];
const IMAGE_BODY_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/*'];
const videoBody = rawBody(
  `The video file's bytes (one whole MP4, WebM or MOV container, under 100 MB: at most ${VIDEO_MAX_BYTES} bytes)`,
  VIDEO_BODY_TYPES,
);
const imageBody = rawBody(
  `The image's bytes (PNG, JPEG or WebP by content, at most ${IMAGE_MAX_BYTES / MB} MB)`,
  IMAGE_BODY_TYPES,
);

const invalidVideo = errorResponse(
  'invalid_video_type: the content is not MP4, WebM or MOV; video_damaged: it starts like one but is not ' +
    'one whole, playable container (cut off, trailing data, no video track, samples outside the media ' +
    'data); nothing is stored',
);
const videoTooLarge = errorResponse(
  `video_too_large: ${VIDEO_MAX_BYTES + 1} bytes (100 MB) or more (by Content-Length before reading, or ` +
    'while streaming); nothing is stored',
);
const invalidImage = errorResponse(
  'invalid_image_type: the content is not PNG, JPEG or WebP; nothing is stored',
);
const imageTooLarge = errorResponse(
  `image_too_large: more than ${IMAGE_MAX_BYTES / MB} MB; nothing is stored`,
);

const ZVideoParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const ZStorageFileParams = z.object({
  name: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'name', in: 'path' }, example: '1764000000000-k3j9x0qa.mp4' }),
});
const ZSlotParams = z.object({ slot: ZBackgroundSlot.openapi({ param: { name: 'slot', in: 'path' } }) });

const uploadVideoRoute = adminRoute(
  'media',
  {
    method: 'post',
    path: '/admin/videos/files',
    tags: TAGS,
    summary: 'Upload a video file into bucket videos under a new server-chosen name',
    description:
      'The request body is the file. Its first bytes decide the format and the stored content type (the ' +
      'Content-Type header is ignored). Create the video with POST /admin/videos afterwards; until then the ' +
      'file shows in the storage listing with role `none`.',
    request: { body: videoBody },
    responses: {
      201: jsonResponse('The stored file', ZUploadedFile),
      400: invalidVideo,
      401: unauthenticated,
      413: videoTooLarge,
    },
  },
  { body: 'streamed' },
);

const uploadThumbnailRoute = adminRoute(
  'media',
  {
    method: 'post',
    path: '/admin/videos/thumbnails',
    tags: TAGS,
    summary: 'Upload a poster frame (thumbnail) into bucket videos under a new server-chosen name',
    request: { body: imageBody },
    responses: {
      201: jsonResponse('The stored image', ZUploadedFile),
      400: invalidImage,
      401: unauthenticated,
      413: imageTooLarge,
    },
  },
  { body: 'streamed' },
);

const listVideosRoute = adminRoute('media', {
  method: 'get',
  path: '/admin/videos',
  tags: TAGS,
  summary: 'Every video, drafts included, newest first',
  responses: { 200: jsonResponse('The videos', ZAdminVideoList), 401: unauthenticated },
});

const createVideoRoute = adminRoute('media', {
  method: 'post',
  path: '/admin/videos',
  tags: TAGS,
  summary: 'Create a video from an uploaded file (and poster frame)',
  request: { body: jsonBody(ZCreateVideo) },
  responses: {
    201: jsonResponse('The new video', ZAdminVideo),
    400: errorResponse('title_required: the title is blank; validation: a field is missing or too long'),
    401: unauthenticated,
    404: errorResponse('file_not_found: no such video file (or image, for the thumbnail) in bucket videos'),
    409: errorResponse('file_in_use: another video or the background uses the file'),
  },
});

const updateVideoRoute = adminRoute('media', {
  method: 'patch',
  path: '/admin/videos/{id}',
  tags: TAGS,
  summary: 'Publish or unpublish, feature or unfeature a video',
  request: { params: ZVideoParams, body: jsonBody(ZUpdateVideo) },
  responses: {
    200: jsonResponse('The video after the change', ZAdminVideo),
    400: errorResponse('validation: neither isFeatured nor isPublished, or an id that is not a UUID'),
    401: unauthenticated,
    404: errorResponse('not_found: no such video'),
  },
});

const deleteVideoRoute = adminRoute('media', {
  method: 'delete',
  path: '/admin/videos/{id}',
  tags: TAGS,
  summary: 'Delete a video and its files',
  description:
    'The row goes first; a file that cannot be deleted stays in the storage listing (role `none`).',
  request: { params: ZVideoParams },
  responses: {
    204: { description: 'Deleted' },
    401: unauthenticated,
    404: errorResponse('not_found: no such video'),
  },
});

const listStorageRoute = adminRoute('media', {
  method: 'get',
  path: '/admin/storage/videos',
  tags: TAGS,
  summary: 'Every file of bucket videos by name, with what uses it',
  responses: { 200: jsonResponse('The files', ZStorageFileList), 401: unauthenticated },
});

const deleteStorageFileRoute = adminRoute('media', {
  method: 'delete',
  path: '/admin/storage/videos/{name}',
  tags: TAGS,
  summary: 'Delete a file of bucket videos that nothing uses',
  request: { params: ZStorageFileParams },
  responses: {
    204: { description: 'Deleted' },
    401: unauthenticated,
    404: errorResponse('file_not_found'),
    409: errorResponse('file_in_use: a video or the background uses the file'),
  },
});

const previewStorageFileRoute = adminRoute('media', {
  method: 'get',
  path: '/admin/storage/videos/{name}',
  tags: TAGS,
  summary: 'A file of bucket videos for staff, published or not (the preview of drafts and uploads)',
  description:
    'Streamed with single byte ranges and ETag revalidation, like `/media/videos/{name}`, which serves ' +
    'visitors only the background files and the files and posters of published videos.',
  request: { params: ZStorageFileParams },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: binary } } },
    206: {
      description: 'The requested byte range',
      content: { 'application/octet-stream': { schema: binary } },
    },
    304: { description: 'The ETag of If-None-Match is current' },
    401: unauthenticated,
    404: { description: 'No such file', content: { 'text/plain': { schema: z.string() } } },
    416: { description: 'No requested byte exists' },
  },
});

/** Staff's copy revalidates on each use, so a session that ended sees nothing new. */
const PREVIEW_CACHE_CONTROL = 'private, no-cache';

const backgroundRoute = adminRoute('media', {
  method: 'get',
  path: '/admin/background-videos',
  tags: TAGS,
  summary: `The background videos (${BACKGROUND_VIDEOS.mobile.video} mobile, ${BACKGROUND_VIDEOS.desktop.video} desktop) and posters`,
  responses: { 200: jsonResponse('The stored background files', ZBackgroundVideos), 401: unauthenticated },
});

const replaceBackgroundVideoRoute = adminRoute(
  'media',
  {
    method: 'put',
    path: '/admin/background-videos/{slot}',
    tags: TAGS,
    summary: 'Replace the background video of a slot',
    description: 'The body is the video file. A refused upload leaves the current video as it was.',
    request: { params: ZSlotParams, body: videoBody },
    responses: {
      200: jsonResponse('The background files after the change', ZBackgroundVideos),
      400: invalidVideo,
      401: unauthenticated,
      413: videoTooLarge,
    },
  },
  { body: 'streamed' },
);

const replaceBackgroundPosterRoute = adminRoute(
  'media',
  {
    method: 'put',
    path: '/admin/background-videos/{slot}/poster',
    tags: TAGS,
    summary: 'Replace the poster frame of a background slot',
    description: 'The body is the image. A refused upload leaves the current poster as it was.',
    request: { params: ZSlotParams, body: imageBody },
    responses: {
      200: jsonResponse('The background files after the change', ZBackgroundVideos),
      400: invalidImage,
      401: unauthenticated,
      413: imageTooLarge,
    },
  },
  { body: 'streamed' },
);

/** The request body as a Node stream (read as it arrives), and the length the client declared, if any. */
export function rawRequestBody(c: Context<AppEnv>) {
  const web = c.req.raw.body;
  // The DOM's and Node's ReadableStream types differ only on paper.
  const body = web ? Readable.fromWeb(web as unknown as NodeReadableStream<Uint8Array>) : Readable.from([]);
  const header = c.req.header('content-length');
  const declaredLength = header && /^\d{1,16}$/.test(header) ? Number(header) : undefined;
  return { body, declaredLength };
}

const uploadStatus = (error: UploadError) =>
  error === 'video_too_large' || error === 'image_too_large' ? 413 : 400;

/** Video management (spec §2 /admin/videos): uploads, the videos, the storage bucket, the background. */
export function adminMediaRoutes(deps: AdminDeps) {
  const act = (c: Context<AppEnv>) => staffChange(c, deps);

  return createApiRouter()
    .openapi(uploadVideoRoute, async (c) => {
      const { now } = act(c);
      const outcome = await storeUpload(deps.storage, { ...rawRequestBody(c), kind: 'video', now });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, uploadStatus(outcome.error));
      return c.json(outcome.file, 201);
    })
    .openapi(uploadThumbnailRoute, async (c) => {
      const { now } = act(c);
      const outcome = await storeUpload(deps.storage, { ...rawRequestBody(c), kind: 'image', now });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, uploadStatus(outcome.error));
      return c.json(outcome.file, 201);
    })
    .openapi(listVideosRoute, async (c) => c.json({ videos: await listAdminVideos(deps.db) }, 200))
    .openapi(createVideoRoute, async (c) => {
      const outcome = await createVideo(deps.db, deps.storage, { input: c.req.valid('json'), ...act(c) });
      if (outcome.ok) return c.json(outcome.video, 201);
      const status = { title_required: 400, file_not_found: 404, file_in_use: 409 } as const;
      return c.json({ error: { code: outcome.error } }, status[outcome.error]);
    })
    .openapi(updateVideoRoute, async (c) => {
      const { id } = c.req.valid('param');
      const video = await updateVideo(deps.db, { id, changes: c.req.valid('json'), ...act(c) });
      if (!video) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(video, 200);
    })
    .openapi(deleteVideoRoute, async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteVideo(deps.db, deps.storage, { id, logger: deps.logger, ...act(c) });
      if (!deleted) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.body(null, 204);
    })
    .openapi(listStorageRoute, async (c) =>
      c.json({ files: await listVideoStorage(deps.db, deps.storage) }, 200),
    )
    .openapi(previewStorageFileRoute, async (c) => {
      const { name } = c.req.valid('param');
      // One path segment, as for deleting.
      if (name.includes('/') || !isSafeObjectName(name)) return fileNotFound(c) as never;
      const response = await sendStoredFile(c, {
        storage: deps.storage,
        bucket: 'videos',
        name,
        cacheControl: PREVIEW_CACHE_CONTROL,
      });
      // A raw file (or range) answer, which the route's declared JSON types do not describe.
      return response as never;
    })
    .openapi(deleteStorageFileRoute, async (c) => {
      const { name } = c.req.valid('param');
      // One path segment: a decoded `%2F` must not reach a file in a folder.
      if (name.includes('/') || !isSafeObjectName(name)) {
        return c.json({ error: { code: 'file_not_found' as const } }, 404);
      }
      const outcome = await deleteStorageFile(deps.db, deps.storage, { name, ...act(c) });
      if (!outcome.ok) {
        return c.json({ error: { code: outcome.error } }, outcome.error === 'file_in_use' ? 409 : 404);
      }
      return c.body(null, 204);
    })
    .openapi(backgroundRoute, async (c) => c.json(await getBackgroundVideos(deps.storage), 200))
    .openapi(replaceBackgroundVideoRoute, async (c) => {
      const { slot } = c.req.valid('param');
      const outcome = await replaceBackgroundVideo(deps.db, deps.storage, {
        slot,
        ...rawRequestBody(c),
        ...act(c),
      });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, uploadStatus(outcome.error));
      return c.json(outcome.background, 200);
    })
    .openapi(replaceBackgroundPosterRoute, async (c) => {
      const { slot } = c.req.valid('param');
      const outcome = await replaceBackgroundPoster(deps.db, deps.storage, {
        slot,
        ...rawRequestBody(c),
        ...act(c),
      });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, uploadStatus(outcome.error));
      return c.json(outcome.background, 200);
    });
}

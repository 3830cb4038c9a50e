import { z } from 'zod';
import { VIDEO_DESCRIPTION_MAX_LENGTH, VIDEO_TITLE_MAX_LENGTH } from '../domain/media';
import { isoDateTime } from './dates';

/** A published video as the public videos page (spec §2 /videos) shows it. */
export const ZPublicVideo = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  /** Same-origin address of the file, from `mediaUrl('videos', ...)`. */
  url: z.string(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  isFeatured: z.boolean(),
  createdAt: isoDateTime(),
});
export type TPublicVideo = z.infer<typeof ZPublicVideo>;

/** Featured videos first, then the newest first. */
export const ZPublicVideoList = z.object({ videos: z.array(ZPublicVideo) });
export type TPublicVideoList = z.infer<typeof ZPublicVideoList>;

// ---- video administration (`/api/admin/videos/*`, `/api/admin/storage/*`, `/api/admin/background-videos/*`) ----

/** A file just stored by an upload endpoint (the body of the request is the file itself). */
export const ZUploadedFile = z.object({
  /** The server-chosen object name in the bucket (`<timestamp>-<random>.<ext>`). */
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  url: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZAdminVideo = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  url: z.string(),
  thumbnailName: z.string().nullable(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  fileSize: z.number().int().nonnegative(),
  isFeatured: z.boolean(),
  isPublished: z.boolean(),
  createdAt: isoDateTime({ offset: true }),
});
export type TAdminVideo = z.infer<typeof ZAdminVideo>;

/** Every video, drafts included, newest first. */
export const ZAdminVideoList = z.object({ videos: z.array(ZAdminVideo) });
export type TAdminVideoList = z.infer<typeof ZAdminVideoList>;

/** Spec §7 admin_create_video: the row for a file uploaded before (and its poster frame, if any). */
export const ZCreateVideo = z.object({
  title: z.string().max(VIDEO_TITLE_MAX_LENGTH),
  description: z.string().max(VIDEO_DESCRIPTION_MAX_LENGTH).nullable(),
  fileName: z.string().min(1).max(200),
  thumbnailName: z.string().min(1).max(200).nullable(),
  durationSeconds: z.number().nonnegative().max(86_400).nullable(),
  isFeatured: z.boolean(),
  isPublished: z.boolean(),
});
export type TCreateVideo = z.infer<typeof ZCreateVideo>;

export const ZUpdateVideo = z
  .object({ isFeatured: z.boolean(), isPublished: z.boolean() })
  .partial()
  .refine((value) => value.isFeatured !== undefined || value.isPublished !== undefined, {
    message: 'change isFeatured or isPublished',
  });
export type TUpdateVideo = z.infer<typeof ZUpdateVideo>;

/** What a stored file is for: an uploaded video, its poster, a background video or poster, or nothing. */
export const STORAGE_FILE_ROLES = ['video', 'thumbnail', 'background', 'none'] as const;

export const ZStorageFile = z.object({
  name: z.string(),
  createdAt: isoDateTime({ offset: true }),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  url: z.string(),
  role: z.enum(STORAGE_FILE_ROLES),
  /** The title of the video that uses it (role video or thumbnail). */
  videoTitle: z.string().nullable(),
});
export type TStorageFile = z.infer<typeof ZStorageFile>;

/** The files of bucket `videos` (spec §2 Storage tab), by name (spec §9 default order). */
export const ZStorageFileList = z.object({ files: z.array(ZStorageFile) });
export type TStorageFileList = z.infer<typeof ZStorageFileList>;

export const BACKGROUND_SLOTS = ['mobile', 'desktop'] as const;
export const ZBackgroundSlot = z.enum(BACKGROUND_SLOTS);
export type TBackgroundSlot = z.infer<typeof ZBackgroundSlot>;

const ZStoredFileInfo = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: isoDateTime({ offset: true }),
});

/** The landing's and test home's background videos (`1.m4v` mobile, `2.m4v` desktop) and their posters. */
export const ZBackgroundVideos = z.object({
  mobile: z.object({ video: ZStoredFileInfo.nullable(), poster: ZStoredFileInfo.nullable() }),
  desktop: z.object({ video: ZStoredFileInfo.nullable(), poster: ZStoredFileInfo.nullable() }),
});
export type TBackgroundVideos = z.infer<typeof ZBackgroundVideos>;

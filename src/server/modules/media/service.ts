import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import {
  BACKGROUND_VIDEOS,
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  mediaUrl,
  SNIFF_BYTES,
  sniffImageFormat,
  sniffVideoFormat,
  VIDEO_FORMATS,
  VIDEO_MAX_BYTES,
} from '@shared/domain/media';
import type {
  TAdminVideo,
  TBackgroundSlot,
  TBackgroundVideos,
  TCreateVideo,
  TPublicVideo,
  TStorageFile,
  TUpdateVideo,
  TUploadedFile,
} from '@shared/schemas/media';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { videos } from '../../db/schema/media';
import type { Logger } from '../../lib/logger';
import {
  generateObjectName,
  isSafeObjectName,
  ObjectExistsError,
  ObjectTooLargeError,
  type Storage,
  type StoredObject,
} from '../../lib/storage/storage';
import { type AuditActor, recordAudit } from '../admin/audit';
import { DamagedVideoError, videoContainerCheck } from './video-container';

/** Published videos for the public page: featured first, then newest first. */
export async function listPublishedVideos(db: Database): Promise<TPublicVideo[]> {
  const rows = await db
    .select()
    .from(videos)
    .where(eq(videos.isPublished, true))
    .orderBy(desc(videos.isFeatured), desc(videos.createdAt), desc(videos.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    url: mediaUrl('videos', row.filePath),
    posterUrl: row.thumbnailPath ? mediaUrl('videos', row.thumbnailPath) : null,
    durationSeconds: row.durationSeconds,
    isFeatured: row.isFeatured,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Whether visitors may fetch `name` of bucket `videos`: a background file, or the file or poster of a
 * published video. Drafts, files left by a deleted video and uploads not yet made into a video are staff's.
 */
export async function isPublicVideoFile(db: Database, name: string): Promise<boolean> {
  if (BACKGROUND_FILES.has(name)) return true;
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.isPublished, true), or(eq(videos.filePath, name), eq(videos.thumbnailPath, name))))
    .limit(1);
  return row !== undefined;
}

/** Where staff see a file of bucket `videos` whether or not it is public (`GET /api/admin/storage/videos/{name}`). */
export function videoPreviewUrl(name: string): string {
  return `/api/admin/storage/videos/${encodeURIComponent(name)}`;
}

const DEFAULT_MEDIA_TYPES: Record<string, string> = { '.m4v': 'video/mp4', '.webp': 'image/webp' };

/** The landing page's background videos and posters, shipped in `assets/default-media/videos/`. */
export const DEFAULT_MEDIA_FILES = Object.values(BACKGROUND_VIDEOS).flatMap(({ video, poster }) => [
  video,
  poster,
]);

/**
 * Puts each default background file into the `videos` bucket unless a file of that name is there already,
 * so a replacement an admin uploaded is never overwritten. Files missing from `sourceDir` are reported
 * rather than thrown: the app still works without its background video.
 */
export async function seedDefaultMedia(
  storage: Storage,
  sourceDir: string,
): Promise<{ seeded: string[]; missing: string[] }> {
  const seeded: string[] = [];
  const missing: string[] = [];
  for (const name of DEFAULT_MEDIA_FILES) {
    if (await storage.stat('videos', name)) continue;
    const source = path.join(sourceDir, 'videos', name);
    const stats = await fs.stat(source).catch(() => undefined);
    if (!stats?.isFile()) {
      missing.push(name);
      continue;
    }
    try {
      await storage.put('videos', name, createReadStream(source), {
        maxBytes: stats.size,
        contentType: DEFAULT_MEDIA_TYPES[path.extname(name)] ?? 'application/octet-stream',
      });
      seeded.push(name);
    } catch (error) {
      // Another app process seeded it at the same moment.
      if (!(error instanceof ObjectExistsError)) throw error;
    }
  }
  return { seeded, missing };
}

// ---- video administration ----

/** Who changes something, from where and when: what goes into the audit log. */
export type MediaChange = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

export type UploadKind = 'video' | 'image';
export type UploadError =
  | 'invalid_video_type'
  | 'video_damaged'
  | 'video_too_large'
  | 'invalid_image_type'
  | 'image_too_large';
export type UploadOutcome = { ok: true; file: TUploadedFile } | { ok: false; error: UploadError };

type SniffedFormat = {
  contentType: string;
  extension: string;
  /** A pass-through stream that checks the whole file and fails before its end when it is not valid. */
  verify?: () => Transform;
};

/** What each kind of upload accepts, and the error codes for what it refuses. */
const UPLOAD_RULES: Record<
  UploadKind,
  {
    maxBytes: number;
    sniff: (bytes: Uint8Array) => SniffedFormat | null;
    invalid: UploadError;
    tooLarge: UploadError;
  }
> = {
  video: {
    maxBytes: VIDEO_MAX_BYTES,
    sniff: (bytes) => {
      const format = sniffVideoFormat(bytes);
      return format && { ...VIDEO_FORMATS[format], verify: () => videoContainerCheck(format) };
    },
    invalid: 'invalid_video_type',
    tooLarge: 'video_too_large',
  },
  image: {
    maxBytes: IMAGE_MAX_BYTES,
    sniff: (bytes) => {
      const format = sniffImageFormat(bytes);
      return format && IMAGE_FORMATS[format];
    },
    invalid: 'invalid_image_type',
    tooLarge: 'image_too_large',
  },
};

class UnacceptedContentError extends Error {
  override name = 'UnacceptedContentError';
}

/**
 * Passes `body` through, but holds back its first SNIFF_BYTES until `sniff` has decided on them: `format`
 * settles with the result (null: refused, and the stream errors so nothing downstream stores a byte), or
 * rejects when the body fails before that. Nothing beyond the first chunk(s) is ever held.
 */
export function sniffContent(body: Readable, sniff: (bytes: Uint8Array) => SniffedFormat | null) {
  let settle: (format: SniffedFormat | null) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const format = new Promise<SniffedFormat | null>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  let held: Buffer[] = [];
  let heldBytes = 0;
  let decided = false;
  /** Sniffs the held bytes; pushes them on when accepted. */
  const decide = (stream: Transform): boolean => {
    decided = true;
    const head = Buffer.concat(held);
    held = [];
    const found = sniff(head.subarray(0, SNIFF_BYTES));
    settle(found);
    if (found) stream.push(head);
    return found !== null;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (decided) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < SNIFF_BYTES) return callback();
      callback(decide(this) ? null : new UnacceptedContentError('content is not an accepted format'));
    },
    flush(callback) {
      if (!decided && !decide(this))
        return callback(new UnacceptedContentError('content is not an accepted format'));
      callback();
    },
  });
  // Errors before the decision reject `format`; later ones reach whoever reads the stream (storage.put).
  stream.on('error', (error) => {
    if (!decided) fail(error);
  });
  // Either side failing destroys the other, so a refused upload stops reading the request at once.
  pipeline(body, stream, () => undefined);
  return { stream, format };
}

/**
 * Stores an upload in bucket `videos` under a generated `<timestamp>-<random>.<ext>` (the sniffed format's
 * extension), or in place of `replace`, checking its first bytes before a single byte is written and its
 * size while it streams.
 * The content type is the sniffed format's, never what the client claimed. A refused upload stores nothing.
 */
async function storeSniffed(
  storage: Storage,
  input: {
    body: Readable;
    kind: UploadKind;
    declaredLength?: number;
    now: Date;
    /** A fixed name to replace (background files); default: a new generated name. */
    replace?: string;
  },
): Promise<UploadOutcome> {
  const rule = UPLOAD_RULES[input.kind];
  if (input.declaredLength !== undefined && input.declaredLength > rule.maxBytes) {
    input.body.destroy();
    return { ok: false, error: rule.tooLarge };
  }
  const { stream, format } = sniffContent(input.body, rule.sniff);
  const found = await format;
  if (!found) return { ok: false, error: rule.invalid };
  const name = input.replace ?? generateObjectName(found.extension, input.now);
  // The whole file is checked on its way into storage, which keeps nothing of it when the check fails.
  const checked = found.verify ? pipeline(stream, found.verify(), () => undefined) : stream;
  try {
    const object = await storage.put('videos', name, checked, {
      maxBytes: rule.maxBytes,
      contentType: found.contentType,
      upsert: input.replace !== undefined,
    });
    return {
      ok: true,
      file: { name, size: object.size, contentType: object.contentType, url: videoPreviewUrl(name) },
    };
  } catch (error) {
    if (error instanceof ObjectTooLargeError) return { ok: false, error: rule.tooLarge };
    if (error instanceof DamagedVideoError) return { ok: false, error: 'video_damaged' };
    throw error;
  } finally {
    stream.destroy();
    checked.destroy();
  }
}

/** An uploaded video (`kind: 'video'`) or poster frame (`'image'`), stored under a new name in `videos`. */
export function storeUpload(
  storage: Storage,
  input: { body: Readable; kind: UploadKind; declaredLength?: number; now: Date },
): Promise<UploadOutcome> {
  return storeSniffed(storage, input);
}

/** One lock for every change that decides whether a stored file is in use, so two cannot both decide. */
const FILE_USE_LOCK = 727_008;
const lockFileUse = (tx: Transaction) =>
  tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FILE_USE_LOCK))})`);

const BACKGROUND_FILES: ReadonlySet<string> = new Set(DEFAULT_MEDIA_FILES);

type VideoRow = typeof videos.$inferSelect;

function toAdminVideo(row: VideoRow): TAdminVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fileName: row.filePath,
    url: videoPreviewUrl(row.filePath),
    thumbnailName: row.thumbnailPath,
    posterUrl: row.thumbnailPath ? videoPreviewUrl(row.thumbnailPath) : null,
    durationSeconds: row.durationSeconds,
    fileSize: row.fileSize,
    isFeatured: row.isFeatured,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every video, drafts included, newest first. */
export async function listAdminVideos(db: Database): Promise<TAdminVideo[]> {
  const rows = await db.select().from(videos).orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map(toAdminVideo);
}

/** The video row that uses `name` as its file or poster, if any. */
async function videoUsingFile(tx: DbExecutor, name: string) {
  const [row] = await tx
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(or(eq(videos.filePath, name), eq(videos.thumbnailPath, name)))
    .limit(1);
  return row;
}

type FileCheck = { ok: true; size: number } | { ok: false; error: 'file_not_found' | 'file_in_use' };

/** A stored file a new video may use: present, of `kind` by its stored type, and used by nothing else. */
async function checkFreeFile(
  tx: DbExecutor,
  storage: Storage,
  name: string,
  kind: UploadKind,
): Promise<FileCheck> {
  const object = isSafeObjectName(name) ? await storage.stat('videos', name) : undefined;
  if (!object?.contentType.startsWith(`${kind}/`)) return { ok: false, error: 'file_not_found' };
  if (BACKGROUND_FILES.has(name) || (await videoUsingFile(tx, name)))
    return { ok: false, error: 'file_in_use' };
  return { ok: true, size: object.size };
}

export type CreateVideoOutcome =
  | { ok: true; video: TAdminVideo }
  | { ok: false; error: 'title_required' | 'file_not_found' | 'file_in_use' };

/**
 * Spec §7 admin_create_video: the row for a video file uploaded before (and its poster frame). The files
 * are checked and the row written under the file-use lock, so a file cannot be deleted or given to another
 * video in between.
 */
export async function createVideo(
  db: Database,
  storage: Storage,
  input: MediaChange & { input: TCreateVideo },
): Promise<CreateVideoOutcome> {
  const title = input.input.title.trim();
  if (!title) return { ok: false, error: 'title_required' };
  const description = input.input.description?.trim() || null;
  const { fileName, thumbnailName } = input.input;
  if (thumbnailName === fileName) return { ok: false, error: 'file_in_use' };
  return db.transaction(async (tx): Promise<CreateVideoOutcome> => {
    await lockFileUse(tx);
    const file = await checkFreeFile(tx, storage, fileName, 'video');
    if (!file.ok) return file;
    if (thumbnailName !== null) {
      const thumbnail = await checkFreeFile(tx, storage, thumbnailName, 'image');
      if (!thumbnail.ok) return thumbnail;
    }
    const [row] = await tx
      .insert(videos)
      .values({
        title,
        description,
        filePath: fileName,
        thumbnailPath: thumbnailName,
        durationSeconds: input.input.durationSeconds,
        fileSize: file.size,
        isFeatured: input.input.isFeatured,
        isPublished: input.input.isPublished,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('insert into videos returned no row');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'video.create',
      target: `video:${row.id}`,
      details: {
        title,
        fileName,
        thumbnailName,
        isFeatured: row.isFeatured,
        isPublished: row.isPublished,
      },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true, video: toAdminVideo(row) };
  });
}

/** Publishes or unpublishes, features or unfeatures a video; null when there is no such video. */
export async function updateVideo(
  db: Database,
  input: MediaChange & { id: string; changes: TUpdateVideo },
): Promise<TAdminVideo | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(videos).where(eq(videos.id, input.id)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(videos)
      .set({
        isFeatured: input.changes.isFeatured ?? before.isFeatured,
        isPublished: input.changes.isPublished ?? before.isPublished,
      })
      .where(eq(videos.id, input.id))
      .returning();
    if (!after) return null;
    const changes: Record<string, { from: boolean; to: boolean }> = {};
    if (before.isFeatured !== after.isFeatured)
      changes.isFeatured = { from: before.isFeatured, to: after.isFeatured };
    if (before.isPublished !== after.isPublished) {
      changes.isPublished = { from: before.isPublished, to: after.isPublished };
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'video.update',
      target: `video:${after.id}`,
      details: { title: after.title, changes },
      ip: input.ip,
      at: input.now,
    });
    return toAdminVideo(after);
  });
}

/**
 * Deletes a video: the row (and its audit record) first, then its files. A file that cannot be deleted is
 * logged and stays as an unreferenced file in the Storage tab, where it can be deleted later; the other
 * order could leave a row pointing at a missing file. False when there is no such video.
 */
export async function deleteVideo(
  db: Database,
  storage: Storage,
  input: MediaChange & { id: string; logger: Logger },
): Promise<boolean> {
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(videos).where(eq(videos.id, input.id)).returning();
    if (!deleted) return undefined;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'video.delete',
      target: `video:${deleted.id}`,
      details: { title: deleted.title, fileName: deleted.filePath, thumbnailName: deleted.thumbnailPath },
      ip: input.ip,
      at: input.now,
    });
    return deleted;
  });
  if (!row) return false;
  // Under the file-use lock, so a file another video took in the meantime is left alone.
  await db.transaction(async (tx) => {
    await lockFileUse(tx);
    for (const name of [row.filePath, row.thumbnailPath]) {
      if (name === null || BACKGROUND_FILES.has(name) || (await videoUsingFile(tx, name))) continue;
      try {
        await storage.delete('videos', name);
      } catch (error) {
        input.logger.warn(
          { err: error, name },
          'video deleted, but its file could not be; it stays in storage',
        );
      }
    }
  });
  return true;
}

const STORAGE_PAGE = 100;
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Every file of bucket `videos`, page by page. */
async function listAllVideoFiles(storage: Storage): Promise<StoredObject[]> {
  const files: StoredObject[] = [];
  for (let offset = 0; ; offset += STORAGE_PAGE) {
    const page = await storage.list('videos', { limit: STORAGE_PAGE, offset });
    files.push(...page);
    if (page.length < STORAGE_PAGE) return files;
  }
}

/** Spec §2 Storage tab: every file of bucket `videos` by name, with what uses it. */
export async function listVideoStorage(db: Database, storage: Storage): Promise<TStorageFile[]> {
  const [files, rows] = await Promise.all([
    listAllVideoFiles(storage),
    db
      .select({ title: videos.title, filePath: videos.filePath, thumbnailPath: videos.thumbnailPath })
      .from(videos),
  ]);
  const uses = new Map<string, { role: 'video' | 'thumbnail'; title: string }>();
  for (const row of rows) {
    if (row.thumbnailPath) uses.set(row.thumbnailPath, { role: 'thumbnail', title: row.title });
    uses.set(row.filePath, { role: 'video', title: row.title });
  }
  return files.sort(byName).map((file) => {
    const use = BACKGROUND_FILES.has(file.name) ? undefined : uses.get(file.name);
    return {
      name: file.name,
      createdAt: file.createdAt.toISOString(),
      size: file.size,
      contentType: file.contentType,
      url: videoPreviewUrl(file.name),
      role: BACKGROUND_FILES.has(file.name) ? 'background' : (use?.role ?? 'none'),
      videoTitle: use?.title ?? null,
    };
  });
}

export type DeleteStorageFileOutcome = { ok: true } | { ok: false; error: 'file_not_found' | 'file_in_use' };

/**
 * Deletes a file of bucket `videos` that nothing uses: not a video's file or poster, not a background file.
 * Checked and deleted under the file-use lock, so a video created at the same moment cannot take it.
 */
export async function deleteStorageFile(
  db: Database,
  storage: Storage,
  input: MediaChange & { name: string },
): Promise<DeleteStorageFileOutcome> {
  if (!isSafeObjectName(input.name)) return { ok: false, error: 'file_not_found' };
  return db.transaction(async (tx): Promise<DeleteStorageFileOutcome> => {
    await lockFileUse(tx);
    const object = await storage.stat('videos', input.name);
    if (!object) return { ok: false, error: 'file_not_found' };
    if (BACKGROUND_FILES.has(input.name) || (await videoUsingFile(tx, input.name))) {
      return { ok: false, error: 'file_in_use' };
    }
    if (!(await storage.delete('videos', input.name))) return { ok: false, error: 'file_not_found' };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'storage.delete',
      target: `videos/${input.name}`,
      details: { size: object.size, contentType: object.contentType },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true };
  });
}

function storedFileInfo(object: StoredObject | undefined) {
  if (!object) return null;
  return {
    name: object.name,
    // The address changes with each replacement, so a preview does not show the hour-cached old file.
    url: `${mediaUrl('videos', object.name)}?v=${object.createdAt.getTime()}`,
    size: object.size,
    createdAt: object.createdAt.toISOString(),
  };
}

/** The background videos (`1.m4v` mobile, `2.m4v` desktop) and their posters as stored now. */
export async function getBackgroundVideos(storage: Storage): Promise<TBackgroundVideos> {
  const slotFiles = async (slot: TBackgroundSlot) => {
    const names = BACKGROUND_VIDEOS[slot];
    const [video, poster] = await Promise.all([
      storage.stat('videos', names.video),
      storage.stat('videos', names.poster),
    ]);
    return { video: storedFileInfo(video), poster: storedFileInfo(poster) };
  };
  const [mobile, desktop] = await Promise.all([slotFiles('mobile'), slotFiles('desktop')]);
  return { mobile, desktop };
}

export type ReplaceBackgroundOutcome =
  | { ok: true; background: TBackgroundVideos }
  | { ok: false; error: UploadError };

/**
 * Replaces a background file with an upload, checked like any other (first bytes, size). The content is
 * sniffed before `put` starts, and `put` with upsert swaps the whole object in only once all of it arrived
 * (the Storage contract: all or nothing), so a refused or broken upload leaves the current file as it was,
 * without a second copy of the bytes through a temporary name.
 */
async function replaceBackgroundFile(
  db: Database,
  storage: Storage,
  input: MediaChange & { slot: TBackgroundSlot; body: Readable; declaredLength?: number; kind: UploadKind },
): Promise<ReplaceBackgroundOutcome> {
  const names = BACKGROUND_VIDEOS[input.slot];
  const name = input.kind === 'video' ? names.video : names.poster;
  const outcome = await storeSniffed(storage, {
    body: input.body,
    kind: input.kind,
    declaredLength: input.declaredLength,
    now: input.now,
    replace: name,
  });
  if (!outcome.ok) return outcome;
  await recordAudit(db, {
    actor: input.actor,
    action: input.kind === 'video' ? 'background.video.replace' : 'background.poster.replace',
    target: `videos/${name}`,
    details: { slot: input.slot, size: outcome.file.size, contentType: outcome.file.contentType },
    ip: input.ip,
    at: input.now,
  });
  return { ok: true, background: await getBackgroundVideos(storage) };
}

/** Spec §9: a new background video for the mobile (`1.m4v`) or desktop (`2.m4v`) slot. */
export function replaceBackgroundVideo(
  db: Database,
  storage: Storage,
  input: MediaChange & { slot: TBackgroundSlot; body: Readable; declaredLength?: number },
): Promise<ReplaceBackgroundOutcome> {
  return replaceBackgroundFile(db, storage, { ...input, kind: 'video' });
}

/** A new poster frame for a background slot (shown until the video plays). */
export function replaceBackgroundPoster(
  db: Database,
  storage: Storage,
  input: MediaChange & { slot: TBackgroundSlot; body: Readable; declaredLength?: number },
): Promise<ReplaceBackgroundOutcome> {
  return replaceBackgroundFile(db, storage, { ...input, kind: 'image' });
}

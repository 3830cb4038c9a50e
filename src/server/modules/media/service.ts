import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKGROUND_VIDEOS, mediaUrl } from '@shared/domain/media';
import type { TPublicVideo } from '@shared/schemas/media';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/media';
import { ObjectExistsError, type Storage } from '../../lib/storage/storage';

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

import { bigint, boolean, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Uploaded videos (spec §3 videos); the files themselves live in the storage bucket `videos`. */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    filePath: text('file_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    durationSeconds: real('duration_seconds'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('videos_published_idx').on(table.isPublished, table.isFeatured, table.createdAt)],
);

import { LOCALES, type TLocale } from '@shared/domain/locale';
import { NEWSLETTER_KINDS } from '@shared/domain/newsletters';
import type { TBilingualContent } from '@shared/schemas/newsletters';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Saved newsletter and GDPR e-mail drafts (spec §3 newsletters). One row holds both languages in `content`
 * (decision 019); `kind` is the spec's is_gdpr_email. The latest saved `gdpr` draft is the confirmation
 * e-mail the waiting list sends. `is_draft` stays true until campaigns exist.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: NEWSLETTER_KINDS }).notNull(),
    name: text('name').notNull().default(''),
    content: jsonb('content').$type<TBilingualContent>().notNull(),
    isDraft: boolean('is_draft').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: text('updated_by'),
    /** The version on screen: 1 when made, one more with every save that changes it (decision 047). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('newsletters_kind_ck', sql`${table.kind} in ('newsletter', 'gdpr')`),
    index('newsletters_kind_updated_idx').on(table.kind, table.updatedAt.desc()),
  ],
);

/**
 * The GIF each e-mail shows in each language (decision 048): at most one per kind and language, its file in
 * bucket `gifs` under the kind's folder, with the natural size read from the file when it was uploaded. No row:
 * that e-mail has no GIF in that language.
 */
export const newsletterGifs = pgTable(
  'newsletter_gifs',
  {
    kind: text('kind', { enum: NEWSLETTER_KINDS }).notNull(),
    language: text('language').$type<TLocale>().notNull(),
    objectName: text('object_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedBy: text('uploaded_by'),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.language] }),
    check('newsletter_gifs_kind_ck', sql`${table.kind} in ('newsletter', 'gdpr')`),
    check(
      'newsletter_gifs_language_ck',
      sql`${table.language} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`,
    ),
    check('newsletter_gifs_size_ck', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

/**
 * The earlier versions of a draft (decision 047): before a save changes a draft, the version it replaces is
 * copied here, so no save, rename, restore or send loses a version. The current version is the
 * `newsletters` row itself.
 */
export const newsletterVersions = pgTable(
  'newsletter_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<TBilingualContent>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
    savedBy: text('saved_by'),
  },
  (table) => [unique('newsletter_versions_draft_version_uq').on(table.newsletterId, table.version)],
);

import { NEWSLETTER_KINDS } from '@shared/domain/newsletters';
import type { TBilingualContent } from '@shared/schemas/newsletters';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (table) => [
    check('newsletters_kind_ck', sql`${table.kind} in ('newsletter', 'gdpr')`),
    index('newsletters_kind_updated_idx').on(table.kind, table.updatedAt.desc()),
  ],
);

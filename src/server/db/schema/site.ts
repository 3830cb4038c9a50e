import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Editable page texts and SEO values (spec §3 cms_texts), one row per page, key and locale. Public pages
 * show `live_value`, falling back to `draft_value`, then to the built-in translation.
 */
export const cmsTexts = pgTable(
  'cms_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page: text('page').notNull(),
    textKey: text('text_key').notNull(),
    locale: text('locale').notNull(),
    draftValue: text('draft_value'),
    liveValue: text('live_value'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('cms_texts_page_key_locale_uq').on(table.page, table.textKey, table.locale),
    check('cms_texts_locale_ck', sql`${table.locale} in ('en', 'de')`),
  ],
);

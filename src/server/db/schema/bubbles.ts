import { CATEGORIES, IMPORTANCE_MAX, IMPORTANCE_MIN } from '@shared/domain/bubbles';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const categoryList = sql.raw(CATEGORIES.map((category) => `'${category}'`).join(', '));
const importanceRange = sql.raw(`${IMPORTANCE_MIN} and ${IMPORTANCE_MAX}`);

/**
 * A signed-in person's own bubbles, the answers of the category questionnaire (issue 5, beyond the spec,
 * which keeps them only in the browser). The id and `created_at` come from the browser, so the same answer
 * saved from two tabs or merged again at sign-in stays one row.
 */
export const bubbles = pgTable(
  'bubbles',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** The who ids as a JSON array, sealed as one value (private text, decision 045; issue 35). */
    whoTrusted: text('who_trusted').notNull(),
    /** Sealed. */
    name: text('name').notNull(),
    /** A WhenOption id, sealed; `when` itself is an SQL keyword. */
    when: text('when_label').notNull(),
    importance: integer('importance').notNull(),
    /** When the answer was given, by the browser's clock (never more than a minute ahead of the server's). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('bubbles_user_created_idx').on(table.userId, table.createdAt, table.id),
    check('bubbles_category_ck', sql`${table.category} in (${categoryList})`),
    check('bubbles_importance_ck', sql`${table.importance} between ${importanceRange}`),
  ],
);

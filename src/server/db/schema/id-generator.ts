import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * IDs handed out by the admin ID generator (issue 16): issued by the server in a transaction, each formatted
 * ID at most once (the unique index), whichever staff member or browser asks.
 */
export const issuedIds = pgTable(
  'issued_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formatted: text('formatted').notNull().unique(),
    value: bigint('value', { mode: 'number' }).notNull(),
    issuedBy: text('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('issued_ids_issued_at_idx').on(table.issuedAt)],
);

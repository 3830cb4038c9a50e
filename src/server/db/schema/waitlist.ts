import type { WaitlistStatus } from '@shared/domain/waitlist';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The newsletter waiting list (spec §3 waiting_list), kept as a mailing list with proof of consent: when,
 * which consent text (version) in which language, a hash of the IP and the user agent.
 */
export const waitingList = pgTable(
  'waiting_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    language: text('language').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('unconfirmed'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    consentIpHash: text('consent_ip_hash'),
    consentUserAgent: text('consent_user_agent'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** The staff member who imported the address (issue 16); null when the person joined by the form. */
    importedBy: text('imported_by'),
  },
  (table) => [
    index('waiting_list_created_at_idx').on(table.createdAt),
    // The list's filters by status and language, newest first (decision 044).
    index('waiting_list_status_created_idx').on(table.status, table.createdAt),
    index('waiting_list_language_created_idx').on(table.language, table.createdAt),
    check('waiting_list_email_lower_ck', sql`${table.email} = lower(${table.email})`),
    check('waiting_list_language_ck', sql`${table.language} in ('en', 'de')`),
    check('waiting_list_status_ck', sql`${table.status} in ('unconfirmed', 'confirmed', 'unsubscribed')`),
  ],
);

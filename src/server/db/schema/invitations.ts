import type { InvitationStatus } from '@shared/domain/invitations';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { mailOutbox } from './mail';

/**
 * Invitations to create an account (decision 021), one row per address: inviting again (a resend) renews
 * the row with a new `nonce`, which every link carries, so only the latest link works. `send_after` is the
 * slot the pacer gave the e-mail; the sender hands it to the outbox then (`outbox_id`, `mail_queued_at`).
 * An address on the waiting list is matched by e-mail, so the list reads each entry's state with one join.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    language: text('language').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    nonce: text('nonce').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }).notNull(),
    invitedBy: text('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true, mode: 'date' }).notNull(),
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true, mode: 'date' }),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('invitations_unsent_idx')
      .on(table.sendAfter)
      .where(sql`${table.mailQueuedAt} is null and ${table.status} = 'pending'`),
    check('invitations_email_lower_ck', sql`${table.email} = lower(${table.email})`),
    check('invitations_language_ck', sql`${table.language} in ('en', 'de')`),
    check('invitations_status_ck', sql`${table.status} in ('pending', 'accepted', 'revoked')`),
  ],
);

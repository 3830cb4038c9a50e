import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The one row of e-mail settings (spec §3): a BCC added to every message, and whether sending is on. */
export const emailSettings = pgTable(
  'email_settings',
  {
    id: integer('id').primaryKey().default(1),
    globalBcc: text('global_bcc'),
    autoSend: boolean('auto_send').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('email_settings_singleton_ck', sql`${table.id} = 1`)],
);

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Messages waiting to be sent, written in the same transaction as the change that causes them. A worker
 * claims due rows with FOR UPDATE SKIP LOCKED; `message_key` makes enqueueing the same message twice a no-op.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageKey: text('message_key').notNull().unique(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    check('mail_outbox_status_ck', sql`${table.status} in ('pending', 'sending', 'sent', 'dead')`),
  ],
);

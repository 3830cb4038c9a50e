import { SUPPRESSION_REASON_VALUES, SUPPRESSION_SOURCE_VALUES } from '@shared/schemas/suppression';
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

/**
 * `held`: list mail waiting for auto-send to be switched on again (decision 041); `suppressed`: not sent
 * because the address bounced or complained (decision 043).
 */
export const OUTBOX_STATUSES = ['pending', 'held', 'sending', 'sent', 'dead', 'suppressed'] as const;
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
    /** Mail to the list (confirmations, invitations): held while auto-send is off, never to a suppressed address. */
    listMail: boolean('list_mail').notNull().default(false),
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
    check(
      'mail_outbox_status_ck',
      sql`${table.status} in ('pending', 'held', 'sending', 'sent', 'dead', 'suppressed')`,
    ),
  ],
);

export const SUPPRESSION_REASONS = SUPPRESSION_REASON_VALUES;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_SOURCES = SUPPRESSION_SOURCE_VALUES;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

/**
 * Addresses no list mail goes to (decision 043): a permanent SMTP failure or the provider's bounce or
 * complaint puts them here; staff may lift an entry. `email` is stored lower-cased.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').primaryKey(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    source: text('source').$type<SuppressionSource>().notNull(),
    /** The server's reply or the provider's event type, for staff. */
    detail: text('detail'),
    campaignId: uuid('campaign_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('mail_suppressions_reason_ck', sql`${table.reason} in ('bounce', 'complaint')`),
    check('mail_suppressions_source_ck', sql`${table.source} in ('smtp', 'webhook')`),
    index('mail_suppressions_created_idx').on(table.createdAt.desc()),
  ],
);

/** Provider webhook deliveries already handled, by their `svix-id` (idempotency, decision 043). */
export const mailWebhookEvents = pgTable('mail_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});

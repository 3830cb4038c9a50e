import {
  CAMPAIGN_MESSAGE_STATUSES,
  CAMPAIGN_STATUSES,
  type CampaignMessageStatus,
  type CampaignStatus,
} from '@shared/domain/campaigns';
import type { TLocale } from '@shared/domain/locale';
import type { EmailGifs } from '@shared/domain/newsletters';
import type { TBilingualContent } from '@shared/schemas/newsletters';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newsletters } from './newsletters';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A newsletter sent to a selection of the waiting list (decision 020). `content` and `gifs` are the texts and
 * each language's GIF (address and natural size, decision 048) as sent, so later edits of the draft do not change
 * a campaign under way. One process at a time drives a campaign: it holds `lease_owner` until `lease_until` and
 * renews it while sending.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    newsletterId: uuid('newsletter_id').references(() => newsletters.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    content: jsonb('content').$type<TBilingualContent>().notNull(),
    gifs: jsonb('gifs').$type<EmailGifs>().notNull().default({ en: null, de: null }),
    status: text('status').$type<CampaignStatus>().notNull().default('sending'),
    ratePerSecond: integer('rate_per_second').notNull(),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    recipientsEn: integer('recipients_en').notNull(),
    recipientsDe: integer('recipients_de').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('campaigns_status_ck', sql`${table.status} in (${inList(CAMPAIGN_STATUSES)})`),
    check('campaigns_rate_ck', sql`${table.ratePerSecond} > 0`),
    index('campaigns_created_idx').on(table.createdAt.desc()),
  ],
);

/**
 * The campaign's outbox: one row per recipient (unique per campaign and address), plus one archive copy per
 * language for each global-BCC address (`entry_id` null). Rendered when sent, from the campaign's content.
 * `attempts` doubles as the claim's fencing token: a sender may only settle the claim it made.
 */
export const campaignMessages = pgTable(
  'campaign_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The waiting-list entry (its unsubscribe link); null for an archive copy. Not a foreign key: deleting
     * an entry must not rewrite the campaign's history. */
    entryId: uuid('entry_id'),
    email: text('email').notNull(),
    language: text('language').$type<TLocale>().notNull(),
    status: text('status').$type<CampaignMessageStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When the person unsubscribed through this message's link (the link names the campaign, signed). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('campaign_messages_recipient_uq').on(table.campaignId, table.email, table.language),
    index('campaign_messages_due_idx').on(table.campaignId, table.status, table.nextAttemptAt),
    check('campaign_messages_status_ck', sql`${table.status} in (${inList(CAMPAIGN_MESSAGE_STATUSES)})`),
    check('campaign_messages_language_ck', sql`${table.language} in ('en', 'de')`),
  ],
);

/**
 * The e-mail a campaign sent, per language, rendered when it began (its unsubscribe link the sample one):
 * what "View e-mail" shows. Kept apart from `campaigns`, which the history and the live stream read often.
 */
export const campaignEmails = pgTable(
  'campaign_emails',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    language: text('language').$type<TLocale>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.language] }),
    check('campaign_emails_language_ck', sql`${table.language} in ('en', 'de')`),
  ],
);

import { z } from 'zod';
import {
  CAMPAIGN_EXCLUSION_REASONS,
  CAMPAIGN_MAX_RATE_PER_SECOND,
  CAMPAIGN_MAX_RECIPIENTS,
  CAMPAIGN_MESSAGE_STATUSES,
  CAMPAIGN_MIN_RATE_PER_SECOND,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEST_MAX_ADDRESSES,
} from '../domain/campaigns';
import { LOCALES } from '../domain/locale';
import { NEWSLETTER_NAME_MAX_LENGTH } from '../domain/newsletters';
import { isoDateTime } from './dates';
import { ZBilingualContent } from './newsletters';

/** The admin campaign API (`/api/admin/campaigns/*`). */

/** The newsletter-list selection. An empty list is answered `no_recipients` ("No emails selected"). */
export const ZCampaignSelection = z.object({
  entryIds: z.array(z.uuid()).max(CAMPAIGN_MAX_RECIPIENTS),
});
export type TCampaignSelection = z.infer<typeof ZCampaignSelection>;

const count = z.number().int().nonnegative();

/** Who of the selection would get the newsletter, per language, and who is left out and why. */
export const ZCampaignPlan = z.object({
  selected: count,
  recipients: count,
  byLanguage: z.object({ en: count, de: count }),
  leftOut: z.object(
    Object.fromEntries(CAMPAIGN_EXCLUSION_REASONS.map((reason) => [reason, count])) as Record<
      (typeof CAMPAIGN_EXCLUSION_REASONS)[number],
      typeof count
    >,
  ),
});
export type TCampaignPlan = z.infer<typeof ZCampaignPlan>;

/**
 * Send a newsletter. The composer's texts are saved first, in the same transaction: as the next version of
 * the draft `draftId` when given and changed (its earlier versions stay), else as a new draft. Errors:
 * `no_recipients`, `no_eligible_recipients` (everyone selected is left out), `sending_paused` (auto-send is
 * off), `subject_required` (a language with recipients has no subject line), `invalid_cta_link`,
 * `not_found` (no such draft), `draft_version_conflict`.
 */
export const ZStartCampaign = ZCampaignSelection.extend({
  draftId: z.uuid().nullable(),
  /**
   * The version of `draftId` the texts were edited from. Texts that differ from the draft are saved as its
   * next version first (decision 047); when someone saved it since, `draft_version_conflict` (409).
   */
  baseVersion: z.number().int().positive().optional(),
  name: z.string().trim().max(NEWSLETTER_NAME_MAX_LENGTH),
  content: ZBilingualContent,
  ratePerSecond: z.number().int().min(CAMPAIGN_MIN_RATE_PER_SECOND).max(CAMPAIGN_MAX_RATE_PER_SECOND),
});
export type TStartCampaign = z.infer<typeof ZStartCampaign>;

/**
 * Per-status counts of a campaign's messages (`sent` is delivered to the receiving server, `bounced` refused
 * for good), and `unsubscribed`: people who left the list through this campaign's link. No opens or clicks
 * (decision 042).
 */
export const ZCampaignCounts = z.object({
  total: count,
  unsubscribed: count,
  ...(Object.fromEntries(CAMPAIGN_MESSAGE_STATUSES.map((status) => [status, count])) as Record<
    (typeof CAMPAIGN_MESSAGE_STATUSES)[number],
    typeof count
  >),
});

export const ZCampaign = z.object({
  id: z.uuid(),
  /** The draft it was sent from (null once that draft is deleted) and its name at sending time. */
  newsletterId: z.uuid().nullable(),
  name: z.string(),
  /** The English and German subject lines as sent. */
  subjects: z.object({ en: z.string(), de: z.string() }),
  status: z.enum(CAMPAIGN_STATUSES),
  /** `sending`, but held by the emergency stop (auto-send is off): shown as paused (decision 041). */
  stopped: z.boolean(),
  ratePerSecond: z.number().int().positive(),
  byLanguage: z.object({ en: count, de: count }),
  counts: ZCampaignCounts,
  /** Addresses that got one archive copy of each language version (the global BCC when the campaign began). */
  bcc: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime({ offset: true }),
  finishedAt: isoDateTime({ offset: true }).nullable(),
  /**
   * When the database read this copy (UTC, to the microsecond; sorts as text). The list and the live stream
   * can arrive in either order: of two copies of a campaign, the later one is current.
   */
  observedAt: isoDateTime({ precision: 6 }),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** The campaign history, newest first. */
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign) });
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZStartedCampaign = z.object({ campaign: ZCampaign, plan: ZCampaignPlan });
export type TStartedCampaign = z.infer<typeof ZStartedCampaign>;

/** One recipient of a campaign, for the per-recipient status list. */
export const ZCampaignRecipient = z.object({
  email: z.string(),
  language: z.enum(LOCALES),
  status: z.enum(CAMPAIGN_MESSAGE_STATUSES),
  attempts: count,
  lastError: z.string().nullable(),
  sentAt: isoDateTime({ offset: true }).nullable(),
});
export type TCampaignRecipient = z.infer<typeof ZCampaignRecipient>;

/** Recipients of a campaign, failed ones first, then by address; at most `limit` (the total says how many). */
export const ZCampaignRecipients = z.object({ recipients: z.array(ZCampaignRecipient), total: count });
export type TCampaignRecipients = z.infer<typeof ZCampaignRecipients>;

export const ZCampaignRecipientsQuery = z.object({
  status: z.enum(CAMPAIGN_MESSAGE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Duplicate a campaign into a new newsletter draft; without a name the draft takes the campaign's. */
export const ZDuplicateCampaign = z.object({
  name: z.string().trim().max(NEWSLETTER_NAME_MAX_LENGTH).optional(),
});
export type TDuplicateCampaign = z.infer<typeof ZDuplicateCampaign>;

/** One language version of a campaign's e-mail as it was sent, with a sample unsubscribe link. */
export const ZCampaignEmailVersion = z.object({
  language: z.enum(LOCALES),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TCampaignEmailVersion = z.infer<typeof ZCampaignEmailVersion>;

/**
 * The e-mail a campaign sent, per language that had recipients. `kept`: the copy rendered when the campaign
 * began (false only for campaigns from before copies were kept: then rendered now from the texts and GIF
 * the campaign saved).
 */
export const ZCampaignEmail = z.object({
  campaignId: z.uuid(),
  kept: z.boolean(),
  versions: z.array(ZCampaignEmailVersion),
});
export type TCampaignEmail = z.infer<typeof ZCampaignEmail>;

/**
 * A test send of the composed newsletter: each language to each address, the subject marked as a test.
 * Errors: `invalid_email` (an address is not one), `invalid_cta_link`, `rate_limited`.
 */
export const ZCampaignTestSend = z.object({
  to: z.array(z.string().trim().max(320)).min(1).max(CAMPAIGN_TEST_MAX_ADDRESSES),
  languages: z.array(z.enum(LOCALES)).min(1).max(LOCALES.length),
  content: ZBilingualContent,
});
export type TCampaignTestSend = z.infer<typeof ZCampaignTestSend>;

/**
 * What happened to each test message: `sent` (the receiving server took it), `retrying` (refused for now,
 * the outbox tries again at `retryAt`), `failed` (given up), `suppressed` (the address bounced or complained
 * before, nothing was sent).
 */
export const ZCampaignTestResult = z.object({
  transport: z.enum(['smtp', 'file', 'provider']).nullable(),
  results: z.array(
    z.object({
      to: z.string(),
      language: z.enum(LOCALES),
      subject: z.string(),
      outcome: z.enum(['sent', 'retrying', 'failed', 'suppressed']),
      retryAt: isoDateTime({ offset: true }).optional(),
      error: z.string().nullable(),
    }),
  ),
});
export type TCampaignTestResult = z.infer<typeof ZCampaignTestResult>;

/** The live stream (`/api/admin/campaigns/events`) sends event CAMPAIGN_EVENT_NAME with a ZCampaign. */
export const CAMPAIGN_EVENT_NAME = 'campaign';

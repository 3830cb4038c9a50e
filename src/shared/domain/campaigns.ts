/**
 * Newsletter campaigns (spec §5 newsletter send, §7 send-newsletter): a saved newsletter sent to the people
 * staff selected in the newsletter list, each in their language, throttled, resumable and watched live.
 */

/** A campaign sends while `sending`, holds while `paused`; `completed` and `cancelled` are final. */
export const CAMPAIGN_STATUSES = ['sending', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * One message per recipient. `sending`: claimed by a sender; `failed`: given up after CAMPAIGN_MAX_ATTEMPTS;
 * `bounced`: refused for good by the server (5xx), the address is suppressed; `cancelled`: the campaign was
 * cancelled (or the person left the list, or the address was suppressed) before it went out.
 */
export const CAMPAIGN_MESSAGE_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'bounced',
  'cancelled',
] as const;
export type CampaignMessageStatus = (typeof CAMPAIGN_MESSAGE_STATUSES)[number];

/** Messages per second a new campaign sends at unless staff choose otherwise, and the range they may choose. */
export const CAMPAIGN_DEFAULT_RATE_PER_SECOND = 10;
export const CAMPAIGN_MIN_RATE_PER_SECOND = 1;
export const CAMPAIGN_MAX_RATE_PER_SECOND = 1000;
/** The most people one campaign can go to (the selection travels as a list of ids). */
export const CAMPAIGN_MAX_RECIPIENTS = 50_000;
/** A test send of the composed newsletter goes to at most this many addresses at once. */
export const CAMPAIGN_TEST_MAX_ADDRESSES = 5;
/** Test sends (each address and language counts one) a staff member may make per window. */
export const CAMPAIGN_TEST_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };
/** A message is tried this often before it counts as failed. */
export const CAMPAIGN_MAX_ATTEMPTS = 5;

/** Why a selected address is not mailed: only confirmed, subscribed people get newsletters. */
export const CAMPAIGN_EXCLUSION_REASONS = ['unconfirmed', 'unsubscribed', 'suppressed', 'missing'] as const;
export type CampaignExclusionReason = (typeof CAMPAIGN_EXCLUSION_REASONS)[number];

/** A campaign's per-status counts; `done` when nothing is left to send. */
export type CampaignCounts = Record<CampaignMessageStatus, number> & { total: number; unsubscribed: number };

/** Share of the campaign that is settled (sent, failed or cancelled), 0 to 1. */
export function campaignProgress(counts: CampaignCounts): number {
  if (counts.total === 0) return 1;
  return (counts.sent + counts.failed + counts.bounced + counts.cancelled) / counts.total;
}

/** True when staff can still pause (while sending), resume (while paused) or cancel (either) a campaign. */
export function campaignActions(status: CampaignStatus): {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
} {
  return {
    pause: status === 'sending',
    resume: status === 'paused',
    cancel: status === 'sending' || status === 'paused',
  };
}

import { type CampaignCounts, type CampaignStatus, campaignProgress } from '@shared/domain/campaigns';
import type { TCampaign, TCampaignList } from '@shared/schemas/campaigns';

/** The pure parts of the campaign history: keeping the cached list current and the progress in numbers. */

/** The later of two copies of one campaign (by when the database read them); `next` when they tie. */
export function laterCampaign(current: TCampaign, next: TCampaign): TCampaign {
  return current.observedAt > next.observedAt ? current : next;
}

/**
 * The list with `campaign` in place of its older self (a copy older than the one held changes nothing);
 * null when the list does not hold it yet (a campaign started elsewhere), so the caller loads the list again.
 */
export function replaceCampaign(list: TCampaignList, campaign: TCampaign): TCampaignList | null {
  const index = list.campaigns.findIndex((row) => row.id === campaign.id);
  if (index === -1) return null;
  const held = list.campaigns[index] as TCampaign;
  if (laterCampaign(held, campaign) === held) return list;
  const campaigns = [...list.campaigns];
  campaigns[index] = campaign;
  return { campaigns };
}

/** The list with a campaign just started on top (or replaced, when the stream brought it first). */
export function addCampaign(list: TCampaignList, campaign: TCampaign): TCampaignList {
  return replaceCampaign(list, campaign) ?? { campaigns: [campaign, ...list.campaigns] };
}

/**
 * A freshly loaded list, keeping the copies of the cached one that are later than it: a load that was
 * under way while a live event came in must not put the older progress back.
 */
export function mergeCampaignLists(cached: TCampaignList | undefined, loaded: TCampaignList): TCampaignList {
  if (!cached) return loaded;
  const held = new Map(cached.campaigns.map((row) => [row.id, row]));
  return {
    campaigns: loaded.campaigns.map((row) => {
      const mine = held.get(row.id);
      return mine ? laterCampaign(mine, row) : row;
    }),
  };
}

export type CampaignTally = {
  total: number;
  sent: number;
  failed: number;
  /** Refused for good by the receiving server; the address is suppressed since. */
  bounced: number;
  cancelled: number;
  /** People who left the list through this campaign's link. */
  unsubscribed: number;
  /** Not settled yet: waiting, or being sent right now. */
  pending: number;
  /** Share settled (sent, failed, bounced or cancelled), 0 to 1: the value of the progress bar. */
  progress: number;
  /** Shares of the bar in percent, for its segments (bounced ones count with the failed). */
  percent: { sent: number; failed: number; cancelled: number };
};

export function campaignTally(counts: CampaignCounts): CampaignTally {
  const share = (count: number) => (counts.total === 0 ? 0 : (count / counts.total) * 100);
  return {
    total: counts.total,
    sent: counts.sent,
    failed: counts.failed,
    bounced: counts.bounced,
    cancelled: counts.cancelled,
    unsubscribed: counts.unsubscribed,
    pending: counts.pending + counts.sending,
    progress: campaignProgress(counts),
    percent: {
      sent: share(counts.sent),
      failed: share(counts.failed + counts.bounced),
      cancelled: share(counts.cancelled),
    },
  };
}

export type CampaignBadge = {
  tone: 'accent' | 'info' | 'success' | 'neutral' | 'danger';
  key:
    | `admin.campaigns.status.${CampaignStatus}`
    | 'admin.campaigns.status.stopped'
    | 'admin.campaigns.status.completedWithFailures';
  params: { failed?: number; bounced?: number };
};

/**
 * What the status badge says. A campaign held by the emergency stop reads as paused (decision 041); one
 * that finished with failures or bounces says how many, never a plain green "Completed".
 */
export function campaignBadge(campaign: Pick<TCampaign, 'status' | 'stopped' | 'counts'>): CampaignBadge {
  const { status, stopped, counts } = campaign;
  if (stopped) return { tone: 'info', key: 'admin.campaigns.status.stopped', params: {} };
  if (status === 'completed' && counts.failed + counts.bounced > 0) {
    return {
      tone: 'danger',
      key: 'admin.campaigns.status.completedWithFailures',
      params: { failed: counts.failed, bounced: counts.bounced },
    };
  }
  return { tone: STATUS_TONES[status], key: `admin.campaigns.status.${status}`, params: {} };
}

const STATUS_TONES: Record<CampaignStatus, CampaignBadge['tone']> = {
  sending: 'accent',
  paused: 'info',
  completed: 'success',
  cancelled: 'neutral',
};

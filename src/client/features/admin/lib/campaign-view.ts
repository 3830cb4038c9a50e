import { type CampaignCounts, campaignProgress } from '@shared/domain/campaigns';
import type { TCampaign, TCampaignList } from '@shared/schemas/campaigns';

/** The pure parts of the campaign history: keeping the cached list current and the progress in numbers. */

/**
 * The list with `campaign` in place of its older self; null when the list does not hold it yet (a campaign
 * started elsewhere), so the caller loads the list again.
 */
export function replaceCampaign(list: TCampaignList, campaign: TCampaign): TCampaignList | null {
  const index = list.campaigns.findIndex((row) => row.id === campaign.id);
  if (index === -1) return null;
  const campaigns = [...list.campaigns];
  campaigns[index] = campaign;
  return { campaigns };
}

/** The list with a campaign just started on top (or replaced, when the stream brought it first). */
export function addCampaign(list: TCampaignList, campaign: TCampaign): TCampaignList {
  return replaceCampaign(list, campaign) ?? { campaigns: [campaign, ...list.campaigns] };
}

export type CampaignTally = {
  total: number;
  sent: number;
  failed: number;
  cancelled: number;
  /** Not settled yet: waiting, or being sent right now. */
  pending: number;
  /** Share settled (sent, failed or cancelled), 0 to 1: the value of the progress bar. */
  progress: number;
  /** Shares of the bar in percent, for its segments. */
  percent: { sent: number; failed: number; cancelled: number };
};

export function campaignTally(counts: CampaignCounts): CampaignTally {
  const share = (count: number) => (counts.total === 0 ? 0 : (count / counts.total) * 100);
  return {
    total: counts.total,
    sent: counts.sent,
    failed: counts.failed,
    cancelled: counts.cancelled,
    pending: counts.pending + counts.sending,
    progress: campaignProgress(counts),
    percent: { sent: share(counts.sent), failed: share(counts.failed), cancelled: share(counts.cancelled) },
  };
}

import type { CAMPAIGN_EVENT_NAME, TCampaign, TCampaignList } from '@shared/schemas/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { campaignListKey, campaignRecipientsKey } from '../api/campaigns';
import { replaceCampaign } from '../lib/campaign-view';
import { useAdminEventStream } from './use-admin-event-stream';
import type { LiveStatus } from './use-waitlist-events';

const EVENTS_URL = '/api/admin/campaigns/events';
// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const campaignEventName: typeof CAMPAIGN_EVENT_NAME = 'campaign';

function parseCampaign(data: string): TCampaign | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && 'id' in value && 'counts' in value
      ? (value as TCampaign)
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the campaign history live while mounted: each event carries one campaign's latest status and
 * counts, which replaces its row in the cached list; a campaign the list does not hold yet (started by
 * someone else) loads the list again, as does every (re)connection.
 */
export function useCampaignEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: campaignListKey });
  return useAdminEventStream(EVENTS_URL, {
    ready: reload,
    events: {
      [campaignEventName]: (data) => {
        const campaign = parseCampaign(data);
        const list = queryClient.getQueryData<TCampaignList>(campaignListKey);
        const next = campaign && list ? replaceCampaign(list, campaign) : null;
        if (!campaign || !next) {
          reload();
          return;
        }
        const before = list?.campaigns.find((row) => row.id === campaign.id);
        queryClient.setQueryData(campaignListKey, next);
        // An open recipient list polls while sending; a new status (paused, completed) reloads it at once.
        if (before?.status !== campaign.status) {
          void queryClient.invalidateQueries({ queryKey: campaignRecipientsKey(campaign.id) });
        }
      },
    },
  });
}

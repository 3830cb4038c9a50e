import type {
  TCampaign,
  TCampaignEmail,
  TCampaignList,
  TCampaignPlan,
  TCampaignRecipients,
  TCampaignSelection,
  TCampaignTestResult,
  TCampaignTestSend,
  TDuplicateCampaign,
  TStartCampaign,
  TStartedCampaign,
} from '@shared/schemas/campaigns';
import type { TNewsletterDraft } from '@shared/schemas/newsletters';
import { queryOptions, replaceEqualDeep, useMutation, useQueryClient } from '@tanstack/react-query';
import { addCampaign, mergeCampaignLists, replaceCampaign } from '../lib/campaign-view';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';
import { newsletterDraftsKey } from './newsletters';

/**
 * Newsletter campaigns (`/api/admin/campaigns/*`): who of the selection would receive a newsletter, sending
 * it, the history with its live counts, pausing, resuming and cancelling, and each campaign's recipients.
 */

const campaignsKey = ['admin', 'campaigns'] as const;
export const campaignListKey = [...campaignsKey, 'list'] as const;
export const campaignRecipientsKey = (id: string) => [...campaignsKey, 'recipients', id] as const;

export const campaignListQueryOptions = queryOptions({
  queryKey: campaignListKey,
  queryFn: ({ signal }) => adminRequest<TCampaignList>('/campaigns', { signal }),
  retry: retryServerFailure,
  // A load answered before a live event that came in meanwhile keeps that event's later counts.
  structuralSharing: (cached, loaded) =>
    replaceEqualDeep(
      cached,
      mergeCampaignLists(cached as TCampaignList | undefined, loaded as TCampaignList),
    ),
});

/**
 * The plan for one state of the selection. Keyed by the selection's version, not its ids: a selection of
 * thousands would otherwise be hashed on every render.
 */
export function campaignPlanQueryOptions(selection: { version: number; entryIds: () => string[] }) {
  return queryOptions({
    queryKey: [...campaignsKey, 'plan', selection.version],
    queryFn: ({ signal }) =>
      adminRequest<TCampaignPlan>('/campaigns/plan', {
        method: 'POST',
        body: { entryIds: selection.entryIds() } satisfies TCampaignSelection,
        signal,
      }),
    retry: retryServerFailure,
    // Who is confirmed changes while the page is open; an old plan is only shown until the new one is in.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function campaignRecipientsQueryOptions(id: string, limit: number) {
  return queryOptions({
    queryKey: [...campaignRecipientsKey(id), limit],
    queryFn: ({ signal }) =>
      adminRequest<TCampaignRecipients>(`/campaigns/${encodeURIComponent(id)}/recipients?limit=${limit}`, {
        signal,
      }),
    retry: retryServerFailure,
  });
}

/** Puts a campaign as the server answered it into the cached history. */
function useRememberCampaign() {
  const queryClient = useQueryClient();
  return (campaign: TCampaign, added: boolean) => {
    queryClient.setQueryData<TCampaignList>(campaignListKey, (list) => {
      if (!list) return list;
      return added ? addCampaign(list, campaign) : (replaceCampaign(list, campaign) ?? list);
    });
    void queryClient.invalidateQueries({ queryKey: campaignRecipientsKey(campaign.id) });
  };
}

/** Sends a newsletter; the server saves the composer's texts as a draft first, which the drafts list shows. */
export function useStartCampaign() {
  const queryClient = useQueryClient();
  const remember = useRememberCampaign();
  return useMutation({
    mutationFn: (body: TStartCampaign) =>
      adminRequest<TStartedCampaign>('/campaigns', { method: 'POST', body }),
    onSuccess: ({ campaign }) => {
      remember(campaign, true);
      void queryClient.invalidateQueries({ queryKey: campaignListKey });
      void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey('newsletter') });
    },
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export function useCampaignAction() {
  const queryClient = useQueryClient();
  const remember = useRememberCampaign();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) =>
      adminRequest<{ campaign: TCampaign }>(`/campaigns/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      }),
    onSuccess: ({ campaign }) => remember(campaign, false),
    // Refused (finished meanwhile, say): show the campaign as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: campaignListKey }),
  });
}

/** The e-mail a campaign sent, per language: it never changes, so it is fetched once. */
export function campaignEmailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...campaignsKey, 'email', id],
    queryFn: ({ signal }) =>
      adminRequest<TCampaignEmail>(`/campaigns/${encodeURIComponent(id)}/email`, { signal }),
    retry: retryServerFailure,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new newsletter draft of a campaign's texts; the drafts list shows it. */
export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      adminRequest<TNewsletterDraft>(`/campaigns/${encodeURIComponent(id)}/duplicate`, {
        method: 'POST',
        body: { name } satisfies TDuplicateCampaign,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey('newsletter') }),
  });
}

/** A test send of the composed newsletter; it goes out at once, whatever auto-send says. */
export function useSendCampaignTest() {
  return useMutation({
    mutationFn: (body: TCampaignTestSend) =>
      adminRequest<TCampaignTestResult>('/campaigns/test', { method: 'POST', body }),
  });
}

import { apiRequest } from '@client/lib/api-client';
import type { TSiteConfig } from '@shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The operator's public settings (`GET /api/site/config`: the shop link, whether sign-up is invite-only);
 * they change only with a restart.
 */
export const siteConfigQuery = queryOptions({
  queryKey: ['site', 'config'],
  queryFn: ({ signal }) => apiRequest<TSiteConfig>('/site/config', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

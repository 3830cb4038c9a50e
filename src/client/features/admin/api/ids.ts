import type { TIssuedId, TIssuedIds, TIssueId } from '@shared/schemas/id-generator';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** The ID generator (`/api/admin/ids`, issue 16): the server issues IDs, unique for every staff member. */
const idsKey = ['admin', 'ids'] as const;

export const issuedIdsQueryOptions = queryOptions({
  queryKey: idsKey,
  queryFn: ({ signal }) => adminRequest<TIssuedIds>('/ids', { signal }),
});

export function useIssueId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: TIssueId) =>
      adminRequest<{ issued: TIssuedId }>('/ids', { method: 'POST', body: config }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: idsKey }),
  });
}

export function useResetIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<{ deleted: number }>('/ids', { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: idsKey }),
  });
}

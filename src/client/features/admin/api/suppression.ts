import type { TLiftSuppression, TSuppressionList } from '@shared/schemas/suppression';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';

/** The suppression list (`/api/admin/mail/suppressions`, decision 043): addresses no list mail goes to. */

export const suppressionListKey = ['admin', 'mail', 'suppressions'] as const;

export const suppressionListQueryOptions = queryOptions({
  queryKey: suppressionListKey,
  queryFn: ({ signal }) => adminRequest<TSuppressionList>('/mail/suppressions', { signal }),
  retry: retryServerFailure,
  staleTime: 0,
});

/** Lifts an entry (owners); answers the list as it is now. */
export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLiftSuppression) =>
      adminRequest<TSuppressionList>('/mail/suppressions/lift', { method: 'POST', body }),
    onSuccess: (list) => queryClient.setQueryData(suppressionListKey, list),
  });
}

import type { TAdminWaitlist, TDeleteWaitlistResult } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** The waiting list for staff (`/api/admin/waitlist`): the whole list, newest first, and deleting entries. */
export const adminWaitlistKey = ['admin', 'waitlist'] as const;

export const adminWaitlistQueryOptions = queryOptions({
  queryKey: adminWaitlistKey,
  queryFn: ({ signal }) => adminRequest<TAdminWaitlist>('/waitlist', { signal }),
});

export function useDeleteWaitlistEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      adminRequest<TDeleteWaitlistResult>('/waitlist', { method: 'DELETE', body: { ids } }),
    onSuccess: (_result, ids) => {
      const gone = new Set(ids);
      queryClient.setQueryData<TAdminWaitlist>(adminWaitlistKey, (list) =>
        list ? { entries: list.entries.filter((entry) => !gone.has(entry.id)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: adminWaitlistKey });
    },
  });
}

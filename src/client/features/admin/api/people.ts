import type { PeopleAction } from '@shared/domain/people';
import type { TPeoplePage, TPeopleQuery, TPersonResult } from '@shared/schemas/people';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';

/** People for staff (`/api/admin/people/*`, decision 023): accounts and counts, never their content. */

const peopleKey = ['admin', 'people'] as const;

export type PeoplePageRequest = Pick<TPeopleQuery, 'sort' | 'dir'> & { q: string; after: string | null };

export function peopleQueryOptions(request: PeoplePageRequest) {
  const query = new URLSearchParams({ sort: request.sort, dir: request.dir });
  if (request.q.trim()) query.set('q', request.q.trim());
  if (request.after) query.set('after', request.after);
  return queryOptions({
    queryKey: [...peopleKey, request],
    queryFn: ({ signal }) => adminRequest<TPeoplePage>(`/people?${query}`, { signal }),
    retry: retryServerFailure,
    placeholderData: keepPreviousData,
  });
}

const ACTION_REQUEST: Record<PeopleAction, (id: string) => Promise<TPersonResult | undefined>> = {
  verificationMail: (id) =>
    adminRequest<TPersonResult>(`/people/${encodeURIComponent(id)}/verification-mail`, { method: 'POST' }),
  passwordReset: (id) =>
    adminRequest<TPersonResult>(`/people/${encodeURIComponent(id)}/password-reset`, { method: 'POST' }),
  disable: (id) =>
    adminRequest<TPersonResult>(`/people/${encodeURIComponent(id)}/disable`, { method: 'POST' }),
  enable: (id) => adminRequest<TPersonResult>(`/people/${encodeURIComponent(id)}/enable`, { method: 'POST' }),
  delete: (id) =>
    adminRequest(`/people/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(() => undefined),
};

export function usePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PeopleAction }) => ACTION_REQUEST[action](id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}

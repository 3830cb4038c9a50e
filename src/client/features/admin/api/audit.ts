import type { TAuditFilters, TAuditPage } from '@shared/schemas/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';

/** The audit log (`/api/admin/audit`, owners): who did what and when. */

const auditKey = ['admin', 'audit'] as const;

export type AuditPageRequest = { staff: string; action: string; after: string | null };

export function auditQueryOptions(request: AuditPageRequest) {
  const query = new URLSearchParams();
  if (request.staff) query.set('staff', request.staff);
  if (request.action) query.set('action', request.action);
  if (request.after) query.set('after', request.after);
  return queryOptions({
    queryKey: [...auditKey, request],
    queryFn: ({ signal }) => adminRequest<TAuditPage>(`/audit?${query}`, { signal }),
    retry: retryServerFailure,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const auditFiltersQueryOptions = queryOptions({
  queryKey: [...auditKey, 'filters'],
  queryFn: ({ signal }) => adminRequest<TAuditFilters>('/audit/filters', { signal }),
  retry: retryServerFailure,
});

import { ApiError } from '@client/lib/api-client';
import { waitlistPageSearch } from '@shared/domain/waitlist-list';
import type { TDeleteWaitlistResult } from '@shared/schemas/admin';
import type {
  TResendConfirmationsResult,
  TSelectionIds,
  TSubscriberDetail,
  TWaitlistExport,
  TWaitlistImport,
  TWaitlistImportResult,
  TWaitlistPage,
  TWaitlistPageQuery,
  TWaitlistSelection,
} from '@shared/schemas/waitlist-list';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, isAdminSessionMissing, reportAdminSessionLost } from './admin-request';

/**
 * The waiting list for staff (`/api/admin/waitlist`, decision 044): one page at a time, searched, filtered
 * and sorted by the server; actions take a selection (`{ ids }` or `{ filter, except }`) the server resolves.
 * Every query of the list sits under `adminWaitlistKey`, so the live stream reloads whatever page is open.
 */
export const adminWaitlistKey = ['admin', 'waitlist'] as const;

export function waitlistPageQueryOptions(query: TWaitlistPageQuery) {
  return queryOptions({
    queryKey: [...adminWaitlistKey, 'page', query] as const,
    queryFn: ({ signal }) => adminRequest<TWaitlistPage>(`/waitlist${waitlistPageSearch(query)}`, { signal }),
    // The table keeps the previous page while the next one loads, so it never jumps to a spinner.
    placeholderData: keepPreviousData,
  });
}

export function subscriberDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminWaitlistKey, 'entry', id] as const,
    queryFn: ({ signal }) => adminRequest<TSubscriberDetail>(`/waitlist/entries/${id}`, { signal }),
  });
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminWaitlistKey });
}

export function useDeleteWaitlistSelection() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (selection: TWaitlistSelection) =>
      adminRequest<TDeleteWaitlistResult>('/waitlist', { method: 'DELETE', body: { selection } }),
    onSettled: refresh,
  });
}

export function useResendConfirmations() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (selection: TWaitlistSelection) =>
      adminRequest<TResendConfirmationsResult>('/waitlist/confirmation-mail/resend', {
        method: 'POST',
        body: { selection },
      }),
    onSettled: refresh,
  });
}

export function useImportWaitlist() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (body: TWaitlistImport) =>
      adminRequest<TWaitlistImportResult>('/waitlist/import', { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** The ids a selection picks now (for the newsletter send panel, which sends to ids). */
export function resolveSelectionIds(selection: TWaitlistSelection) {
  return adminRequest<TSelectionIds>('/waitlist/selection/ids', { method: 'POST', body: { selection } });
}

/** The selection as a file (the server streams it): CSV, or one address a line for the clipboard. */
export async function exportSelection(body: TWaitlistExport): Promise<Blob> {
  const response = await fetch('/api/admin/waitlist/export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError(0, 'network');
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    const error = new ApiError(response.status, payload?.error?.code ?? 'unknown');
    if (isAdminSessionMissing(error)) reportAdminSessionLost();
    throw error;
  }
  return response.blob();
}

import { apiRequest } from '@client/lib/api-client';
import type {
  TIME_ZONE_HEADER,
  TMailOff,
  TMailOffResult,
  TSettings,
  TSettingsView,
} from '@shared/schemas/journal';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The settings of the weekly cycle (`/api/journal/settings`, saved together, spec §4) and the deletion of the
 * journal data. Like every journal request they carry the browser's time zone (contract in
 * shared/schemas/journal.ts). The query keys sit under the journal's `['journal']` prefix, so forgetting the
 * journal data forgets these too.
 */

const JOURNAL_KEY = ['journal'] as const;
export const settingsKey = ['journal', 'settings'] as const;

// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const timeZoneHeader: typeof TIME_ZONE_HEADER = 'X-Time-Zone';

function journalHeaders(): Record<string, string> {
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  return timeZone ? { [timeZoneHeader]: timeZone } : {};
}

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) =>
    apiRequest<TSettingsView>('/journal/settings', { signal, headers: journalHeaders() }),
});

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettings) =>
      apiRequest<TSettingsView>('/journal/settings', { method: 'PUT', body, headers: journalHeaders() }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The profile carries the same two values.
      void queryClient.invalidateQueries({ queryKey: [...JOURNAL_KEY, 'profile'] });
    },
  });
}

/** DELETE /api/journal/data; afterwards nothing cached about the journal is true any more. */
export function useDeleteJournalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/journal/data', { method: 'DELETE', headers: journalHeaders() }),
    onSuccess: () => queryClient.removeQueries({ queryKey: JOURNAL_KEY }),
  });
}

/** POST /api/mail-off with the token of the link in a reminder or weekly e-mail (no session needed). */
export function useMailOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMailOff) => apiRequest<TMailOffResult>('/mail-off', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

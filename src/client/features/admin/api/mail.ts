import type {
  TEmailSettings,
  TEmailSettingsState,
  TMailSendResult,
  TProviderKeyStatus,
  TSendGdprConfirmation,
  TSendTestMail,
  TSetProviderKey,
} from '@shared/schemas/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { campaignListKey } from './campaigns';
import { retryServerFailure } from './content';

/**
 * E-mail routing (global BCC, auto-send), the provider key, the test e-mail and the manual GDPR
 * confirmation (`/api/admin/mail/*`, `/api/admin/waitlist/confirmation-mail`).
 */

export const emailSettingsKey = ['admin', 'mail', 'settings'] as const;
export const providerKeyStatusKey = ['admin', 'mail', 'provider-key'] as const;

/** While the emergency stop holds mail, the count of held e-mails is read again this often. */
const HELD_REFRESH_MS = 5000;

export const emailSettingsQueryOptions = queryOptions({
  queryKey: emailSettingsKey,
  queryFn: ({ signal }) => adminRequest<TEmailSettingsState>('/mail/settings', { signal }),
  retry: retryServerFailure,
  refetchInterval: (query) => (query.state.data?.autoSend === false ? HELD_REFRESH_MS : false),
});

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TEmailSettings) =>
      adminRequest<TEmailSettingsState>('/mail/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailSettingsKey, saved);
      // The stop pauses and resumes campaigns: their status shown in the history changes with it.
      void queryClient.invalidateQueries({ queryKey: campaignListKey });
    },
  });
}

export const providerKeyStatusQueryOptions = queryOptions({
  queryKey: providerKeyStatusKey,
  queryFn: ({ signal }) => adminRequest<TProviderKeyStatus>('/mail/provider-key', { signal }),
  retry: retryServerFailure,
});

export function useSetProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      adminRequest<TProviderKeyStatus>('/mail/provider-key', {
        method: 'PUT',
        body: { key } satisfies TSetProviderKey,
      }),
    onSuccess: (status) => queryClient.setQueryData(providerKeyStatusKey, status),
  });
}

export function useRemoveProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<TProviderKeyStatus>('/mail/provider-key', { method: 'DELETE' }),
    onSuccess: (status) => queryClient.setQueryData(providerKeyStatusKey, status),
  });
}

/** The test e-mail goes out whatever the auto-send switch says. */
/** How often a test e-mail waiting for its retry is asked about. */
const TEST_MAIL_FOLLOW_MS = 5000;

/** What became of a test e-mail since it was queued for a retry; asked again until it is sent or given up. */
export function testMailStatusQueryOptions(outboxId: string) {
  return queryOptions({
    queryKey: ['admin', 'mail', 'test', outboxId],
    queryFn: ({ signal }) =>
      adminRequest<TMailSendResult>(`/mail/test/${encodeURIComponent(outboxId)}`, { signal }),
    refetchInterval: (query) =>
      !query.state.data || query.state.data.outcome === 'retrying' ? TEST_MAIL_FOLLOW_MS : false,
    retry: retryServerFailure,
  });
}

export function useSendTestMail() {
  return useMutation({
    mutationFn: (body: TSendTestMail) =>
      adminRequest<TMailSendResult>('/mail/test', { method: 'POST', body }),
  });
}

/** A real confirmation for an address on the list, a test copy with inert links for any other. */
export function useSendGdprConfirmation() {
  return useMutation({
    mutationFn: (body: TSendGdprConfirmation) =>
      adminRequest<TMailSendResult>('/waitlist/confirmation-mail', { method: 'POST', body }),
  });
}

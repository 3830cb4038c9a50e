import { ApiError, apiRequest } from '@client/lib/api-client';
import { changeLocale } from '@client/lib/i18n';
import type { TLocale } from '@shared/domain/locale';
import type {
  TDeleteAccount,
  TRequestPasswordReset,
  TResendVerification,
  TResetLinkState,
  TResetPassword,
  TSignIn,
  TSignUp,
  TSignUpResult,
  TVerifyEmail,
  ZRevokeOthersResult,
  ZSignInResult,
  ZVerifyEmailResult,
} from '@shared/schemas/accounts';
import type { TInvitationLookup } from '@shared/schemas/invitations';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { exportFileName } from '../export-file';

/** The accounts API (`/api/account/*`, contract in shared/schemas/accounts.ts). */

/**
 * Sign-in. On a device that never chose a language the server answers with the account's, and the app goes
 * on in it before the next page shows.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async (body: TSignIn) => {
      const result = await apiRequest<z.infer<typeof ZSignInResult>>('/account/sign-in', {
        method: 'POST',
        body,
      });
      if (result.language !== body.language) await changeLocale(result.language);
      return result;
    },
  });
}

/** Sign-up; with an invitation's token the answer is `signed_in` (decision 021). */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: TSignUp) => apiRequest<TSignUpResult>('/account/sign-up', { method: 'POST', body }),
  });
}

/** What an invitation link is for: the address the account will have (`/api/invitations/lookup`). */
export function invitationLookupQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<TInvitationLookup>(`/invitations/lookup?token=${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: TRequestPasswordReset) =>
      apiRequest('/account/password-reset', { method: 'POST', body }),
  });
}

/** "Resend e-mail" after sign-up: 202 whether or not the address waits for confirmation. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (body: TResendVerification) =>
      apiRequest('/account/verification/resend', { method: 'POST', body }),
  });
}

/** Whether the reset link this page was opened with still works; asked once, without using the link. */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['account', 'reset-link', token],
    queryFn: () =>
      apiRequest<TResetLinkState>('/account/password-reset/check', { method: 'POST', body: { token } }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TResetPassword) =>
      apiRequest('/account/password-reset/confirm', { method: 'POST', body }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: TVerifyEmail) =>
      apiRequest<z.infer<typeof ZVerifyEmailResult>>('/account/verify-email', { method: 'POST', body }),
  });
}

export function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest('/account/sign-out', { method: 'POST' }),
  });
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () =>
      apiRequest<z.infer<typeof ZRevokeOthersResult>>('/account/sessions/revoke-others', { method: 'POST' }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: TDeleteAccount) => apiRequest('/account', { method: 'DELETE', body }),
  });
}

export type AccountExport = { blob: Blob; fileName: string };

/** A file the server hands out as an attachment, saved under the name it gives (or `fallback`'s). */
async function fetchExport(
  path: string,
  fallback?: Parameters<typeof exportFileName>[2],
): Promise<AccountExport> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const code =
      typeof payload === 'object' && payload !== null && 'error' in payload
        ? String((payload as { error?: { code?: unknown } }).error?.code ?? 'unknown')
        : 'unknown';
    throw new ApiError(response.status, code);
  }
  const blob = await response.blob();
  return {
    blob,
    fileName: exportFileName(response.headers.get('Content-Disposition'), new Date(), fallback),
  };
}

/** GET /api/account/export: the JSON file of everything stored about the user, as the server names it. */
export function useExportAccount() {
  return useMutation({ mutationFn: () => fetchExport('/api/account/export') });
}

/** GET /api/history/export: the person's reflections by week as Markdown, headings in `locale`. */
export function useExportReflections() {
  return useMutation({
    mutationFn: (locale: TLocale) =>
      fetchExport(`/api/history/export?locale=${locale}`, { stem: 'mirror-reflections', extension: 'md' }),
  });
}

import { apiRequest } from '@client/lib/api-client';
import type { TAdminSession } from '@shared/schemas/admin';
import type {
  TAcceptStaffInvitation,
  TChangeStaffPassword,
  TChangeStaffRole,
  TEndedSessions,
  TInviteStaff,
  TRecoveryCodes,
  TStaffAccount,
  TStaffInvitation,
  TStaffInvitationInfo,
  TStaffList,
  TStaffMember,
  TStaffSessions,
  TTwoFactorEnabled,
  TTwoFactorSetup,
} from '@shared/schemas/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';
import { adminSessionKey, replaceAdminSession } from './session';

/**
 * Staff accounts and their security (`/api/admin/account/*`, `/api/admin/staff/*`, the second step of the
 * sign-in, staff invitations): decision 022 and 024.
 */

const accountKey = ['admin', 'account'] as const;
const sessionsKey = [...accountKey, 'sessions'] as const;
const staffKey = ['admin', 'staff'] as const;

export const staffAccountQueryOptions = queryOptions({
  queryKey: accountKey,
  queryFn: ({ signal }) => adminRequest<TStaffAccount>('/account', { signal }),
  retry: retryServerFailure,
});

export const staffSessionsQueryOptions = queryOptions({
  queryKey: sessionsKey,
  queryFn: ({ signal }) => adminRequest<TStaffSessions>('/account/sessions', { signal }),
  retry: retryServerFailure,
});

export const staffListQueryOptions = queryOptions({
  queryKey: staffKey,
  queryFn: ({ signal }) => adminRequest<TStaffList>('/staff', { signal }),
  retry: retryServerFailure,
});

/** The second step of a sign-in: a code from the app or a recovery code. The answer is the full session. */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<TAdminSession>('/admin/session/second-factor', { method: 'POST', body: { code } }),
    onSuccess: (session) => queryClient.setQueryData(adminSessionKey, session),
  });
}

export function useChangeStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeStaffPassword) =>
      adminRequest<TEndedSessions>('/account/password', { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? adminRequest<TEndedSessions>('/account/sessions/end-others', { method: 'POST' })
        : adminRequest<TEndedSessions>(`/account/sessions/${encodeURIComponent(which.id)}`, {
            method: 'DELETE',
          }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Starts a setup; outside the admin prefix's session-lost handling, since the setup stage is a sign-in. */
export function useBeginTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiRequest<TTwoFactorSetup>('/admin/account/two-factor/setup', { method: 'POST' }),
  });
}

export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<TTwoFactorEnabled>('/admin/account/two-factor/confirm', { method: 'POST', body: { code } }),
    // The session (full now, after a required setup) is the caller's to put in place: the recovery codes
    // are shown first.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      adminRequest('/account/two-factor', { method: 'DELETE', body: { password } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      adminRequest<TRecoveryCodes>('/account/two-factor/recovery-codes', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteStaff) =>
      adminRequest<{ invitation: TStaffInvitation }>('/staff/invitations', { method: 'POST', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useStaffInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? adminRequest(`/staff/invitations/${id}/resend`, { method: 'POST' })
        : adminRequest(`/staff/invitations/${id}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & TChangeStaffRole) =>
      adminRequest<{ member: TStaffMember }>(`/staff/${id}`, { method: 'PATCH', body: { role } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`/staff/${id}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** What a staff invitation link is for (no session needed). */
export function staffInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<TStaffInvitationInfo>(`/admin/staff-invitation?token=${encodeURIComponent(token)}`, {
        signal,
      }),
    retry: retryServerFailure,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAcceptStaffInvitation) =>
      apiRequest<TAdminSession>('/admin/staff-invitation/accept', { method: 'POST', body }),
    onSuccess: (session) => replaceAdminSession(queryClient, session),
  });
}

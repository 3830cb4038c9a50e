import { DIRECT_INVITATIONS_PATH } from '@shared/domain/admin';
import type { TInvitationSummary } from '@shared/schemas/admin';
import type {
  TDirectInvitations,
  TInvitationPlan,
  TInvitationSelection,
  TInviteAddress,
  TInvitedEntries,
} from '@shared/schemas/invitations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';
import { JUST_READ_MS } from './session';
import { adminWaitlistKey } from './waitlist';

/** Invitations (`/api/admin/invitations/*`, decision 021). Each change reloads the list's states. */

const invitationsKey = ['admin', 'invitations'] as const;
const directKey = [...invitationsKey, 'direct'] as const;

export const directInvitationsQueryOptions = queryOptions({
  queryKey: directKey,
  queryFn: ({ signal }) => adminRequest<TDirectInvitations>(DIRECT_INVITATIONS_PATH, { signal }),
  retry: retryServerFailure,
  // /list's loader asks for them as the page opens (decision 060); the list below takes that answer.
  staleTime: JUST_READ_MS,
});

/** Who of the selection would be invited now (asked afresh each time the dialog opens). */
export function fetchInvitationPlan(body: TInvitationSelection) {
  return adminRequest<TInvitationPlan>('/invitations/plan', { method: 'POST', body });
}

function useRefreshInvitations() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminWaitlistKey });
    void queryClient.invalidateQueries({ queryKey: directKey });
  };
}

export function useInviteEntries() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (body: TInvitationSelection) =>
      adminRequest<TInvitedEntries>('/invitations', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useInviteAddress() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (body: TInviteAddress) =>
      adminRequest<{ invitation: TInvitationSummary }>('/invitations/address', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useInvitationAction() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      adminRequest<{ invitation: TInvitationSummary }>(`/invitations/${id}/${action}`, { method: 'POST' }),
    onSettled: refresh,
  });
}

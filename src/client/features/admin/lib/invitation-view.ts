import type { BadgeTone } from '@client/components/ui/badge';
import type { InvitationState } from '@shared/domain/invitations';

/** How each invitation state looks in the list: its badge tone, and whether its date is the invitation's. */
export const INVITATION_STATE_TONES: Record<InvitationState | 'none', BadgeTone> = {
  none: 'neutral',
  sending: 'info',
  invited: 'accent',
  mail_failed: 'danger',
  expired: 'neutral',
  accepted: 'success',
  revoked: 'neutral',
};

/** The ids of selected entries, in the list's order, whose invitation is `state` (for counting a selection). */
export function idsWithInvitationState(
  entries: readonly { id: string; invitation: { state: InvitationState } | null }[],
  ids: ReadonlySet<string>,
  state: InvitationState | 'none',
): string[] {
  return entries
    .filter((entry) => ids.has(entry.id) && (entry.invitation?.state ?? 'none') === state)
    .map((entry) => entry.id);
}

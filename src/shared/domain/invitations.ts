/**
 * Invitations (issue 13, decision 021): Mirror is invite-only; staff invite confirmed people from the
 * waiting list (or any address), each gets a signed, single-use link bound to the address, valid 14 days.
 */

export const INVITATION_VALID_DAYS = 14;
export const INVITATION_VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60_000;

/** Invitation e-mails leave at this pace, whatever the number of app processes (like a campaign's default). */
export const INVITATION_RATE_PER_SECOND = 10;

/** The most people invited in one go (the selection travels as a list of ids, as a campaign's does). */
export const INVITATION_MAX_BATCH = 50_000;

/** A row's own status: it is made `pending`, and ends `accepted` (an account exists) or `revoked`. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * What staff see. `sending`: waiting for its turn or in the outbox; `invited`: the e-mail went out;
 * `mail_failed`: the outbox gave up on it; `expired`: 14 days passed unused; `accepted` and `revoked` as
 * the status says.
 */
export const INVITATION_STATES = [
  'sending',
  'invited',
  'mail_failed',
  'expired',
  'accepted',
  'revoked',
] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** How the outbox row of the invitation's latest e-mail stands (null: not handed to the outbox yet). */
export type InvitationMailStatus = 'pending' | 'held' | 'sending' | 'sent' | 'dead' | 'suppressed' | null;

/** The state of an invitation at `now`, from its row and its e-mail's outbox row. */
export function invitationState(
  invitation: { status: InvitationStatus; expiresAt: Date; mailStatus: InvitationMailStatus },
  now: Date,
): InvitationState {
  if (invitation.status === 'accepted') return 'accepted';
  if (invitation.status === 'revoked') return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (invitation.mailStatus === 'sent') return 'invited';
  // A suppressed address (it bounced or complained, decision 043) is never mailed: the invitation failed.
  if (invitation.mailStatus === 'dead' || invitation.mailStatus === 'suppressed') return 'mail_failed';
  return 'sending';
}

/** States from which staff may send the invitation again (a new link; the old one stops working). */
export function canResendInvitation(state: InvitationState): boolean {
  return state !== 'accepted';
}

/** States whose link still works, so staff may take it back. */
export function canRevokeInvitation(state: InvitationState): boolean {
  return state === 'sending' || state === 'invited' || state === 'mail_failed';
}

/**
 * Why someone selected in the newsletter list gets no invitation. Only confirmed, subscribed people are
 * invited; an address on the suppression list (it bounced or complained, decision 043) is never mailed;
 * someone with a working invitation or an account already is not invited again.
 */
export const INVITATION_EXCLUSION_REASONS = [
  'unconfirmed',
  'unsubscribed',
  'suppressed',
  'alreadyInvited',
  'hasAccount',
  'missing',
] as const;
export type InvitationExclusionReason = (typeof INVITATION_EXCLUSION_REASONS)[number];

import { z } from 'zod';
import { INVITATION_EXCLUSION_REASONS, INVITATION_MAX_BATCH } from '../domain/invitations';
import { LOCALES } from '../domain/locale';
import { ZInvitationSummary } from './admin';
import { ZWaitlistSelection } from './waitlist-list';

/** Invitations (`/api/admin/invitations/*` for staff, `/api/invitations/lookup` for the invited person). */

const count = z.number().int().nonnegative();

/**
 * The newsletter-list selection to invite: entry ids, or a list selection (`{ ids }` or `{ filter, except }`,
 * decision 044) that the server resolves. An empty one is answered `no_recipients`.
 */
export const ZInvitationSelection = z.union([
  z.object({ entryIds: z.array(z.uuid()).max(INVITATION_MAX_BATCH) }).strict(),
  z.object({ selection: ZWaitlistSelection }).strict(),
]);
export type TInvitationSelection = z.infer<typeof ZInvitationSelection>;

/** Who of the selection would be invited, per language, and who is left out and why. */
export const ZInvitationPlan = z.object({
  selected: count,
  invitable: count,
  byLanguage: z.object({ en: count, de: count }),
  leftOut: z.object(
    Object.fromEntries(INVITATION_EXCLUSION_REASONS.map((reason) => [reason, count])) as Record<
      (typeof INVITATION_EXCLUSION_REASONS)[number],
      typeof count
    >,
  ),
});
export type TInvitationPlan = z.infer<typeof ZInvitationPlan>;

export const ZInvitedEntries = z.object({ invited: count, plan: ZInvitationPlan });
export type TInvitedEntries = z.infer<typeof ZInvitedEntries>;

/** Invite one address, on the list or not (a friend of the team), in the language of its e-mail. */
export const ZInviteAddress = z.object({ email: z.string().trim().max(320), language: z.enum(LOCALES) });
export type TInviteAddress = z.infer<typeof ZInviteAddress>;

export const ZInvitationResult = z.object({ invitation: ZInvitationSummary });
export type TInvitationResult = z.infer<typeof ZInvitationResult>;

/** An invitation of an address that is not on the waiting list. */
export const ZDirectInvitation = z.object({
  email: z.string(),
  language: z.enum(LOCALES),
  invitation: ZInvitationSummary,
});
export type TDirectInvitation = z.infer<typeof ZDirectInvitation>;
export const ZDirectInvitations = z.object({ invitations: z.array(ZDirectInvitation) });
export type TDirectInvitations = z.infer<typeof ZDirectInvitations>;

/** What an invitation link is for: the address the account will have, and the e-mail's language. */
export const ZInvitationLookup = z.object({ email: z.string(), language: z.enum(LOCALES) });
export type TInvitationLookup = z.infer<typeof ZInvitationLookup>;

import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_ROLES } from '../domain/staff';
import { ZAdminSession } from './admin';
import { isoDateTime } from './dates';

/**
 * Staff accounts and their security (`/api/admin/account/*`, `/api/admin/staff/*`, the second step of the
 * staff sign-in): own password and sessions, two-factor sign-in, roles and staff invitations.
 */

const password = z.string().max(STAFF_PASSWORD_MAX_LENGTH);
const email = z.string().trim().max(320);
const iso = isoDateTime({ offset: true });

// ---- sign-in, second step -------------------------------------------------------------------------------

/** A code from the authenticator app (six digits) or one of the recovery codes. */
export const ZSecondFactor = z.object({ code: z.string().trim().min(1).max(40) });
export type TSecondFactor = z.infer<typeof ZSecondFactor>;

// ---- two-factor sign-in -----------------------------------------------------------------------------------

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: iso.nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** What the authenticator app needs: the QR code (an SVG path in a size × size grid) and the secret. */
export const ZTwoFactorSetup = z.object({
  /** Base32, in groups of four, to type in by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  qr: z.object({ size: z.number().int().positive(), path: z.string() }),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** The answer when the setup is confirmed: the ten recovery codes, shown this once, and the session. */
export const ZTwoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()), session: ZAdminSession });
export type TTwoFactorEnabled = z.infer<typeof ZTwoFactorEnabled>;

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** Changes that ask for the password again (turning two-factor sign-in off, new recovery codes). */
export const ZPasswordConfirmation = z.object({ password });
export type TPasswordConfirmation = z.infer<typeof ZPasswordConfirmation>;

// ---- own account --------------------------------------------------------------------------------------------

export const ZStaffAccount = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  twoFactor: ZTwoFactorStatus,
  /** STAFF_REQUIRE_2FA: two-factor sign-in cannot be turned off. */
  twoFactorRequired: z.boolean(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;

export const ZChangeStaffPassword = z.object({ currentPassword: password, newPassword: password });
export type TChangeStaffPassword = z.infer<typeof ZChangeStaffPassword>;

export const ZStaffSessionInfo = z.object({
  id: z.uuid(),
  createdAt: iso,
  expiresAt: iso,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type TStaffSessionInfo = z.infer<typeof ZStaffSessionInfo>;
export const ZStaffSessions = z.object({ sessions: z.array(ZStaffSessionInfo) });
export type TStaffSessions = z.infer<typeof ZStaffSessions>;
export const ZEndedSessions = z.object({ ended: z.number().int().nonnegative() });
export type TEndedSessions = z.infer<typeof ZEndedSessions>;

// ---- the staff (owners) -------------------------------------------------------------------------------------

export const ZStaffMember = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: iso.nullable(),
  createdAt: iso,
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  invitedAt: iso,
  invitedBy: z.string().nullable(),
  expiresAt: iso,
  expired: z.boolean(),
});
export type TStaffInvitation = z.infer<typeof ZStaffInvitation>;

export const ZStaffList = z.object({ staff: z.array(ZStaffMember), invitations: z.array(ZStaffInvitation) });
export type TStaffList = z.infer<typeof ZStaffList>;

export const ZInviteStaff = z.object({ email, role: z.enum(STAFF_ROLES), language: z.enum(LOCALES) });
export type TInviteStaff = z.infer<typeof ZInviteStaff>;

export const ZChangeStaffRole = z.object({ role: z.enum(STAFF_ROLES) });
export type TChangeStaffRole = z.infer<typeof ZChangeStaffRole>;

/** What the link of a staff invitation opens: the address (fixed) and the role it comes with. */
export const ZStaffInvitationInfo = z.object({ email: z.string(), role: z.enum(STAFF_ROLES) });
export type TStaffInvitationInfo = z.infer<typeof ZStaffInvitationInfo>;

export const ZAcceptStaffInvitation = z.object({ token: z.string().max(1024), password });
export type TAcceptStaffInvitation = z.infer<typeof ZAcceptStaffInvitation>;

import type { AdminSection } from './admin';

/**
 * Who of the staff may do what (issue 13, decision 022). Every admin route declares the one permission it
 * needs where it is declared (`adminRoute(permission, …)` on the server); this file says which role holds
 * which permission, and the admin pages hide what a role cannot do. The server enforces it on every call.
 */

/** `owner`: everything; `editor`: the day-to-day work (content, newsletters, media, the lists, people). */
export const STAFF_ROLES = ['owner', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Page texts and SEO (drafts and publishing). */
  'content',
  /** Newsletter and GDPR e-mail drafts, GIFs, campaigns; reading whether sending is paused. */
  'newsletters',
  /** Videos, the videos bucket, the background videos. */
  'media',
  /** The waiting list, its live stream, the manual GDPR sender and invitations. */
  'waitlist',
  /** User accounts (never their content): list, verification and reset links, disable, delete. */
  'people',
  /** E-mail routing (global BCC, auto-send), the provider key, the e-mail system test. */
  'mailSettings',
  /** Staff accounts: invite, change roles, remove. */
  'staff',
  /** The audit log. */
  'audit',
  /** One's own account: sign-out, password, sessions, two-factor sign-in. Every role has it. */
  'self',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The one table of who may do what. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  editor: ['content', 'newsletters', 'media', 'waitlist', 'people', 'self'],
};

export function roleAllows(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What each section of /list needs; a section the role lacks is not shown. */
export const SECTION_PERMISSIONS: Record<AdminSection, StaffPermission> = {
  contentManagement: 'content',
  seoManagement: 'content',
  newsletterComposer: 'newsletters',
  newsletterList: 'waitlist',
  people: 'people',
  gdprEmail: 'newsletters',
  manualGdprSender: 'waitlist',
  apiSettings: 'mailSettings',
  videoUpload: 'media',
  idGenerator: 'content',
  emailRouting: 'mailSettings',
  suppressionList: 'newsletters',
  emailSystemTest: 'mailSettings',
  staffAccounts: 'staff',
  auditLog: 'audit',
  account: 'self',
};

/**
 * How far a staff session has come. `full`: signed in. `second_factor`: the password was right, the code
 * from the authenticator app (or a recovery code) is still to come. `setup`: the password was right and
 * two-factor sign-in is required (STAFF_REQUIRE_2FA) but not set up yet: only setting it up is allowed.
 */
export const STAFF_SESSION_STAGES = ['full', 'second_factor', 'setup'] as const;
export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

/** A session waiting for its second factor lasts this long, and allows this many wrong codes. */
export const SECOND_FACTOR_WINDOW_MS = 5 * 60_000;
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;
/**
 * The account's own budget of wrong second factors (codes and recovery codes), across every half-done
 * sign-in: a known password opens as many of those as one likes, so the session's five alone cap nothing.
 * Once spent, the account's second factor waits, 15 minutes at first and twice as long after each further
 * lockout, at most a day; a right code resets it (decision 024).
 */
export const SECOND_FACTOR_ACCOUNT_BUDGET = 10;
export const SECOND_FACTOR_LOCK_BASE_MS = 15 * 60_000;
export const SECOND_FACTOR_LOCK_MAX_MS = 24 * 60 * 60_000;

/** How long the account's second factor waits after its `lockouts`-th lockout (1 for the first). */
export function secondFactorLockMs(lockouts: number): number {
  return Math.min(SECOND_FACTOR_LOCK_BASE_MS * 2 ** Math.max(0, lockouts - 1), SECOND_FACTOR_LOCK_MAX_MS);
}
/** A session that must set up two-factor sign-in first has this long for it (installing an app takes time). */
export const STAFF_SETUP_WINDOW_MS = 30 * 60_000;

/** TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code from one step before or after is accepted too, for clocks that are a little off. */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code as typed: spaces are ignored ("123 456"). */
export function normalizeTotpCode(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isTotpCodeShape(input: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeTotpCode(input));
}

/** A recovery code as typed: case, spaces and dashes do not matter ("abcde-fghij"). */
export function normalizeRecoveryCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toLowerCase();
}

/** An invitation to the staff (a link to set a password) works this long, once. */
export const STAFF_INVITATION_VALID_DAYS = 7;

/** Staff passwords: at least 12 characters (decision 017). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 1024;

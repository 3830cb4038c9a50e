import { z } from 'zod';
import { LOCALES } from '../domain/locale';

/**
 * The accounts API (`/api/account/*`). The server runs better-auth behind these endpoints and answers every
 * failure in the shared error shape, so the browser shows translated `errors.<code>` texts. Sessions live in
 * an HttpOnly cookie; no token ever reaches JavaScript.
 */

const EMAIL_MAX_LENGTH = 320;

export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/account/session: always 200; `user` is null when nobody is signed in. */
export const ZSessionInfo = z.object({ user: ZSessionUser.nullable() });
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** Shapes only; the content rules (e-mail format, length, common passwords) answer with their own codes. */
const email = z.string().max(EMAIL_MAX_LENGTH);
const password = z.string().max(1024);

/**
 * POST /api/account/sign-up. With `invitation` (the token of an invitation link, decision 021) the account
 * is made verified for the invited address and signed in at once: 201 `{ status: 'signed_in', user }` and
 * the session cookie. Without one (only while INVITE_ONLY is off; otherwise 403 `invite_only`): 201
 * `{ status: 'verification_sent' }`, the verification mail in `language`.
 */
export const ZSignUp = z.object({
  email,
  password,
  language: z.enum(LOCALES),
  invitation: z.string().max(1024).optional(),
});
export type TSignUp = z.infer<typeof ZSignUp>;
export const ZSignUpResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('verification_sent') }),
  z.object({ status: z.literal('signed_in'), user: ZSessionUser }),
]);
export type TSignUpResult = z.infer<typeof ZSignUpResult>;

/**
 * POST /api/account/sign-in → 200 `{ user, language }` and the session cookie. `language` is the page's; on
 * a device without a locale cookie the account's language is kept instead, and the answer says which one the
 * person goes on in (the locale cookie is set to it).
 */
export const ZSignIn = z.object({ email, password, language: z.enum(LOCALES) });
export type TSignIn = z.infer<typeof ZSignIn>;
export const ZSignInResult = z.object({ user: ZSessionUser, language: z.enum(LOCALES) });

/** POST /api/account/password-reset → 202 whether or not the address has an account. */
export const ZRequestPasswordReset = z.object({ email, language: z.enum(LOCALES) });
export type TRequestPasswordReset = z.infer<typeof ZRequestPasswordReset>;

/**
 * POST /api/account/password-reset/check → 200 `{ status }`: whether a reset link still works, without using
 * it, so that the page it opens says at once when it does not (`invalid`: unknown or used already).
 */
export const ZCheckResetLink = z.object({ token: z.string().max(512) });
export type TCheckResetLink = z.infer<typeof ZCheckResetLink>;
export const RESET_LINK_STATES = ['valid', 'expired', 'invalid'] as const;
export const ZResetLinkState = z.object({ status: z.enum(RESET_LINK_STATES) });
export type TResetLinkState = z.infer<typeof ZResetLinkState>;

/** POST /api/account/password-reset/confirm → 204; signs out every session of that user. */
export const ZResetPassword = z.object({ token: z.string().max(512), password });
export type TResetPassword = z.infer<typeof ZResetPassword>;

/**
 * POST /api/account/verify-email → 200 `{ status: 'verified' }`: confirms the address with the token of the
 * link in the verification e-mail (the link opens /auth, which sends this; a GET never confirms).
 */
/**
 * POST /api/account/verification/resend → 202, whether or not the address has an account waiting for
 * confirmation (a new link goes only to one that has); 429 with Retry-After within the cooldown.
 */
export const ZResendVerification = z.object({ email, language: z.enum(LOCALES) });
export type TResendVerification = z.infer<typeof ZResendVerification>;

export const ZVerifyEmail = z.object({ token: z.string().max(4096) });
export type TVerifyEmail = z.infer<typeof ZVerifyEmail>;
export const ZVerifyEmailResult = z.object({ status: z.literal('verified') });

/** DELETE /api/account → 204, the user and every row of theirs removed, the cookie cleared. */
export const ZDeleteAccount = z.object({ password });
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;

/** POST /api/account/sessions/revoke-others → 200. */
export const ZRevokeOthersResult = z.object({ revoked: z.number().int().nonnegative() });

import { isValidEmail, normalizeEmail } from './waitlist';

/**
 * The account rules both sides apply (spec §5, §9), in the order the server checks them, so the browser can
 * show the same message before sending. Plain functions: the browser bundle must not pull in zod.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordErrorCode = 'password_too_short' | 'password_too_long' | 'password_common';
export type SignUpErrorCode = 'invalid_email' | PasswordErrorCode;

/**
 * Says whether a password is on the list of common passwords. The server passes its list (several thousand
 * entries); the browser may leave it out and let the server answer `password_common`.
 */
export type CommonPasswordCheck = (password: string) => boolean;

/** Lengths count UTF-16 code units, as better-auth does, so both agree on every password. */
export function checkNewPassword(password: string, isCommon?: CommonPasswordCheck): PasswordErrorCode | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  if (isCommon?.(password)) return 'password_common';
  return null;
}

export type SignUpCheck = { ok: true; email: string } | { ok: false; error: SignUpErrorCode };

/**
 * Checks a sign-up in this order: e-mail (the waiting list's pattern, after trimming and lowercasing),
 * password too short, too long, common. The first failing check wins; `email` is the address to store.
 */
export function checkSignUp(
  input: { email: string; password: string },
  isCommon?: CommonPasswordCheck,
): SignUpCheck {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, error: 'invalid_email' };
  const passwordError = checkNewPassword(input.password, isCommon);
  if (passwordError) return { ok: false, error: passwordError };
  return { ok: true, email };
}

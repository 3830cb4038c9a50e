import { isValidEmail, normalizeEmail } from './waitlist';

/**
 * The account rules both sides apply (spec §5, §9), in the order the server checks them, so the browser can
 * show the same message before sending. Plain functions: the browser bundle must not pull in zod.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * How long after an e-mail with a link (confirmation, password reset) the page waits before it offers to send
 * it again; the server refuses a second resend to one address within this time (429 with Retry-After).
 */
export const RESEND_COOLDOWN_SECONDS = 60;

export type PasswordErrorCode =
  | 'password_too_short'
  | 'password_too_long'
  | 'password_repeated'
  | 'password_sequence'
  | 'password_email'
  | 'password_common';
export type SignUpErrorCode = 'invalid_email' | PasswordErrorCode;

/**
 * Says whether a password is on the list of common passwords. The server passes its list (several thousand
 * entries); the browser may leave it out and let the server answer `password_common`.
 */
export type CommonPasswordCheck = (password: string) => boolean;

/** One to three characters over and over: `aaaaaa`, six spaces, `ababab`, `123123`. */
function isRepetition(password: string): boolean {
  const text = password.toLowerCase();
  for (let unit = 1; unit <= 3 && unit * 2 <= text.length; unit++) {
    if (text.length % unit === 0 && text === text.slice(0, unit).repeat(text.length / unit)) return true;
  }
  return false;
}

/** Rows of English, German and French keyboards, and the alphabet and digits in order. */
const KEY_RUNS = [
  '1234567890',
  'qwertyuiop',
  'qwertzuiopü',
  'azertyuiop',
  'asdfghjkl',
  'asdfghjklöä',
  'qsdfghjklm',
  'zxcvbnm',
  'yxcvbnm',
  'wxcvbn',
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
].flatMap((run) => [run, [...run].reverse().join('')]);
const MIN_RUN = 3;

const isRun = (text: string) => KEY_RUNS.some((run) => run.includes(text));

/**
 * Made only of runs of neighbouring keys or letters, each at least three long: `qwerty`, `654321`, `asdfgh`,
 * `qwertz123`, `abcxyz`. Every split of the password is tried, so `abcdcba` is two runs.
 */
function isKeyboardRun(password: string): boolean {
  const text = password.toLowerCase();
  // coverable[i]: the text from i to the end splits into runs.
  const coverable: boolean[] = new Array(text.length + 1).fill(false);
  coverable[text.length] = true;
  for (let start = text.length - MIN_RUN; start >= 0; start--) {
    for (let end = start + MIN_RUN; end <= text.length; end++) {
      if (!coverable[end]) continue;
      if (!isRun(text.slice(start, end))) break;
      coverable[start] = true;
      break;
    }
  }
  return coverable[0] === true;
}

/** The e-mail address, or the part before its @, whatever the case. */
function isEmailOrLocalPart(password: string, email: string | undefined): boolean {
  const address = email?.trim().toLowerCase();
  if (!address) return false;
  const typed = password.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return typed === address || (localPart !== '' && typed === localPart);
}

/**
 * The first reason a new password is refused, or null: too short, too long (lengths count UTF-16 code units,
 * as better-auth does, so both agree on every password), one short piece repeated, a run of keys or letters,
 * the e-mail address (given `email`) or its local part, and (given the list) a common password.
 */
export function checkNewPassword(
  password: string,
  isCommon?: CommonPasswordCheck,
  context: { email?: string } = {},
): PasswordErrorCode | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const weak = weakPasswordReason(password, context.email);
  if (weak) return weak;
  if (isCommon?.(password)) return 'password_common';
  return null;
}

/**
 * Why a password of any length is too easy to guess: one short piece repeated, a run of keys or letters, or
 * the e-mail address (given) or its local part. Null when it is none of these. Staff passwords use it too.
 */
export function weakPasswordReason(
  password: string,
  email?: string,
): 'password_repeated' | 'password_sequence' | 'password_email' | null {
  if (isRepetition(password)) return 'password_repeated';
  if (isKeyboardRun(password)) return 'password_sequence';
  if (isEmailOrLocalPart(password, email)) return 'password_email';
  return null;
}

export type SignUpCheck = { ok: true; email: string } | { ok: false; error: SignUpErrorCode };

/**
 * Checks a sign-up in this order: e-mail (the waiting list's pattern, after trimming and lowercasing), then
 * the password by `checkNewPassword`. The first failing check wins; `email` is the address to store.
 */
export function checkSignUp(
  input: { email: string; password: string },
  isCommon?: CommonPasswordCheck,
): SignUpCheck {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, error: 'invalid_email' };
  const passwordError = checkNewPassword(input.password, isCommon, { email });
  if (passwordError) return { ok: false, error: passwordError };
  return { ok: true, email };
}

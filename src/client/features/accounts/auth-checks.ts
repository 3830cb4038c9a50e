import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { checkNewPassword } from '@shared/domain/accounts';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { matchRoute, type RouteId } from '@shared/routes';

/** The fields of the auth screens; `form` is an error about the whole form (wrong credentials, say). */
export type AuthField = 'email' | 'password' | 'confirm' | 'form';

/** A message for a person, and the field it belongs next to. */
export type FieldProblem = { field: AuthField; message: AuthMessageKey };

export type AuthMessageKey =
  | 'auth.error.emailRequired'
  | 'auth.error.passwordRequired'
  | 'auth.error.passwordsMismatch.title'
  | ReturnType<typeof errorMessageKey>;

export type AuthMode = 'signIn' | 'signUp';

type Checked<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

const PASSWORD_PROBLEM = {
  password_too_short: 'errors.password_too_short',
  password_too_long: 'errors.password_too_long',
  password_repeated: 'errors.password_repeated',
  password_sequence: 'errors.password_sequence',
  password_email: 'errors.password_email',
  password_common: 'errors.password_common',
} as const;

/** E-mail present, then valid by the shared rule (after trimming and lowercasing, as the server stores it). */
export function checkEmail(raw: string): Checked<string> {
  const email = normalizeEmail(raw);
  if (email === '') return problem('email', 'auth.error.emailRequired');
  if (!isValidEmail(email)) return problem('email', 'errors.invalid_email');
  return { ok: true, value: email };
}

/**
 * Password present, then the shared rules for new passwords (6 to 128 characters, not a repetition, a run of
 * keys or, given `email`, the address); with `confirm`, the confirmation matching.
 */
export function checkPassword(password: string, confirm?: string, email?: string): Checked<string> {
  if (password === '') return problem('password', 'auth.error.passwordRequired');
  const error = checkNewPassword(password, undefined, { email });
  if (error) return problem('password', PASSWORD_PROBLEM[error]);
  if (confirm !== undefined && confirm !== password) {
    return problem('confirm', 'auth.error.passwordsMismatch.title');
  }
  return { ok: true, value: password };
}

/** Signing in takes the password as it was set: only its presence and the length limit are checked. */
function checkSignInPassword(password: string): Checked<string> {
  if (password === '') return problem('password', 'auth.error.passwordRequired');
  const error = checkNewPassword(password);
  if (error === 'password_too_short' || error === 'password_too_long') {
    return problem('password', PASSWORD_PROBLEM[error]);
  }
  return { ok: true, value: password };
}

/**
 * The checks before a sign-in or sign-up is sent (spec §5), in this order: e-mail present, e-mail valid,
 * password present, password length, and for sign-up the confirmation matching. The first failing check wins.
 */
export function checkCredentials(input: {
  mode: AuthMode;
  email: string;
  password: string;
  confirm: string;
}): Checked<{ email: string; password: string }> {
  const email = checkEmail(input.email);
  if (!email.ok) return email;
  const password =
    input.mode === 'signUp'
      ? checkPassword(input.password, input.confirm, email.value)
      : checkSignInPassword(input.password);
  if (!password.ok) return password;
  return { ok: true, value: { email: email.value, password: password.value } };
}

/** Which field a server answer is about; everything not tied to one field is shown for the whole form. */
const FIELD_OF_CODE: Readonly<Record<string, AuthField>> = {
  invalid_email: 'email',
  user_exists: 'email',
  password_too_short: 'password',
  password_too_long: 'password',
  password_common: 'password',
  password_repeated: 'password',
  password_sequence: 'password',
  password_email: 'password',
  wrong_password: 'password',
};

/** A failed request as a message next to the right field (`errors.<code>`, `errors.network`, `errors.unknown`). */
export function problemOfError(error: unknown): FieldProblem {
  const message = errorMessageKey(error);
  const code = error instanceof ApiError ? error.code : 'unknown';
  return { field: FIELD_OF_CODE[code] ?? 'form', message };
}

function problem(field: AuthField, message: AuthMessageKey): { ok: false; problem: FieldProblem } {
  return { ok: false, problem: { field, message } };
}

/** Pages a signed-in person may be sent on to after signing in. */
const USER_ROUTES: ReadonlySet<RouteId> = new Set([
  'dashboard',
  'onboarding',
  'reflectDay',
  'chooseLane',
  'settings',
  'app',
  'profile',
]);

/** Any origin works as the base: only a path that stays on it is accepted. */
const BASE = 'http://mirror.invalid';

/**
 * Where to go after signing in, from the `next` query parameter: only a path on this site ("/…", never "//…"
 * or a backslash trick) that belongs to a page for signed-in people; anything else gives null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const route = matchRoute(url.pathname);
  if (!route || !USER_ROUTES.has(route.id)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

import {
  checkNewPassword,
  checkSignUp,
  PASSWORD_MAX_LENGTH,
  type PasswordErrorCode,
  type SignUpErrorCode,
} from '@shared/domain/accounts';
import type { TLocale } from '@shared/domain/locale';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TSessionUser } from '@shared/schemas/accounts';
import { isAPIError } from 'better-auth/api';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/accounts';
import type { SessionUser } from '../../lib/api';
import { exportBubbles } from '../bubbles/service';
import { exportJournalData } from '../journal/service';
import { type Auth, RESET_LINK_PREFIX, withMailLocale } from './auth';
import { isCommonPassword } from './common-passwords';

export type AccountsDeps = { db: Database; auth: Auth };

type Failure<Code extends string> = { ok: false; error: Code };

/** better-auth's code for a failure it threw (`INVALID_TOKEN`, ...), or undefined for anything else. */
function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export type CurrentSession = { user: SessionUser; sessionId: string; setCookies: string[] };

/**
 * The session a request's cookie names, if it is valid. better-auth extends a session in use (at most once a
 * day) and then sends a fresh cookie: `setCookies` must go out with the response.
 */
export async function readSession(auth: Auth, headers: Headers): Promise<CurrentSession | null> {
  const { headers: responseHeaders, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookies = responseHeaders.getSetCookie();
  if (!response) return null;
  const { user, session } = response;
  return {
    user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
    sessionId: session.id,
    setCookies,
  };
}

export function toSessionUser(user: SessionUser): TSessionUser {
  return { id: user.id, email: user.email, emailVerified: user.emailVerified };
}

async function userIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export type SignUpError = SignUpErrorCode;

/**
 * Creates an unverified account and sends the verification link in `language`. Checks in the order of
 * `checkSignUp`, then whether the address has an account already (decision 014 on that answer).
 */
export async function signUp(
  deps: AccountsDeps,
  input: { email: string; password: string; language: TLocale },
): Promise<{ ok: true } | Failure<SignUpError | 'user_exists'>> {
  const check = checkSignUp(input, isCommonPassword);
  if (!check.ok) return check;
  if (await userIdByEmail(deps.db, check.email)) return { ok: false, error: 'user_exists' };
  try {
    // better-auth answers a repeated address like a new one (we checked above); `name` is required by
    // its schema, and Mirror asks for a first name during onboarding instead.
    await withMailLocale(input.language, () =>
      deps.auth.api.signUpEmail({ body: { name: '', email: check.email, password: input.password } }),
    );
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL') return { ok: false, error: 'invalid_email' };
    // Two sign-ups of one address at once: the second one's insert fails on the unique address.
    if (await userIdByEmail(deps.db, check.email)) return { ok: false, error: 'user_exists' };
    throw error;
  }
  return { ok: true };
}

/**
 * Signs in with e-mail and password. An address not yet confirmed is refused, and better-auth sends a fresh
 * link (in `language`). `headers` are the request's (user agent, client address) for the session record.
 */
export async function signIn(
  deps: AccountsDeps,
  input: { email: string; password: string; language: TLocale; headers: Headers },
): Promise<
  | { ok: true; user: TSessionUser; setCookies: string[] }
  | Failure<'invalid_credentials' | 'email_not_verified'>
> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email) || input.password === '' || input.password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, error: 'invalid_credentials' };
  }
  try {
    const { headers, response } = await withMailLocale(input.language, () =>
      deps.auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      }),
    );
    const { user } = response;
    return {
      ok: true,
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
      setCookies: headers.getSetCookie(),
    };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'EMAIL_NOT_VERIFIED') return { ok: false, error: 'email_not_verified' };
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL' || code === 'PASSWORD_TOO_LONG') {
      return { ok: false, error: 'invalid_credentials' };
    }
    throw error;
  }
}

/** Ends the session the request's cookie names, if any, and returns the cookies that clear it. */
export async function signOut(deps: AccountsDeps, headers: Headers): Promise<string[]> {
  const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return result.headers.getSetCookie();
}

/** Sends a reset link in `language` if the address has an account; says nothing either way. */
export async function requestPasswordReset(
  deps: AccountsDeps,
  input: { email: string; language: TLocale },
): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return;
  await withMailLocale(input.language, () => deps.auth.api.requestPasswordReset({ body: { email } }));
}

/** The address of the account a reset link belongs to, while the link is valid. */
async function resetLinkOwner(db: Database, token: string): Promise<string | undefined> {
  if (token === '') return undefined;
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `${RESET_LINK_PREFIX}${token}`));
  return row?.email;
}

/**
 * Sets a new password from a reset link; every session of that user ends, and so does every other reset
 * link (auth.ts `onPasswordReset`).
 */
export async function resetPassword(
  deps: AccountsDeps,
  input: { token: string; password: string },
): Promise<{ ok: true } | Failure<'invalid_token' | PasswordErrorCode>> {
  const email = await resetLinkOwner(deps.db, input.token);
  const passwordError = checkNewPassword(input.password, isCommonPassword, { email });
  if (passwordError) return { ok: false, error: passwordError };
  if (input.token === '') return { ok: false, error: 'invalid_token' };
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') return { ok: false, error: 'invalid_token' };
    throw error;
  }
  return { ok: true };
}

/** Confirms an address from the link in the verification e-mail. */
export async function verifyEmail(
  deps: AccountsDeps,
  token: string,
): Promise<'verified' | 'expired' | 'invalid'> {
  try {
    await deps.auth.api.verifyEmail({ query: { token } });
    return 'verified';
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return authErrorCode(error) === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
  }
}

/**
 * Ends every session of the user except the current one. Done here rather than with better-auth's
 * endpoint, which does not say how many it ended.
 */
export async function revokeOtherSessions(
  db: Database,
  input: { userId: string; currentSessionId: string },
): Promise<number> {
  const revoked = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.currentSessionId)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Checks a signed-in user's password with better-auth's own hash verification. */
async function passwordMatches(deps: AccountsDeps, userId: string, password: string): Promise<boolean> {
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  const context = await deps.auth.$context;
  if (!credential?.hash) {
    // Same work as a real check, so the answer takes as long either way.
    await context.password.hash(password);
    return false;
  }
  return context.password.verify({ hash: credential.hash, password });
}

/**
 * Deletes the account after checking the password: the user row goes, and with it (by foreign keys) their
 * sessions, credentials, profile, weeks, entries, summaries and bubbles; pending verification and reset
 * tokens for the user go in the same transaction.
 */
export async function deleteAccount(
  deps: AccountsDeps,
  input: { user: SessionUser; password: string },
): Promise<{ ok: true } | Failure<'wrong_password'>> {
  if (input.password.length > PASSWORD_MAX_LENGTH) return { ok: false, error: 'wrong_password' };
  if (!(await passwordMatches(deps, input.user.id, input.password))) {
    return { ok: false, error: 'wrong_password' };
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(or(eq(verifications.value, input.user.id), eq(verifications.identifier, input.user.email)));
    await tx.delete(users).where(eq(users.id, input.user.id));
  });
  return { ok: true };
}

/**
 * Everything stored about the user, as one JSON document: the account, the sessions (without their tokens),
 * the journal and the bubbles. No password hash, no tokens.
 */
export async function exportAccount(
  db: Database,
  input: { userId: string; now: Date },
): Promise<Record<string, unknown>> {
  // One snapshot, so the parts of the export agree with each other.
  return db.transaction(
    async (tx) => {
      const [user] = await tx
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, input.userId));
      const sessionRows = await tx
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, input.userId))
        .orderBy(asc(sessions.createdAt));
      const journal = await exportJournalData(tx, input.userId);
      const bubbles = await exportBubbles(tx, input.userId);
      return { exportedAt: input.now.toISOString(), user, sessions: sessionRows, journal, bubbles };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

import { randomUUID } from 'node:crypto';
import {
  checkNewPassword,
  checkSignUp,
  PASSWORD_MAX_LENGTH,
  type PasswordErrorCode,
  type SignUpErrorCode,
} from '@shared/domain/accounts';
import { isLocale, type TLocale } from '@shared/domain/locale';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TResetLinkState, TSessionUser } from '@shared/schemas/accounts';
import { isAPIError } from 'better-auth/api';
import { and, asc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/accounts';
import type { SessionUser } from '../../lib/api';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import { consumeRateLimit } from '../../lib/rate-limit';
import { exportBubbles } from '../bubbles/service';
import {
  checkInvitation,
  claimInvitation,
  type InvitationLinkError,
  markInvitationAccepted,
} from '../invitations/service';
import { exportJournalData } from '../journal/service';
import {
  ACCOUNT_DISABLED_CODE,
  type Auth,
  RESET_LINK_PREFIX,
  tokenDigest,
  VERIFICATION_LINK_SECONDS,
  withMailRequest,
} from './auth';
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

/**
 * The language of the account a request's session names, or null (nobody signed in): the language a page
 * opens in on a device where the person has not chosen one (no locale cookie).
 */
export async function sessionLanguage(
  deps: { auth: Auth; db: DbExecutor },
  headers: Headers,
): Promise<TLocale | null> {
  const session = await readSession(deps.auth, headers);
  if (!session) return null;
  const [row] = await deps.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, session.user.id));
  return isLocale(row?.language) ? row.language : null;
}

/** The language the person chose, kept on the account (for their other devices and staff e-mails). */
export async function setAccountLanguage(db: DbExecutor, userId: string, language: TLocale): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
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
  input: { email: string; password: string; language: TLocale; clientIp?: string },
): Promise<{ ok: true } | Failure<SignUpError | 'user_exists'>> {
  const check = checkSignUp(input, isCommonPassword);
  if (!check.ok) return check;
  if (await userIdByEmail(deps.db, check.email)) return { ok: false, error: 'user_exists' };
  try {
    // better-auth answers a repeated address like a new one (we checked above); `name` is required by
    // its schema, and Mirror asks for a first name during onboarding instead.
    await withMailRequest({ locale: input.language, clientIp: input.clientIp }, () =>
      deps.auth.api.signUpEmail({ body: { name: '', email: check.email, password: input.password } }),
    );
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL') return { ok: false, error: 'invalid_email' };
    // Two sign-ups of one address at once: the second one's insert fails on the unique address.
    if (await userIdByEmail(deps.db, check.email)) return { ok: false, error: 'user_exists' };
    throw error;
  }
  await deps.db.update(users).set({ language: input.language }).where(eq(users.email, check.email));
  return { ok: true };
}

export type InvitedSignUpError =
  | SignUpError
  | 'user_exists'
  | InvitationLinkError
  | 'invitation_wrong_address';

/**
 * Creates an account from an invitation (decision 021). The invitation proves the address, so the account
 * is verified at once and no confirmation e-mail is sent: the user row, its credential and the used-up
 * invitation are written in one transaction (the invitation row is locked, so a link makes one account
 * however often it is sent at once). The person is then signed in like any sign-in (`signIn`).
 */
export async function signUpWithInvitation(
  deps: AccountsDeps & { secret: string; now: Date },
  input: { email: string; password: string; language: TLocale; invitation: string },
): Promise<{ ok: true } | Failure<InvitedSignUpError>> {
  const check = checkSignUp(input, isCommonPassword);
  const link = { secret: deps.secret, token: input.invitation, email: input.email, now: deps.now };
  // The link is checked first: a broken invitation says so, whatever the password.
  const usable = await checkInvitation(deps.db, link);
  if (!usable.ok) return usable;
  if (!check.ok) return check;
  const context = await deps.auth.$context;
  const passwordHash = await context.password.hash(input.password);
  return deps.db.transaction(async (tx) => {
    const claimed = await claimInvitation(tx, link);
    if (!claimed.ok) return claimed;
    const userId = randomUUID();
    const [created] = await tx
      .insert(users)
      .values({
        id: userId,
        name: '',
        email: claimed.email,
        emailVerified: true,
        language: input.language,
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return { ok: false as const, error: 'user_exists' as const };
    // The credential as better-auth keeps it for email and password, so its sign-in reads it.
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: deps.now,
      updatedAt: deps.now,
    });
    await markInvitationAccepted(tx, { id: claimed.id, userId, now: deps.now });
    return { ok: true as const };
  });
}

/**
 * Signs in with e-mail and password. An address not yet confirmed is refused, and better-auth sends a fresh
 * link (in `language`) while the verification budget lasts (auth.ts). `headers` are the request's (user
 * agent, client address) for the session record; `clientIp` counts the link on the client's budget.
 */
export async function signIn(
  deps: AccountsDeps,
  input: {
    email: string;
    password: string;
    language: TLocale;
    headers: Headers;
    clientIp?: string;
    /** The device has no language of its own (no locale cookie): the account's is used instead of `language`. */
    keepAccountLanguage?: boolean;
  },
): Promise<
  | { ok: true; user: TSessionUser; language: TLocale; setCookies: string[] }
  | Failure<'invalid_credentials' | 'email_not_verified' | 'account_disabled'>
> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email) || input.password === '' || input.password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, error: 'invalid_credentials' };
  }
  try {
    const mailRequest = { locale: input.language, clientIp: input.clientIp };
    const { headers, response } = await withMailRequest(mailRequest, () =>
      deps.auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      }),
    );
    const { user } = response;
    // The language the person uses now is the one staff e-mails (a password reset link, say) are written in;
    // on a device that never chose one, the person goes on in the account's.
    let language = input.language;
    if (input.keepAccountLanguage) {
      const [row] = await deps.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, user.id));
      if (isLocale(row?.language)) language = row.language;
    } else {
      await setAccountLanguage(deps.db, user.id, input.language);
    }
    return {
      ok: true,
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
      language,
      setCookies: headers.getSetCookie(),
    };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'EMAIL_NOT_VERIFIED') return { ok: false, error: 'email_not_verified' };
    // Said only after the right password: the session hook refuses a disabled account (decision 023).
    if (code === ACCOUNT_DISABLED_CODE) return { ok: false, error: 'account_disabled' };
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
  await withMailRequest({ locale: input.language }, () =>
    deps.auth.api.requestPasswordReset({ body: { email } }),
  );
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
 * Whether a reset link still works, read only: the link stays as it is. A used link is gone (better-auth
 * deletes it), so it reads as `invalid`, like one that never was. better-auth ends a link by the wall
 * clock, so this reads the same clock, to say what the form would meet.
 */
export async function checkResetLink(db: Database, token: string): Promise<TResetLinkState['status']> {
  if (token === '') return 'invalid';
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `${RESET_LINK_PREFIX}${token}`));
  if (!row) return 'invalid';
  return row.expiresAt.getTime() > Date.now() ? 'valid' : 'expired';
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

/**
 * Confirms an address from the link in the verification e-mail, once: better-auth's links are signed
 * tokens that it would accept again, so each use is recorded (an atomic counter per token digest, kept as
 * long as a link lives) and a second use is `used`, however soon after the first.
 */
export async function verifyEmail(
  deps: AccountsDeps & { clock: Clock },
  token: string,
): Promise<'verified' | 'used' | 'expired' | 'invalid'> {
  if (token === '') return 'invalid';
  const firstUse = await consumeRateLimit(deps.db, {
    key: `account:verify-link-used:${tokenDigest(token)}`,
    rule: { limit: 1, windowMs: VERIFICATION_LINK_SECONDS * 1000 },
    now: deps.clock.now(),
  });
  if (!firstUse.allowed) return 'used';
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
  await deps.db.transaction((tx) => deleteUserCompletely(tx, input.user));
  return { ok: true };
}

/**
 * Deletes an account and everything of theirs, in `tx`: the user row, and with it (by foreign keys) their
 * sessions, credentials, profile, weeks, entries, summaries and bubbles; their pending verification and
 * reset tokens. What a person does with "delete my account", and staff with "delete" (decision 023).
 */
export async function deleteUserCompletely(
  tx: DbExecutor,
  user: { id: string; email: string },
): Promise<boolean> {
  await tx
    .delete(verifications)
    .where(or(eq(verifications.value, user.id), eq(verifications.identifier, user.email)));
  const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
  return deleted.length > 0;
}

/**
 * Sends a fresh verification link to an account not yet verified, in `language`. Staff do this by hand
 * (people), so it is not counted on the person's verification budget; a person's own resend is.
 */
export async function sendVerificationLink(
  deps: AccountsDeps,
  input: { email: string; language: TLocale },
  request: { byStaff: boolean; clientIp?: string } = { byStaff: true },
): Promise<void> {
  await withMailRequest({ locale: input.language, ...request }, () =>
    deps.auth.api.sendVerificationEmail({ body: { email: input.email } }),
  );
}

/**
 * "Resend e-mail" on the check-your-inbox screen: a fresh verification link in `language`, only to an account
 * of that address that is not confirmed yet and not disabled. Says nothing either way (the route answers
 * before this runs, so the timing does not tell either).
 */
export async function resendVerificationLink(
  deps: AccountsDeps,
  input: { email: string; language: TLocale; clientIp?: string },
): Promise<'sent' | 'skipped'> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return 'skipped';
  const [user] = await deps.db
    .select({ verified: users.emailVerified, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user || user.verified || user.disabledAt) return 'skipped';
  await sendVerificationLink(
    deps,
    { email, language: input.language },
    { byStaff: false, clientIp: input.clientIp },
  );
  return 'sent';
}

/**
 * Everything stored about the user, as one JSON document: the account, the sessions (without their tokens),
 * the journal and the bubbles. No password hash, no tokens.
 */
export async function exportAccount(
  deps: { db: Database; cipher: FieldCipher },
  input: { userId: string; now: Date },
): Promise<Record<string, unknown>> {
  // One snapshot, so the parts of the export agree with each other.
  return deps.db.transaction(
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
      const journal = await exportJournalData(tx, deps.cipher, input.userId);
      const bubbles = await exportBubbles({ db: tx, cipher: deps.cipher }, input.userId);
      return { exportedAt: input.now.toISOString(), user, sessions: sessionRows, journal, bubbles };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Disables an account (decision 023): every session of it ends in the same statement's transaction, and no
 * new one can be made (the session hook refuses it), so the person is signed out everywhere at once and
 * their sign-in says the account is disabled. False when it was disabled already or does not exist.
 */
export async function disableAccount(tx: DbExecutor, input: { userId: string; now: Date }): Promise<boolean> {
  const [disabled] = await tx
    .update(users)
    .set({ disabledAt: input.now })
    .where(and(eq(users.id, input.userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  if (!disabled) return false;
  await tx.delete(sessions).where(eq(sessions.userId, input.userId));
  return true;
}

/** Lets a disabled account sign in again. False when it was not disabled or does not exist. */
export async function enableAccount(tx: DbExecutor, input: { userId: string }): Promise<boolean> {
  const [enabled] = await tx
    .update(users)
    .set({ disabledAt: null })
    .where(and(eq(users.id, input.userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return enabled !== undefined;
}

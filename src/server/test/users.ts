import { randomUUID } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { accounts, users } from '../db/schema/accounts';
import { staffAccounts } from '../db/schema/admin';
import { invitations } from '../db/schema/invitations';
import { createStaffAccount } from '../modules/admin/service';
import { invitationToken, inviteAddress } from '../modules/invitations/service';
import { TEST_SESSION_SECRET, type TestContext } from './test-app';

export type SignedInUser = { id: string; email: string; password: string; cookie: string };

let userCounter = 0;

/** `name=value` pairs of every Set-Cookie of a response, ready for a Cookie header. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  }
}

const INVITING_STAFF = 'inviting-staff@example.com';

/** The staff member test invitations come from (made once per database; the audit log names them). */
async function invitingStaff(ctx: TestContext): Promise<{ id: string; email: string }> {
  const [existing] = await ctx.database.db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, INVITING_STAFF));
  if (existing) return { id: existing.id, email: INVITING_STAFF };
  const created = await createStaffAccount(ctx.database.db, {
    email: INVITING_STAFF,
    password: 'inviting staff password',
    now: ctx.clock.now(),
  });
  return { id: created.id, email: created.email };
}

/**
 * The token of a real invitation of `email`, made by the invitations service as staff make one; the token
 * is the one its e-mail's link carries (built from the row, so the test does not wait for the sender).
 */
export async function inviteForTest(
  ctx: TestContext,
  email: string,
  language: TLocale = 'en',
): Promise<string> {
  const outcome = await inviteAddress(ctx.database.db, {
    email,
    language,
    actor: await invitingStaff(ctx),
    ip: null,
    now: ctx.clock.now(),
  });
  if (!outcome.ok) throw new Error(`invitation of ${email}: ${outcome.error}`);
  const [row] = await ctx.database.db
    .select({ id: invitations.id, nonce: invitations.nonce })
    .from(invitations)
    .where(eq(invitations.id, outcome.invitation.id));
  if (!row) throw new Error(`invitation of ${email} left no row`);
  return invitationToken(TEST_SESSION_SECRET, row);
}

/**
 * A verified user with a session, made the way Mirror makes accounts (decision 021): staff invite the
 * address, the person signs up with the invitation's token through the real endpoint, and is signed in.
 */
export async function createSignedInUser(
  ctx: TestContext,
  options: { email?: string; password?: string; language?: TLocale } = {},
): Promise<SignedInUser> {
  userCounter += 1;
  const email = (options.email ?? `user-${userCounter}-${Date.now()}@example.com`).trim().toLowerCase();
  const password = options.password ?? `quiet-harbour-${userCounter}-lantern`;
  const language = options.language ?? 'en';
  const invitation = await inviteForTest(ctx, email, language);
  const signUp = await ctx.app.request('/api/account/sign-up', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(ctx.config.appUrl).origin },
    body: JSON.stringify({ email, password, language, invitation }),
  });
  await expectStatus(signUp, 201, `sign-up of ${email}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const cookie = cookieHeaderFrom(signUp);
  if (!cookie) throw new Error(`sign-up of ${email} set no cookie`);
  return { id: user.id, email, password, cookie };
}

/** One hash per password and worker, as better-auth makes them (scrypt, 0.15 s of CPU each). */
const passwordHashes = new Map<string, Promise<string>>();
const SHARED_PASSWORD = 'quiet-harbour-shared-lantern';

/**
 * A verified account with `password`, as rows: what the invited sign-up writes (`signUpWithInvitation`:
 * the user, verified, and its credential), with the password hashed once per worker. For tests about what
 * people with an account do, not about how they got it (the accounts and invitations tests go that way).
 */
export async function insertVerifiedUser(
  ctx: TestContext,
  options: { email: string; password: string; language?: TLocale },
): Promise<string> {
  let passwordHash = passwordHashes.get(options.password);
  if (!passwordHash) {
    passwordHash = hashPassword(options.password);
    passwordHashes.set(options.password, passwordHash);
  }
  const hashed = await passwordHash;
  const now = ctx.clock.now();
  const userId = randomUUID();
  const email = options.email.trim().toLowerCase();
  const language = options.language ?? 'en';
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: userId, name: '', email, emailVerified: true, language, createdAt: now, updatedAt: now });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: hashed,
      createdAt: now,
      updatedAt: now,
    });
  });
  return userId;
}

/**
 * A verified user with a session, for tests of what signed-in people do rather than of how they got an
 * account: `insertVerifiedUser`, then the real sign-in endpoint. Every such user has the same password,
 * so a user costs one scrypt (the sign-in's) instead of the two of `createSignedInUser`, and no invitation.
 */
export async function createSignedInUserFromRows(
  ctx: TestContext,
  options: { email?: string; language?: TLocale } = {},
): Promise<SignedInUser> {
  userCounter += 1;
  const email = (options.email ?? `user-${userCounter}-${Date.now()}@example.com`).trim().toLowerCase();
  const password = SHARED_PASSWORD;
  const language = options.language ?? 'en';
  const userId = await insertVerifiedUser(ctx, { email, password, language });
  const signIn = await ctx.app.request('/api/account/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(ctx.config.appUrl).origin },
    body: JSON.stringify({ email, password, language }),
  });
  await expectStatus(signIn, 200, `sign-in of ${email}`);
  const cookie = cookieHeaderFrom(signIn);
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return { id: userId, email, password, cookie };
}

/**
 * A request as a signed-in user: sends the session cookie and the app's own Origin (the CSRF check wants it
 * on writes); a plain-object or array `body` is sent as JSON.
 */
export function authedRequest(
  ctx: TestContext,
  cookie: string,
  path: string,
  init: Omit<RequestInit, 'body'> & { body?: unknown } = {},
): Promise<Response> {
  const { body, headers: extraHeaders, ...rest } = init;
  const headers = new Headers(extraHeaders);
  headers.set('cookie', cookie);
  headers.set('origin', new URL(ctx.config.appUrl).origin);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    const isRaw = typeof body === 'string' || body instanceof FormData || body instanceof Blob;
    payload = isRaw ? (body as BodyInit) : JSON.stringify(body);
    if (!isRaw && !headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return Promise.resolve(ctx.app.request(path, { ...rest, headers, body: payload }));
}

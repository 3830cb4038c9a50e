import { eq, like } from 'drizzle-orm';
import { users } from '../db/schema/accounts';
import { rateLimits } from '../db/schema/rate-limits';
import type { TestContext } from './test-app';

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

/**
 * A verified user with a session: signs up and signs in through the real endpoints; only the click on the
 * link in the verification e-mail is replaced by setting `email_verified` in the database. The accounts
 * rate-limit counters are reset afterwards, so tests that create many users from one address are not
 * limited (tests of the limits themselves do not use this helper).
 */
export async function createSignedInUser(
  ctx: TestContext,
  options: { email?: string; password?: string } = {},
): Promise<SignedInUser> {
  userCounter += 1;
  const email = (options.email ?? `user-${userCounter}-${Date.now()}@example.com`).trim().toLowerCase();
  const password = options.password ?? `quiet-harbour-${userCounter}-lantern`;
  const headers = {
    'content-type': 'application/json',
    origin: new URL(ctx.config.appUrl).origin,
  };

  const signUp = await ctx.app.request('/api/account/sign-up', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, language: 'en' }),
  });
  await expectStatus(signUp, 201, `sign-up of ${email}`);

  const [row] = await ctx.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error(`sign-up of ${email} left no user row`);

  const signIn = await ctx.app.request('/api/account/sign-in', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, language: 'en' }),
  });
  await expectStatus(signIn, 200, `sign-in of ${email}`);
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'account:%'));
  const cookie = cookieHeaderFrom(signIn);
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return { id: row.id, email, password, cookie };
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

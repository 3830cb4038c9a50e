import { randomBytes } from 'node:crypto';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/client';
import { loginThrottles } from '../db/schema/rate-limits';
import { consumeRateLimit, refundRateLimit } from './rate-limit';
import { keyedHash, signToken, verifyToken } from './signed-token';

/**
 * Sign-in throttling for users and staff alike (decision 033), kept in PostgreSQL so every app process
 * counts the same attempts. Each sign-in is counted against the account (whatever address it comes from)
 * and against the client address (whatever account it tries). A few failures are free; after that each
 * failure makes the next attempt wait longer (doubling up to a ceiling), and an attempt that comes too early
 * is refused with 429 without its password being looked at. Nothing ever locks the owner out for good: a
 * password reset clears the account's count (users), and `passWithSecondFactor` lets a sign-in that proves
 * both the password and a second factor through (staff with two-factor sign-in).
 *
 * Above both, one count across every account: failed sign-ins per minute of a scope (users, staff). Once
 * it is reached, a browser that is no known device of the account it tries waits for the next minute, so
 * a spray of one password over many accounts from ever new addresses is slowed, while people signing in
 * from their own browser pass (decision 033).
 */
export type ThrottlePolicy = {
  /** Failures that cost nothing. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A count with no failure for this long starts again from zero. */
  forgetAfterMs: number;
};

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

export const LOGIN_THROTTLE = {
  /** One account, from anywhere: 5 free, then 2 s, 4 s, … up to 15 minutes between guesses. */
  account: {
    freeFailures: 5,
    firstDelayMs: 2 * SECOND_MS,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 24 * HOUR_MS,
  },
  /**
   * One client address, any accounts: generous, since a campus or a carrier's NAT puts many people behind one
   * address; it stops one machine from trying passwords across many accounts.
   */
  client: {
    freeFailures: 20,
    firstDelayMs: 1 * SECOND_MS,
    maxDelayMs: 5 * MINUTE_MS,
    forgetAfterMs: HOUR_MS,
  },
  /** Tries of password and second factor together while the account is throttled. */
  secondFactor: {
    freeFailures: 5,
    firstDelayMs: 30 * SECOND_MS,
    maxDelayMs: HOUR_MS,
    forgetAfterMs: 24 * HOUR_MS,
  },
} satisfies Record<string, ThrottlePolicy>;

/** Failed sign-ins a minute, across every account, before unknown browsers wait (SIGN_IN_FAILURES_PER_MINUTE). */
export const DEFAULT_FAILED_SIGN_INS_PER_MINUTE = 60;

/** Whose sign-in it is: users and staff are separate accounts, so their counts are too. */
export type LoginScope = 'user' | 'staff';

export type LoginThrottleDeps = { db: Database; secret: string };

/** An attempt let through; `settleLoginAttempt` says how it ended. */
export type LoginAttempt = {
  accountKey: string;
  /** The key this attempt counted on: the account's, or the known browser's own. */
  countedKey: string;
  clientKey: string;
  /** The count across accounts this attempt was counted on in advance; none for a known browser. */
  globalKey: string | undefined;
  now: Date;
  /** The browser's device id: its own when it is a known device of the account, else a new one. */
  device: string;
};

export type LoginGate =
  | { ok: true; attempt: LoginAttempt }
  | { ok: false; retryAfterMs: number; accountKey: string; now: Date };

/** The row key of an account: a keyed hash of the normalized e-mail address, so no row names anybody. */
export function accountThrottleKey(
  deps: Pick<LoginThrottleDeps, 'secret'>,
  scope: LoginScope,
  email: string,
) {
  return `${scope}:account:${keyedHash(deps.secret, email)}`;
}

function clientThrottleKey(deps: Pick<LoginThrottleDeps, 'secret'>, scope: LoginScope, ip: string) {
  return `${scope}:client:${keyedHash(deps.secret, ip)}`;
}

const DEVICE_PURPOSE = 'login-device';
/** A browser stays known for a year after its last sign-in. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The browser a sign-in comes from, as far as the throttle is concerned: a browser that has signed in to
 * the account before carries a signed token naming the account and a random device id (an HttpOnly cookie
 * the route sets after each success). Its attempts count on a key of their own, so failures from everywhere
 * else never hold the owner's own browser back (OWASP's "device cookies"); a stolen token only moves a
 * guesser onto a key that is throttled just the same. Anything else is "unknown" and shares the account's key.
 */
function deviceOf(deps: Pick<LoginThrottleDeps, 'secret'>, accountKey: string, token: string | undefined) {
  const payload = token ? verifyToken(deps.secret, DEVICE_PURPOSE, token) : null;
  if (payload?.a === accountKey && typeof payload.d === 'string' && /^[\w-]{16,64}$/.test(payload.d)) {
    return payload.d;
  }
  return null;
}

/** The token for the cookie that makes this browser a known device of the account it just signed in to. */
export function knownDeviceToken(deps: Pick<LoginThrottleDeps, 'secret'>, attempt: LoginAttempt): string {
  return signToken(deps.secret, DEVICE_PURPOSE, { a: attempt.accountKey, d: attempt.device });
}

/** Where each sign-in's known-device cookie lives: sent only to that sign-in route. */
const DEVICE_COOKIE = {
  user: { name: 'mirror.device', path: '/api/account/sign-in' },
  staff: { name: 'mirror.admin-device', path: '/api/admin/session' },
} as const;

const deviceCookieName = (scope: LoginScope, secure: boolean) =>
  `${secure ? '__Secure-' : ''}${DEVICE_COOKIE[scope].name}`;

/** The known-device token a sign-in request carries, if any. */
export function readKnownDevice(c: Context, scope: LoginScope, secure: boolean): string | undefined {
  return getCookie(c, deviceCookieName(scope, secure));
}

/** After a successful sign-in: remembers this browser as a known device of the account (or renews it). */
export function rememberKnownDevice(
  c: Context,
  input: { scope: LoginScope; secure: boolean; secret: string; attempt: LoginAttempt },
) {
  setCookie(c, deviceCookieName(input.scope, input.secure), knownDeviceToken(input, input.attempt), {
    path: DEVICE_COOKIE[input.scope].path,
    httpOnly: true,
    sameSite: 'Strict',
    secure: input.secure,
    maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
  });
}

/** The wait after `failures` failures, in SQL: nothing up to the free ones, then doubling to the ceiling. */
function waitAfter(policy: ThrottlePolicy, failures: SQL, now: Date): SQL {
  const ms = sql`least(${policy.maxDelayMs}::double precision, ${policy.firstDelayMs}::double precision * power(2, greatest(0, ${failures} - ${policy.freeFailures} - 1)))`;
  return sql`${now}::timestamptz + case when ${failures} > ${policy.freeFailures} then ${ms} else 0 end * interval '1 millisecond'`;
}

/**
 * Counts an attempt as a failure in advance (settled later), unless the key is waiting: then the attempt is
 * refused and not counted. One atomic upsert, so attempts that arrive together on any number of processes
 * are counted one after the other and cannot all slip through a free slot.
 */
async function countAttempt(
  db: Database,
  input: { key: string; policy: ThrottlePolicy; now: Date },
): Promise<{ refused: boolean; blockedUntil: Date }> {
  const { key, policy, now } = input;
  const t = loginThrottles;
  const forgotten = new Date(now.getTime() - policy.forgetAfterMs);
  const waiting = sql`${t.blockedUntil} > ${now}`;
  const failures = sql`case when ${t.lastFailureAt} <= ${forgotten} then 1 else ${t.failures} + 1 end`;
  const blockedUntil = waitAfter(policy, failures, now);
  const keepUntil = sql`greatest(${new Date(now.getTime() + policy.forgetAfterMs)}::timestamptz, ${blockedUntil})`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      blockedUntil: sql`${waitAfter(policy, sql`1`, now)}`,
      lastFailureAt: now,
      lastRefused: false,
      expiresAt: new Date(now.getTime() + Math.max(policy.forgetAfterMs, policy.maxDelayMs)),
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        lastRefused: waiting,
        failures: sql`case when ${waiting} then ${t.failures} else ${failures} end`,
        blockedUntil: sql`case when ${waiting} then ${t.blockedUntil} else ${blockedUntil} end`,
        lastFailureAt: sql`case when ${waiting} then ${t.lastFailureAt} else ${now}::timestamptz end`,
        expiresAt: sql`case when ${waiting} then ${t.expiresAt} else ${keepUntil} end`,
      },
    })
    .returning({ refused: t.lastRefused, blockedUntil: t.blockedUntil });
  if (!row) throw new Error(`login throttle upsert for ${key} returned no row`);
  return row;
}

/** Takes back an attempt counted in advance (it succeeded, or never happened). */
async function uncountAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(eq(loginThrottles.key, key));
}

const retryAfter = (blockedUntil: Date, now: Date) => Math.max(1000, blockedUntil.getTime() - now.getTime());

/**
 * Asks whether a sign-in to `email` from `ip` may go ahead, before its password is checked. An unknown
 * browser is counted first across accounts (`failedSignInsPerMinute`, in a fixed minute's window), then
 * the client address, then the account (or the known browser's own key); when a later one turns it away,
 * the counts before are taken back.
 */
export async function enterLogin(
  deps: LoginThrottleDeps,
  input: {
    scope: LoginScope;
    email: string;
    ip: string;
    now: Date;
    deviceToken?: string;
    failedSignInsPerMinute?: number;
  },
): Promise<LoginGate> {
  const { now } = input;
  const clientKey = clientThrottleKey(deps, input.scope, input.ip);
  const accountKey = accountThrottleKey(deps, input.scope, input.email);
  const knownDevice = deviceOf(deps, accountKey, input.deviceToken);
  // A known browser's attempts count on its own key; an unknown one's on the account's.
  const countedKey = knownDevice ? `${accountKey}:device:${knownDevice}` : accountKey;
  const globalKey = knownDevice ? undefined : `login:${input.scope}:failures-per-minute`;
  if (globalKey) {
    const limit = input.failedSignInsPerMinute ?? DEFAULT_FAILED_SIGN_INS_PER_MINUTE;
    const rule = { limit, windowMs: MINUTE_MS };
    const all = await consumeRateLimit(deps.db, { key: globalKey, rule, now });
    if (!all.allowed) return { ok: false, retryAfterMs: Math.max(1000, all.retryAfterMs), accountKey, now };
  }
  const takeBack = async () => {
    if (globalKey) await refundRateLimit(deps.db, globalKey);
  };
  const client = await countAttempt(deps.db, { key: clientKey, policy: LOGIN_THROTTLE.client, now });
  if (client.refused) {
    await takeBack();
    return { ok: false, retryAfterMs: retryAfter(client.blockedUntil, now), accountKey, now };
  }
  const account = await countAttempt(deps.db, { key: countedKey, policy: LOGIN_THROTTLE.account, now });
  if (account.refused) {
    await uncountAttempt(deps.db, clientKey);
    await takeBack();
    return { ok: false, retryAfterMs: retryAfter(account.blockedUntil, now), accountKey, now };
  }
  const device = knownDevice ?? randomBytes(16).toString('base64url');
  return { ok: true, attempt: { accountKey, countedKey, clientKey, globalKey, now, device } };
}

/**
 * Settles an attempt `enterLogin` let through. A failure stays counted. A success forgets the account's
 * failures (only the right password gets here) and takes back the client's and the global count for this
 * attempt; the route then sets the known-device cookie (`knownDeviceToken`).
 */
export async function settleLoginAttempt(
  deps: Pick<LoginThrottleDeps, 'db'>,
  attempt: LoginAttempt,
  outcome: 'success' | 'failure',
): Promise<void> {
  if (outcome === 'failure') return;
  // A known browser's success clears its own count; what others tried against the account stays counted.
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, attempt.countedKey));
  await uncountAttempt(deps.db, attempt.clientKey);
  if (attempt.globalKey) await refundRateLimit(deps.db, attempt.globalKey);
}

/**
 * The way past a throttled account for someone who proves more than a password: `proof` must check the
 * password AND a second factor of the same request, and is asked only while the account is throttled.
 * These tries are themselves throttled (LOGIN_THROTTLE.secondFactor), so they are no way to guess either.
 * True: the account's failures are forgotten and the sign-in goes ahead. False: answer as throttled.
 * The staff sign-in route uses it when a throttled sign-in brings a code (`signInPastThrottle`).
 */
export async function passWithSecondFactor(
  deps: Pick<LoginThrottleDeps, 'db'>,
  gate: Extract<LoginGate, { ok: false }>,
  proof: () => Promise<boolean>,
): Promise<boolean> {
  const key = `${gate.accountKey}:second-factor`;
  const counted = await countAttempt(deps.db, { key, policy: LOGIN_THROTTLE.secondFactor, now: gate.now });
  if (counted.refused || !(await proof())) return false;
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, gate.accountKey));
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, key));
  return true;
}

/** Forgets an account's failed sign-ins: after a password reset, or `npm run admin:create -- --reset`. */
export async function forgetLoginFailures(
  deps: LoginThrottleDeps,
  input: { scope: LoginScope; email: string },
): Promise<void> {
  await deps.db
    .delete(loginThrottles)
    .where(eq(loginThrottles.key, accountThrottleKey(deps, input.scope, input.email)));
}

/** Removes rows nobody has failed with for a long while; run periodically by a worker. */
export async function deleteExpiredLoginThrottles(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.expiresAt, now))
    .returning({ key: loginThrottles.key });
  return deleted.length;
}

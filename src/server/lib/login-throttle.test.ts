import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles } from '../db/schema/rate-limits';
import { createStaffAccount } from '../modules/admin/service';
import { clientRequests, createTestApp, errorCodeOf, type TestContext } from '../test/test-app';
import { cookieHeaderFrom, insertVerifiedUser } from '../test/users';
import { LOGIN_THROTTLE, passWithSecondFactor } from './login-throttle';

const APP_URL = 'https://mirror.test';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true', INVITE_ONLY: 'false' } });
});
afterAll(async () => {
  await t.close();
});

const request = clientRequests(() => t, { origin: APP_URL, ipPrefix: '198.18.' });
let counter = 0;
const PASSWORD = 'a quiet evening walk';

type Scope = 'user' | 'staff';

/**
 * A confirmed user or a staff member with PASSWORD, as rows (how they got their account is not what these
 * tests are about): the address.
 */
async function account(scope: Scope): Promise<string> {
  counter += 1;
  if (scope === 'user') {
    const email = `throttle-${counter}@example.com`;
    await insertVerifiedUser(t, { email, password: PASSWORD });
    return email;
  }
  const email = `staff-throttle-${counter}@example.com`;
  await createStaffAccount(t.database.db, { email, password: PASSWORD, now: t.clock.now() });
  return email;
}

/**
 * Guesses enough to throttle an account, and more: the free failures and one, then refusals. With the clock
 * standing still every guess past those meets the same wait, so a few more prove what dozens did.
 */
const PAST_THE_FREE_FAILURES = LOGIN_THROTTLE.account.freeFailures + 5;
const SIGN_IN = { user: '/api/account/sign-in', staff: '/api/admin/session' } as const;
const THROTTLED = { user: 'sign_in_throttled', staff: 'admin_sign_in_throttled' } as const;
const WRONG = { user: 'invalid_credentials', staff: 'admin_login_failed' } as const;

function signIn(
  scope: Scope,
  email: string,
  password: string,
  options: { ip?: string; cookie?: string } = {},
) {
  const body = scope === 'user' ? { email, password, language: 'en' } : { email, password };
  return request('POST', SIGN_IN[scope], { body, ...options });
}

describe.each(['user', 'staff'] as const)('sign-in throttling (%s)', (scope) => {
  it('throttles one account from any number of addresses: free failures, then growing waits, then 429', async () => {
    const email = await account(scope);
    const { freeFailures, firstDelayMs, maxDelayMs } = LOGIN_THROTTLE.account;
    // Every guess from a new address, as an attacker rotating X-Forwarded-For or addresses would.
    for (let guess = 1; guess <= freeFailures + 1; guess += 1) {
      const response = await signIn(scope, email, `wrong ${guess}`);
      expect(response.status, `guess ${guess}`).toBe(401);
      expect(await errorCodeOf(response)).toBe(WRONG[scope]);
    }
    const waits: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      const refused = await signIn(scope, email, `wrong again ${round}`);
      expect(refused.status).toBe(429);
      expect(await errorCodeOf(refused)).toBe(THROTTLED[scope]);
      const wait = Number(refused.headers.get('retry-after')) * 1000;
      waits.push(wait);
      // Even the right password is not looked at while the account waits.
      expect((await signIn(scope, email, PASSWORD)).status).toBe(429);
      t.clock.advance(wait);
      expect((await signIn(scope, email, `wrong after waiting ${round}`)).status).toBe(401);
    }
    expect(waits[0]).toBe(firstDelayMs);
    expect(waits[1]).toBe(firstDelayMs * 2);
    expect(waits[2]).toBe(firstDelayMs * 4);
    expect(waits.at(-1)).toBe(maxDelayMs);
    // Guesses from ever new addresses are held to one every 15 minutes once the waits reach their ceiling.
    // The clock stands still, so each meets the same wait: ten show it as well as the 90 this once sent.
    let let_through = 0;
    for (let guess = 0; guess < 10; guess += 1) {
      if ((await signIn(scope, email, `burst ${guess}`)).status !== 429) let_through += 1;
    }
    expect(let_through).toBe(0);
  });

  it('lets attempts that arrive together through only up to the free failures', async () => {
    const email = await account(scope);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => signIn(scope, email, `parallel ${guess}`)),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      LOGIN_THROTTLE.account.freeFailures + 1,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(20);
  });

  it('throttles one address across many accounts, whatever the leftmost X-Forwarded-For says', async () => {
    const proxyAppended = `203.0.113.${40 + (scope === 'user' ? 0 : 1)}`;
    const statuses: number[] = [];
    for (let guess = 0; guess < LOGIN_THROTTLE.client.freeFailures + 5; guess += 1) {
      // The client writes its own "address" on the left; the trusted proxy appends the real one.
      const response = await request('POST', SIGN_IN[scope], {
        body:
          scope === 'user'
            ? { email: `spray-${guess}@example.com`, password: 'guess', language: 'en' }
            : { email: `spray-${guess}@example.com`, password: 'guess' },
        ip: `10.9.${guess}.1, ${proxyAppended}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOGIN_THROTTLE.client.freeFailures + 1).every((status) => status === 401)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it("never holds back the owner's own browser, whatever others try against the account", async () => {
    const email = await account(scope);
    const first = await signIn(scope, email, PASSWORD, { ip: '192.0.2.200' });
    expect(first.status).toBe(200);
    const device = cookieHeaderFrom(first)
      .split('; ')
      .filter((pair) => pair.includes('device='))
      .join('; ');
    expect(device).not.toBe('');
    for (let guess = 0; guess < PAST_THE_FREE_FAILURES; guess += 1) {
      await signIn(scope, email, `attacker ${guess}`);
    }
    expect((await signIn(scope, email, PASSWORD)).status).toBe(429);
    // The browser that signed in before still gets in at once, from another address too.
    expect((await signIn(scope, email, PASSWORD, { cookie: device, ip: '192.0.2.201' })).status).toBe(200);
    // A known browser is throttled like any other when it guesses wrong.
    for (let guess = 0; guess <= LOGIN_THROTTLE.account.freeFailures; guess += 1) {
      await signIn(scope, email, `own typo ${guess}`, { cookie: device });
    }
    expect((await signIn(scope, email, PASSWORD, { cookie: device })).status).toBe(429);
    // Another account's device cookie counts for nothing here.
    expect((await signIn(scope, email, PASSWORD, { cookie: device.replace(/=.{4}/, '=AAAA') })).status).toBe(
      429,
    );
  });
});

describe('the way back in', () => {
  it('a password reset lets the owner in at once, however throttled the account was', async () => {
    const email = await account('user');
    for (let guess = 0; guess < PAST_THE_FREE_FAILURES; guess += 1) {
      await signIn('user', email, `attacker ${guess}`);
    }
    expect((await signIn('user', email, PASSWORD)).status).toBe(429);
    expect(
      (await request('POST', '/api/account/password-reset', { body: { email, language: 'en' } })).status,
    ).toBe(202);
    const token = await waitForResetToken(email);
    const confirm = await request('POST', '/api/account/password-reset/confirm', {
      body: { token, password: 'a brand new evening walk' },
    });
    expect(confirm.status).toBe(204);
    expect((await signIn('user', email, 'a brand new evening walk')).status).toBe(200);
  });

  it('a second factor with the password passes a throttled staff account; wrong proofs are throttled too', async () => {
    const staffEmail = await account('staff');
    for (let guess = 0; guess < PAST_THE_FREE_FAILURES; guess += 1) {
      await signIn('staff', staffEmail, `attacker ${guess}`);
    }
    const deps = { db: t.database.db, secret: 'test-session-secret-with-at-least-32-characters' };
    const { enterLogin } = await import('./login-throttle');
    const gate = await enterLogin(deps, {
      scope: 'staff',
      email: staffEmail,
      ip: '192.0.2.9',
      now: t.clock.now(),
    });
    expect(gate.ok).toBe(false);
    if (gate.ok) return;
    let proofsAsked = 0;
    const wrongProof = async () => {
      proofsAsked += 1;
      return false;
    };
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect(await passWithSecondFactor(deps, gate, wrongProof)).toBe(false);
    // The free tries were asked; after them, the wrong proofs wait too and are not even asked.
    expect(proofsAsked).toBe(LOGIN_THROTTLE.secondFactor.freeFailures + 1);
    t.clock.advance(LOGIN_THROTTLE.secondFactor.maxDelayMs);
    const later = { ...gate, now: t.clock.now() };
    expect(await passWithSecondFactor(deps, later, async () => true)).toBe(true);
    expect((await signIn('staff', staffEmail, PASSWORD)).status).toBe(200);
  });

  it('keeps no address or IP in clear in the throttle', async () => {
    await signIn('user', 'counted-person@example.com', 'whatever it is', { ip: '192.0.2.99' });
    const keys = (await t.database.db.select({ key: loginThrottles.key }).from(loginThrottles)).map(
      (row) => row.key,
    );
    expect(keys.some((key) => key.startsWith('user:account:'))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/counted|192\.0\.2/);
  });
});

/** The token of the latest reset link sent to `email` (the link is made after the answer). */
async function waitForResetToken(email: string): Promise<string> {
  const { mailOutbox } = await import('../db/schema/mail');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const mail = rows.find((row) => row.kind === 'account_password_reset');
    const token = mail?.textBody.match(/\?reset=([\w-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset link was sent to ${email}`);
}

describe('failed sign-ins across all accounts', () => {
  const PER_MINUTE = 10;
  /** Guesses a minute in the test (the red team made 376 in all): enough to pass the limit many times over. */
  const GUESSES = 6 * PER_MINUTE;
  let spray: TestContext;
  beforeAll(async () => {
    spray = await createTestApp({
      env: { APP_URL, TRUST_PROXY: 'true', SIGN_IN_FAILURES_PER_MINUTE: String(PER_MINUTE) },
    });
  });
  afterAll(async () => {
    await spray.close();
  });
  const sprayRequest = clientRequests(() => spray, { origin: APP_URL, ipPrefix: '198.19.' });
  const userSignIn = (email: string, password: string, cookie?: string) =>
    sprayRequest('POST', '/api/account/sign-in', { body: { email, password, language: 'en' }, cookie });

  it('checks at most the limit of guesses a minute from rotating addresses; a known browser still signs in', async () => {
    const owner = 'owner-of-a-browser@example.com';
    await insertVerifiedUser(spray, { email: owner, password: PASSWORD });
    const first = await userSignIn(owner, PASSWORD);
    expect(first.status).toBe(200);
    const device = cookieHeaderFrom(first)
      .split('; ')
      .filter((pair) => pair.includes('device='))
      .join('; ');
    const victims = ['a', 'b', 'c', 'd'].map((name) => `victim-${name}@example.com`);
    for (const email of victims) await insertVerifiedUser(spray, { email, password: PASSWORD });

    /** One password over many accounts, each guess from a new address (the helper rotates them). */
    async function sprayMinute(round: number) {
      const statuses: number[] = [];
      for (let guess = 0; guess < GUESSES; guess += 1) {
        const email = guess % 2 ? `sprayed-${round}-${guess}@example.com` : (victims[guess % 4] ?? owner);
        const response = await userSignIn(email, `Summer2026-${guess % 3}`);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await errorCodeOf(response)).toBe('sign_in_throttled');
          const wait = Number(response.headers.get('retry-after'));
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(60);
        }
      }
      return statuses;
    }

    const minute = await sprayMinute(1);
    expect(minute.filter((status) => status === 401)).toHaveLength(PER_MINUTE);
    expect(minute.filter((status) => status === 429)).toHaveLength(GUESSES - PER_MINUTE);
    // The owner's own browser is no guess: it signs in meanwhile. A browser unknown to the account waits.
    expect((await userSignIn(owner, PASSWORD, device)).status).toBe(200);
    expect((await userSignIn(victims[0] ?? '', PASSWORD)).status).toBe(429);

    spray.clock.advance(60_000);
    const next = await sprayMinute(2);
    expect(next.filter((status) => status === 401).length).toBeLessThanOrEqual(PER_MINUTE);
    expect(next.filter((status) => status === 429).length).toBeGreaterThanOrEqual(GUESSES - PER_MINUTE);
  });

  it('counts a right password as no failure', async () => {
    spray.clock.advance(60_000);
    const email = 'right-every-time@example.com';
    await insertVerifiedUser(spray, { email, password: PASSWORD });
    for (let attempt = 0; attempt < PER_MINUTE + 5; attempt += 1) {
      expect((await userSignIn(email, PASSWORD)).status).toBe(200);
    }
  });
});

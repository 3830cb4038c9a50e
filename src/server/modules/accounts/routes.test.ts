import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, sessions, users, verifications } from '../../db/schema/accounts';
import { entries, profiles, summaries, weeks } from '../../db/schema/journal';
import { mailOutbox } from '../../db/schema/mail';
import { rateLimits } from '../../db/schema/rate-limits';
import {
  clientRequests,
  createTestApp,
  errorCodeOf,
  TEST_SESSION_SECRET,
  type TestContext,
} from '../../test/test-app';
import { authedRequest, cookieHeaderFrom, createSignedInUser, insertVerifiedUser } from '../../test/users';
import { VERIFICATION_MAIL_BUDGET } from './auth';
import { ACCOUNT_RATE_LIMITS } from './routes';
import { sessionTokenHasher } from './session-store';

const APP_URL = 'https://mirror.test';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestContext;

beforeAll(async () => {
  // The open sign-up (with its verification mail) is what this file tests; invitations have their own.
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true', INVITE_ONLY: 'false' } });
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
const newAddress = (name = 'person') => `${name}-${++addressCounter}@example.com`;

/** Each call comes from its own address unless told otherwise, so per-IP limits stay out of the way. */
const request = clientRequests(() => t, { origin: APP_URL, ipPrefix: '198.51.' });

const signUp = (body: { email: string; password: string; language?: 'en' | 'de' }, ip?: string) =>
  request('POST', '/api/account/sign-up', { body: { language: 'en', ...body }, ip });
const signIn = (body: { email: string; password: string; language?: 'en' | 'de' }, ip?: string) =>
  request('POST', '/api/account/sign-in', { body: { language: 'en', ...body }, ip });
const sessionOf = async (cookie: string) =>
  ((await (await request('GET', '/api/account/session', { cookie })).json()) as { user: unknown }).user;

async function mailsTo(email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(mailOutbox.createdAt);
}

function linkIn(text: string, pattern: RegExp): URL {
  const match = text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return new URL(match[0]);
}
const verifyLink = (text: string) => linkIn(text, /https:\/\/mirror\.test\/api\/auth\/verify-email\?\S+/);
const resetLink = (text: string) => linkIn(text, /https:\/\/mirror\.test\/auth\?reset=\S+/);

/**
 * The reset e-mails sent to `email`, once there are `count` of them: the link is made and sent after the
 * request is answered, so that the answer takes as long whether or not the address has an account.
 */
async function resetMailsTo(email: string, count: number) {
  return vi.waitFor(
    async () => {
      const resets = (await mailsTo(email)).filter((mail) => mail.kind === 'account_password_reset');
      if (resets.length < count) throw new Error(`${resets.length} of ${count} reset e-mails so far`);
      return resets;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/**
 * Follows the link in a verification e-mail as a browser does: the GET opens /auth with the token, and the
 * page confirms with a POST.
 */
async function confirmAddress(mailText: string) {
  const link = verifyLink(mailText);
  const opened = await request('GET', `${link.pathname}${link.search}`);
  expect(opened.status).toBe(302);
  const page = new URL(opened.headers.get('location') ?? '', APP_URL);
  expect(page.pathname).toBe('/auth');
  return request('POST', '/api/account/verify-email', { body: { token: page.searchParams.get('verify') } });
}

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A verified account with a session, created through the endpoints (and the link in the e-mail). */
async function verifiedUser(language: 'en' | 'de' = 'en') {
  const email = newAddress();
  const password = 'a quiet evening walk';
  expect((await signUp({ email, password, language })).status).toBe(201);
  const [mail] = await mailsTo(email);
  expect((await confirmAddress(mail?.textBody ?? '')).status).toBe(200);
  const response = await signIn({ email, password });
  expect(response.status).toBe(200);
  return { email, password, cookie: cookieHeaderFrom(response), id: (await userRow(email))?.id ?? '' };
}

describe('signing up', () => {
  it('creates an unverified account and sends the verification link in the requested language', async () => {
    const response = await signUp({
      email: '  Grete.Muster@Example.DE ',
      password: 'Lindenblüte 42',
      language: 'de',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'verification_sent' });
    expect(response.headers.getSetCookie()).toEqual([]);

    const user = await userRow('grete.muster@example.de');
    expect(user).toMatchObject({ emailVerified: false });
    const [credential] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(credential?.providerId).toBe('credential');
    expect(credential?.password).not.toContain('Lindenblüte');

    const [mail] = await mailsTo('grete.muster@example.de');
    expect(mail).toMatchObject({
      kind: 'account_verification',
      status: 'sent',
      subject: 'Bestätige deine E-Mail-Adresse für Mirror',
    });
    expect(mail?.messageKey).toMatch(new RegExp(`^account-verify:${user?.id}:`));
    expect(mail?.textBody).toContain('Der Link gilt 24 Stunden');
    const link = verifyLink(mail?.textBody ?? '');
    expect(link.searchParams.get('lang')).toBe('de');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(mail?.html).toContain(link.searchParams.get('token'));

    // Without SMTP_URL the message was written to DATA_DIR/mail.
    const files = fs.readdirSync(path.join(t.config.dataDir, 'mail'));
    const written = files.map((file) => fs.readFileSync(path.join(t.config.dataDir, 'mail', file), 'utf8'));
    expect(written.some((eml) => eml.includes('To: grete.muster@example.de'))).toBe(true);
  });

  it('checks the e-mail, then the password length, then weak patterns, then the common-password list', async () => {
    const cases: [string, string, string][] = [
      ['not an address', '1', 'invalid_email'],
      ['two@@example.com', 'a long and fine password', 'invalid_email'],
      ['short@example.com', '12345', 'password_too_short'],
      ['long@example.com', 'x'.repeat(129), 'password_too_long'],
      ['common@example.com', 'password', 'password_common'],
      ['common@example.com', 'Sunshine1', 'password_common'],
      ['weak@example.com', 'aaaaaa', 'password_repeated'],
      ['weak@example.com', '      ', 'password_repeated'],
      ['weak@example.com', 'qwerty123', 'password_sequence'],
      ['weak@example.com', 'WEAK@example.com', 'password_email'],
      ['weak@example.com', 'weak!', 'password_too_short'],
    ];
    for (const [email, password, code] of cases) {
      const response = await signUp({ email, password });
      expect(response.status, code).toBe(400);
      expect(await errorCodeOf(response)).toBe(code);
    }
    const addresses = cases.map(([email]) => email);
    const [created] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.email, addresses));
    expect(created?.n).toBe(0);
    expect(await mailsTo('common@example.com')).toHaveLength(0);
  });

  it('accepts exactly 6 and exactly 128 characters', async () => {
    expect((await signUp({ email: newAddress(), password: 'zq7!rm' })).status).toBe(201);
    expect((await signUp({ email: newAddress(), password: `${'k'.repeat(127)}z` })).status).toBe(201);
  });

  it('answers user_exists for an address that has an account, whatever its case', async () => {
    const email = newAddress('twice');
    expect((await signUp({ email, password: 'first of two tries' })).status).toBe(201);
    const again = await signUp({ email: email.toUpperCase(), password: 'second of two tries' });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('user_exists');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('rejects a malformed body with a validation error', async () => {
    const response = await request('POST', '/api/account/sign-up', { body: { email: 3, password: 'x' } });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation');
  });
});

describe('verifying the address', () => {
  it('refuses to sign in before verification and sends a fresh link in the sign-in language', async () => {
    const email = newAddress();
    await signUp({ email, password: 'morning light on water', language: 'de' });
    const response = await signIn({ email, password: 'morning light on water', language: 'en' });
    expect(response.status).toBe(403);
    expect(await errorCodeOf(response)).toBe('email_not_verified');
    expect(response.headers.getSetCookie()).toEqual([]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Confirm your e-mail address for Mirror');
    expect(verifyLink(mails[1]?.textBody ?? '').searchParams.get('lang')).toBe('en');
  });

  it('does not resend a link for a wrong password', async () => {
    const email = newAddress();
    await signUp({ email, password: 'morning light on water' });
    const response = await signIn({ email, password: 'evening light on water' });
    expect(response.status).toBe(401);
    expect(await errorCodeOf(response)).toBe('invalid_credentials');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('confirms the address only when the page posts the token from the link; then sign-in works', async () => {
    const email = newAddress();
    await signUp({ email, password: 'morning light on water', language: 'de' });
    const [mail] = await mailsTo(email);
    const link = verifyLink(mail?.textBody ?? '');
    // Opening the link (a person, or a mail scanner) changes nothing: it leads to the page.
    const opened = await request('GET', `${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    const token = link.searchParams.get('token') ?? '';
    expect(opened.headers.get('location')).toBe(`/auth?verify=${encodeURIComponent(token)}&lang=de`);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect((await userRow(email))?.emailVerified).toBe(false);

    const confirmed = await request('POST', '/api/account/verify-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: 'verified' });
    expect((await userRow(email))?.emailVerified).toBe(true);
    // The link works once: a second use is refused like an expired one (the page says used or expired).
    const again = await request('POST', '/api/account/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(await errorCodeOf(again)).toBe('invalid_token');
    expect((await signIn({ email, password: 'morning light on water' })).status).toBe(200);
  });

  it('lets only one of two uses of a link at once through', async () => {
    const email = newAddress();
    await signUp({ email, password: 'morning light on water' });
    const [mail] = await mailsTo(email);
    const token = verifyLink(mail?.textBody ?? '').searchParams.get('token') ?? '';
    const uses = await Promise.all(
      [1, 2].map(() => request('POST', '/api/account/verify-email', { body: { token } })),
    );
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400]);
    expect((await userRow(email))?.emailVerified).toBe(true);
  });

  it('refuses a forged or missing token', async () => {
    const email = newAddress();
    await signUp({ email, password: 'morning light on water' });
    const [mail] = await mailsTo(email);
    const token = verifyLink(mail?.textBody ?? '').searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const candidate of [forged, '', 'abc']) {
      const response = await request('POST', '/api/account/verify-email', { body: { token: candidate } });
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('invalid_token');
    }
    const missing = await request('GET', '/api/auth/verify-email?lang=xx');
    expect(missing.headers.get('location')).toBe('/auth?verifyError=invalid&lang=en');
    expect((await userRow(email))?.emailVerified).toBe(false);
  });
});

describe('the budget of verification e-mails', () => {
  const verificationMails = async (email: string) =>
    (await mailsTo(email)).filter((mail) => mail.kind === 'account_verification');

  it('sends at most the budget however often an unconfirmed account signs in, and still says to confirm', async () => {
    const email = newAddress('bombed');
    const password = 'morning light on water';
    expect((await signUp({ email, password })).status).toBe(201);
    // Three times the budget's sign-ins (the red team made 150; each costs a password check here), a second
    // apart, so no two links are the same token.
    for (let attempt = 0; attempt < 3 * VERIFICATION_MAIL_BUDGET.perEmailHourly.limit; attempt += 1) {
      t.clock.advance(1000);
      const response = await signIn({ email, password, language: attempt % 2 ? 'de' : 'en' });
      expect(response.status).toBe(403);
      expect(await errorCodeOf(response)).toBe('email_not_verified');
    }
    const sent = await verificationMails(email);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThanOrEqual(VERIFICATION_MAIL_BUDGET.perEmailHourly.limit);
    // The budget is the same for the "resend e-mail" button.
    t.clock.advance(ACCOUNT_RATE_LIMITS.resendVerificationCooldown.windowMs);
    expect(
      (await request('POST', '/api/account/verification/resend', { body: { email, language: 'en' } })).status,
    ).toBe(202);
    expect(await errorCodeOf(await signIn({ email, password }))).toBe('email_not_verified');
    expect((await verificationMails(email)).length).toBe(sent.length);
  });

  it('limits the e-mails one client address causes across accounts', async () => {
    const ip = '192.0.2.77';
    const password = 'morning light on water';
    const addresses: string[] = [];
    const limit = VERIFICATION_MAIL_BUDGET.perClientHourly.limit;
    // Unconfirmed accounts as rows (a sign-up each would cost a second password hash and send its own e-mail).
    for (let account = 0; account < limit + 3; account += 1) {
      const email = newAddress('crowd');
      addresses.push(email);
      await insertVerifiedUser(t, { email, password });
    }
    await t.database.db.update(users).set({ emailVerified: false }).where(inArray(users.email, addresses));
    t.clock.advance(1000);
    for (const email of addresses) {
      expect(await errorCodeOf(await signIn({ email, password }, ip))).toBe('email_not_verified');
    }
    let sent = 0;
    for (const email of addresses) sent += (await verificationMails(email)).length;
    expect(sent).toBe(limit);
  });
});

describe('resending the confirmation e-mail', () => {
  const resend = (email: string, language: 'en' | 'de' = 'en', ip?: string) =>
    request('POST', '/api/account/verification/resend', { body: { email, language }, ip });

  /** The verification e-mails sent to `email`, once there are `count` (sent after the answer). */
  async function verificationMailsTo(email: string, count: number) {
    return vi.waitFor(
      async () => {
        const sent = (await mailsTo(email)).filter((mail) => mail.kind === 'account_verification');
        if (sent.length < count) throw new Error(`${sent.length} of ${count} verification e-mails so far`);
        return sent;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  it('sends a fresh link in the asked language to an account waiting for confirmation; it confirms', async () => {
    const email = newAddress('resend');
    await signUp({ email, password: 'a letter in the rain', language: 'en' });
    const response = await resend(email.toUpperCase(), 'de');
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    const mails = await verificationMailsTo(email, 2);
    expect(mails[1]?.subject).not.toBe(mails[0]?.subject);
    expect(verifyLink(mails[1]?.textBody ?? '').searchParams.get('lang')).toBe('de');
    expect((await confirmAddress(mails[1]?.textBody ?? '')).status).toBe(200);
    expect((await userRow(email))?.emailVerified).toBe(true);
  });

  it('answers the same for an unknown address and a confirmed one, and sends them nothing', async () => {
    const { email: confirmed } = await verifiedUser();
    const waiting = newAddress('waiting');
    await signUp({ email: waiting, password: 'a letter in the rain' });
    const unknown = newAddress('nobody');
    const answers = [await resend(unknown), await resend(confirmed)];
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(await answer.text()).toBe('');
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    // The work after an answer starts as it is answered: once a resend asked after these two (to an account
    // waiting for confirmation; in German, so it is not the repeat of its first link) has sent its link, their
    // work has run too. Then check that nothing went out.
    expect((await resend(waiting, 'de')).status).toBe(202);
    await verificationMailsTo(waiting, 2);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect((await mailsTo(confirmed)).filter((mail) => mail.kind === 'account_verification')).toHaveLength(1);
    // The cooldown holds for an unknown address as for a real one: the 429 does not tell them apart either.
    expect((await resend(unknown)).status).toBe(429);
  });

  it('waits a cooldown between resends to one address and allows five an hour', async () => {
    const email = newAddress('cooldown');
    await signUp({ email, password: 'a letter in the rain' });
    expect((await resend(email)).status).toBe(202);
    const early = await resend(email);
    expect(early.status).toBe(429);
    expect(await errorCodeOf(early)).toBe('rate_limited');
    const wait = Number(early.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_RATE_LIMITS.resendVerificationCooldown.windowMs / 1000);

    for (let sent = 1; sent < ACCOUNT_RATE_LIMITS.resendVerificationPerEmail.limit; sent += 1) {
      t.clock.advance(ACCOUNT_RATE_LIMITS.resendVerificationCooldown.windowMs + 1000);
      expect((await resend(email)).status).toBe(202);
    }
    t.clock.advance(ACCOUNT_RATE_LIMITS.resendVerificationCooldown.windowMs + 1000);
    const hourly = await resend(email);
    expect(hourly.status).toBe(429);
    expect(Number(hourly.headers.get('retry-after'))).toBeGreaterThan(
      ACCOUNT_RATE_LIMITS.resendVerificationCooldown.windowMs / 1000,
    );
  });

  it('limits one client however many addresses it tries', async () => {
    const ip = '192.0.2.40';
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.resendVerificationPerIp.limit; attempt += 1) {
      expect((await resend(newAddress('many'), 'en', ip)).status).toBe(202);
    }
    expect((await resend(newAddress('many'), 'en', ip)).status).toBe(429);
  });

  it('refuses a malformed address before counting it', async () => {
    const response = await resend('nobody at example');
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_email');
  });
});

describe('signing in and out', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure session cookie and records the device', async () => {
    const { email, password } = await verifiedUser();
    const response = await request('POST', '/api/account/sign-in', {
      body: { email: email.toUpperCase(), password, language: 'en' },
      ip: '203.0.113.7',
      userAgent: 'Firefox/140',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string; email: string; emailVerified: boolean } };
    expect(body.user).toEqual({ id: expect.any(String), email, emailVerified: true });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-mirror\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);

    const sessionUser = await sessionOf(cookieHeaderFrom(response));
    expect(sessionUser).toEqual(body.user);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, body.user.id), eq(sessions.userAgent, 'Firefox/140')));
    expect(row?.ipAddress).toBe('203.0.113.7');
  });

  it('answers invalid_credentials for a wrong password, an unknown address or a malformed one', async () => {
    const { email } = await verifiedUser();
    for (const [address, password] of [
      [email, 'not the password'],
      ['nobody@example.com', 'whatever it is'],
      ['not an address', 'whatever it is'],
      [email, ''],
    ] as const) {
      const response = await signIn({ email: address, password });
      expect(response.status).toBe(401);
      expect(await errorCodeOf(response)).toBe('invalid_credentials');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('reports nobody without a cookie or with a forged one', async () => {
    expect(await sessionOf('')).toBeNull();
    expect(await sessionOf('__Secure-mirror.session_token=forged.value')).toBeNull();
    const { cookie } = await verifiedUser();
    const [name, value] = cookie.split('=');
    expect(await sessionOf(`${name}=x${value}`)).toBeNull();
  });

  it('extends a session in use and sends the fresh cookie with the response', async () => {
    const { cookie, id } = await verifiedUser();
    // A session whose last extension is more than a day old (better-auth works on the real time).
    const almostThirtyDays = (30 * 24 - 25) * 3600 * 1000;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + almostThirtyDays) })
      .where(eq(sessions.userId, id));
    const response = await request('GET', '/api/account/session', { cookie });
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe(id);
    const refreshed = response.headers.getSetCookie().find((value) => value.includes('session_token='));
    expect(refreshed).toMatch(/Max-Age=2592000/);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + almostThirtyDays + 3600 * 1000);

    // Signing out in a request that would also extend the session only clears the cookie.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + almostThirtyDays) })
      .where(eq(sessions.userId, id));
    const signOut = await authedRequest(t, cookie, '/api/account/sign-out', { method: 'POST' });
    const sessionCookies = signOut.headers.getSetCookie().filter((value) => value.includes('session_token='));
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatch(/Max-Age=0/);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const { cookie, id } = await verifiedUser();
    const response = await authedRequest(t, cookie, '/api/account/sign-out', { method: 'POST' });
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().find((value) => value.includes('session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await sessionOf(cookie)).toBeNull();
    const [left] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
    expect(left?.n).toBe(0);
  });

  it('stores a keyed hash of the token, not the token the cookie carries; a clear row no longer matches', async () => {
    const { cookie, id } = await verifiedUser();
    const value = cookie.match(/session_token=([^;]+)/)?.[1] ?? '';
    const token = decodeURIComponent(value).split('.')[0] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row?.token).not.toBe(token);
    expect(row?.token).toBe(sessionTokenHasher(TEST_SESSION_SECRET)(token));
    expect(await sessionOf(cookie)).not.toBeNull();
    // A row written before tokens were hashed holds the token itself: it names no session any more.
    await t.database.db.update(sessions).set({ token }).where(eq(sessions.userId, id));
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("ends a session past its expiry on the app's clock, and extends one in use on it", async () => {
    const { cookie, id } = await verifiedUser();
    const expiryOf = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, id)))[0]?.expiresAt.getTime() ??
      0;
    const before = t.clock.now();
    try {
      // The app's clock ahead of the wall clock (as CLOCK_OFFSET_MS puts it): a day before the end, the
      // session works and is extended by 30 days from the app's now.
      const firstEnd = await expiryOf();
      t.clock.set(new Date(firstEnd - DAY_MS));
      expect(await sessionOf(cookie)).not.toBeNull();
      const extendedEnd = await expiryOf();
      expect(extendedEnd).toBeGreaterThan(firstEnd + 28 * DAY_MS);
      // Past the end, unused meanwhile: refused, and the row is gone.
      t.clock.set(new Date(extendedEnd + 1000));
      expect(await sessionOf(cookie)).toBeNull();
      const [left] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
      expect(left?.n).toBe(0);
    } finally {
      t.clock.set(before);
    }
  });

  it('signs out without a session too', async () => {
    const response = await request('POST', '/api/account/sign-out');
    expect(response.status).toBe(204);
  });

  it('refuses a sign-out posted from another site', async () => {
    const { cookie } = await verifiedUser();
    const response = await t.app.request('/api/account/sign-out', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.test' },
    });
    expect(response.status).toBe(403);
    expect(await sessionOf(cookie)).not.toBeNull();
  });
});

describe('rate limits', () => {
  it('allows a few sign-ups per client an hour; form mistakes do not count', async () => {
    const ip = '192.0.2.20';
    expect((await signUp({ email: newAddress(), password: '123' }, ip)).status).toBe(400);
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.signUpPerIp.limit; attempt += 1) {
      expect((await signUp({ email: newAddress(), password: 'a garden after rain' }, ip)).status).toBe(201);
    }
    const blocked = await signUp({ email: newAddress(), password: 'a garden after rain' }, ip);
    expect(blocked.status).toBe(429);
    expect(await errorCodeOf(blocked)).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('sends at most three reset links an hour to one address', async () => {
    const { email } = await verifiedUser();
    const ask = () => request('POST', '/api/account/password-reset', { body: { email, language: 'en' } });
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit; attempt += 1) {
      expect((await ask()).status).toBe(202);
    }
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    const resets = await resetMailsTo(email, ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit);
    expect(resets).toHaveLength(ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit);
  });

  it('keeps no address or IP in clear in the counters', async () => {
    await request('POST', '/api/account/password-reset', {
      body: { email: 'counted@example.com', language: 'en' },
      ip: '192.0.2.99',
    });
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith('account:reset:'))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/counted|192\.0\.2/);
  });
});

describe('resetting the password', () => {
  const confirmReset = (token: string, password: string) =>
    request('POST', '/api/account/password-reset/confirm', { body: { token, password } });
  const tokenOf = (mail: { textBody: string } | undefined) =>
    resetLink(mail?.textBody ?? '').searchParams.get('reset') ?? '';

  it('ends every older link when a new one is sent, and every other one when one is used', async () => {
    const { email } = await verifiedUser();
    const ask = () => request('POST', '/api/account/password-reset', { body: { email, language: 'en' } });
    expect((await ask()).status).toBe(202);
    const first = tokenOf((await resetMailsTo(email, 1))[0]);
    t.clock.advance(1000);
    // better-auth dates a link by the wall clock, to the millisecond: the next one is the newer once that
    // clock has moved past the first one's.
    const [firstLink] = await t.database.db
      .select({ createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${first}`));
    expect(firstLink).toBeDefined();
    await vi.waitFor(
      () => {
        if (Date.now() <= (firstLink?.createdAt.getTime() ?? 0)) throw new Error('in the same millisecond');
      },
      { timeout: 10_000, interval: 1 },
    );
    expect((await ask()).status).toBe(202);
    const second = tokenOf((await resetMailsTo(email, 2))[1]);
    expect(second).not.toBe(first);
    // The older link no longer works; the newer one does, once.
    expect(await errorCodeOf(await confirmReset(first, 'an older link at dusk'))).toBe('invalid_token');
    expect((await confirmReset(second, 'the newest link at dawn')).status).toBe(204);
    expect(await errorCodeOf(await confirmReset(second, 'the newest link again'))).toBe('invalid_token');

    // Links that were sent before one was used end with it, even one issued in the same instant.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.insert(verifications).values([
      {
        id: 'parallel-a',
        identifier: 'reset-password:parallel-token-a',
        value: user?.id ?? '',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
      {
        id: 'parallel-b',
        identifier: 'reset-password:parallel-token-b',
        value: user?.id ?? '',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    expect((await confirmReset('parallel-token-a', 'one of two at once')).status).toBe(204);
    expect(await errorCodeOf(await confirmReset('parallel-token-b', 'the other of two'))).toBe(
      'invalid_token',
    );
  });

  it('checks a link without using it: valid, then used; expired; unknown', async () => {
    const check = async (token: string) => {
      const response = await request('POST', '/api/account/password-reset/check', { body: { token } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { status: string }).status;
    };
    const { email } = await verifiedUser();
    await request('POST', '/api/account/password-reset', { body: { email, language: 'en' } });
    const token = tokenOf((await resetMailsTo(email, 1))[0]);
    expect(await check(token)).toBe('valid');
    expect(await check(token)).toBe('valid');
    // Checked twice, and the link still sets the password, once.
    expect((await confirmReset(token, 'checked and then used')).status).toBe(204);
    expect(await check(token)).toBe('invalid');

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.insert(verifications).values({
      id: 'expired-link',
      identifier: 'reset-password:expired-token',
      value: user?.id ?? '',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await check('expired-token')).toBe('expired');
    expect(await errorCodeOf(await confirmReset('expired-token', 'too late for this'))).toBe('invalid_token');
    expect(await check('never-sent')).toBe('invalid');
    expect(await check('')).toBe('invalid');
  });

  it('refuses a new password that is the address or its local part, which only the server knows here', async () => {
    const { email } = await verifiedUser();
    await request('POST', '/api/account/password-reset', { body: { email, language: 'en' } });
    const token = tokenOf((await resetMailsTo(email, 1))[0]);
    for (const password of [email.toUpperCase(), email.split('@')[0] ?? '']) {
      const refused = await confirmReset(token, password);
      expect(refused.status).toBe(400);
      expect(await errorCodeOf(refused)).toBe('password_email');
    }
    expect((await confirmReset(token, 'a fresh start')).status).toBe(204);
  });

  it('answers 202 for an unknown address and sends nothing', async () => {
    const response = await request('POST', '/api/account/password-reset', {
      body: { email: 'Nobody.Here@example.com', language: 'en' },
    });
    expect(response.status).toBe(202);
    expect(await mailsTo('nobody.here@example.com')).toHaveLength(0);
  });

  it('refuses a malformed address', async () => {
    const response = await request('POST', '/api/account/password-reset', {
      body: { email: 'nobody at example', language: 'en' },
    });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_email');
  });

  it('sends a link to the reset page, sets the new password once and ends every session', async () => {
    const { email, password, cookie, id } = await verifiedUser();
    const other = cookieHeaderFrom(await signIn({ email, password }));
    const response = await request('POST', '/api/account/password-reset', {
      body: { email: email.toUpperCase(), language: 'de' },
    });
    expect(response.status).toBe(202);

    const [mail] = await resetMailsTo(email, 1);
    expect(mail?.subject).toBe('Setze dein Passwort für Mirror zurück');
    await vi.waitFor(async () => expect((await resetMailsTo(email, 1))[0]?.status).toBe('sent'));
    expect(mail?.messageKey).toMatch(new RegExp(`^account-reset:${id}:`));
    const link = resetLink(mail?.textBody ?? '');
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('lang')).toBe('de');
    const token = link.searchParams.get('reset') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);

    const confirm = (body: { token: string; password: string }) =>
      request('POST', '/api/account/password-reset/confirm', { body });
    for (const [newPassword, code] of [
      ['12345', 'password_too_short'],
      ['y'.repeat(129), 'password_too_long'],
      ['Sunshine1', 'password_common'],
    ] as const) {
      const refused = await confirm({ token, password: newPassword });
      expect(refused.status).toBe(400);
      expect(await errorCodeOf(refused)).toBe(code);
    }
    const forged = await confirm({ token: `${token}x`, password: 'a brand new password' });
    expect(forged.status).toBe(400);
    expect(await errorCodeOf(forged)).toBe('invalid_token');

    expect((await confirm({ token, password: 'a brand new password' })).status).toBe(204);
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect((await signIn({ email, password })).status).toBe(401);
    expect((await signIn({ email, password: 'a brand new password' })).status).toBe(200);

    const reused = await confirm({ token, password: 'yet another password' });
    expect(reused.status).toBe(400);
    expect(await errorCodeOf(reused)).toBe('invalid_token');
  });
});

describe('other sessions', () => {
  it('ends every other session and keeps the current one', async () => {
    const { email, password, cookie } = await verifiedUser();
    const second = cookieHeaderFrom(await signIn({ email, password }));
    const third = cookieHeaderFrom(await signIn({ email, password }));
    const stranger = await verifiedUser();

    const response = await authedRequest(t, cookie, '/api/account/sessions/revoke-others', {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    expect(await sessionOf(cookie)).not.toBeNull();
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionOf(third)).toBeNull();
    expect(await sessionOf(stranger.cookie)).not.toBeNull();
  });
});

async function seedJournal(userId: string) {
  await t.database.db.insert(profiles).values({
    userId,
    firstName: 'Ada',
    profileV0: {
      answers: ['Ada'],
      what_matters: [],
      where_safe: [],
      edges: [],
      ai_enabled: false,
      reminder_time: '08:00',
    },
  });
  const [week] = await t.database.db
    .insert(weeks)
    .values({
      userId,
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      isoWeek: '2026-W47',
      structure: { topics: { '1': 'intro: momentum' } },
    })
    .returning({ id: weeks.id });
  await t.database.db
    .insert(entries)
    .values({ userId, weekId: week?.id ?? '', day: 1, topic: 'intro: momentum', contentText: 'A calm day.' });
  await t.database.db
    .insert(summaries)
    .values({ userId, weekId: week?.id, content: 'A week of small steps.' });
}

async function rowsOf(userId: string) {
  const tally = async (table: PgTable, userIdColumn: PgColumn) =>
    (await t.database.db.select({ n: count() }).from(table).where(eq(userIdColumn, userId)))[0]?.n;
  return {
    users: await tally(users, users.id),
    sessions: await tally(sessions, sessions.userId),
    accounts: await tally(accounts, accounts.userId),
    profiles: await tally(profiles, profiles.userId),
    weeks: await tally(weeks, weeks.userId),
    entries: await tally(entries, entries.userId),
    summaries: await tally(summaries, summaries.userId),
  };
}

/** What `seedJournal` and `verifiedUser` leave for one user. */
const ONE_OF_EACH = { users: 1, sessions: 1, accounts: 1, profiles: 1, weeks: 1, entries: 1, summaries: 1 };

describe('deleting the account', () => {
  it('needs the right password', async () => {
    const { cookie, id } = await verifiedUser();
    await seedJournal(id);
    const response = await authedRequest(t, cookie, '/api/account', {
      method: 'DELETE',
      body: { password: 'not my password' },
    });
    expect(response.status).toBe(403);
    expect(await errorCodeOf(response)).toBe('wrong_password');
    expect(await rowsOf(id)).toEqual(ONE_OF_EACH);
  });

  it("removes every row of the user and none of another user's", async () => {
    const { email, password, cookie, id } = await verifiedUser();
    const other = await verifiedUser();
    await seedJournal(id);
    await seedJournal(other.id);
    await request('POST', '/api/account/password-reset', { body: { email, language: 'en' } });
    await resetMailsTo(email, 1);
    const pendingResets = () =>
      t.database.db.select({ n: count() }).from(verifications).where(eq(verifications.value, id));
    expect((await pendingResets())[0]?.n).toBe(1);

    const response = await authedRequest(t, cookie, '/api/account', { method: 'DELETE', body: { password } });
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().find((value) => value.includes('session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);

    const none = { users: 0, sessions: 0, accounts: 0, profiles: 0, weeks: 0, entries: 0, summaries: 0 };
    expect(await rowsOf(id)).toEqual(none);
    expect((await pendingResets())[0]?.n).toBe(0);
    expect(await rowsOf(other.id)).toEqual(ONE_OF_EACH);
    expect(await sessionOf(cookie)).toBeNull();
    expect((await signIn({ email, password })).status).toBe(401);
    // The address is free again.
    expect((await signUp({ email, password: 'starting over again' })).status).toBe(201);
  });
});

describe('exporting', () => {
  it('downloads the account, its sessions and the journal, without tokens or password hashes', async () => {
    const { email, cookie, id } = await verifiedUser();
    await seedJournal(id);
    const response = await authedRequest(t, cookie, '/api/account/export');
    expect(response.status).toBe(200);
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="mirror-export-${day}.json"`,
    );
    const text = await response.text();
    const data = JSON.parse(text) as {
      exportedAt: string;
      user: Record<string, unknown>;
      sessions: Record<string, unknown>[];
      journal: Record<string, unknown>;
    };
    expect(data.exportedAt).toBe(t.clock.now().toISOString());
    expect(data.user).toEqual({ id, email, emailVerified: true, createdAt: expect.any(String) });
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0] ?? {}).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'ipAddress',
      'userAgent',
    ]);
    expect(text).toContain('A calm day.');

    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    const [credential] = await t.database.db.select().from(accounts).where(eq(accounts.userId, id));
    expect(text).not.toContain(session?.token);
    expect(text).not.toContain(credential?.password);
    expect(text).not.toMatch(/"(token|password)"/);
  });
});

describe('access', () => {
  it('gives tests a signed-in user through the real endpoints (test/users.ts)', async () => {
    const user = await createSignedInUser(t, { email: 'Helper@Example.com' });
    expect(user.email).toBe('helper@example.com');
    expect(await sessionOf(user.cookie)).toEqual({ id: user.id, email: user.email, emailVerified: true });
    const exported = await authedRequest(t, user.cookie, '/api/account/export');
    expect(exported.status).toBe(200);
    const revoke = await authedRequest(t, user.cookie, '/api/account/sessions/revoke-others', {
      method: 'POST',
    });
    expect(await revoke.json()).toEqual({ revoked: 0 });
  });

  it('answers 401 unauthenticated on every account endpoint that needs a session', async () => {
    const calls: [string, 'GET' | 'POST' | 'DELETE', unknown][] = [
      ['/api/account/sessions/revoke-others', 'POST', undefined],
      ['/api/account', 'DELETE', { password: 'anything at all' }],
      ['/api/account/export', 'GET', undefined],
    ];
    for (const [pathname, method, body] of calls) {
      const response = await request(method, pathname, { body });
      expect(response.status, pathname).toBe(401);
      expect(await errorCodeOf(response)).toBe('unauthenticated');
    }
    const session = await request('GET', '/api/account/session');
    expect(await session.json()).toEqual({ user: null });
  });

  it("does not expose better-auth's own endpoints", async () => {
    const { email, password } = await verifiedUser();
    const raw: [string, 'GET' | 'POST', unknown][] = [
      ['/api/auth/sign-in/email', 'POST', { email, password }],
      ['/api/auth/sign-up/email', 'POST', { email: newAddress(), password, name: 'x' }],
      ['/api/auth/get-session', 'GET', undefined],
      ['/api/auth/request-password-reset', 'POST', { email }],
      ['/api/auth/list-sessions', 'GET', undefined],
    ];
    for (const [pathname, method, body] of raw) {
      const response = await request(method, pathname, { body });
      expect(response.status, pathname).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await errorCodeOf(response)).toBe('not_found');
    }
  });

  it('describes every account endpoint in the OpenAPI document', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: [string, string][] = [
      ['/api/account/session', 'get'],
      ['/api/account/sign-up', 'post'],
      ['/api/account/sign-in', 'post'],
      ['/api/account/sign-out', 'post'],
      ['/api/account/password-reset', 'post'],
      ['/api/account/password-reset/check', 'post'],
      ['/api/account/password-reset/confirm', 'post'],
      ['/api/account/sessions/revoke-others', 'post'],
      ['/api/account', 'delete'],
      ['/api/account/export', 'get'],
      ['/api/auth/verify-email', 'get'],
      ['/api/account/verify-email', 'post'],
    ];
    for (const [pathname, method] of expected) {
      expect(document.paths[pathname]?.[method], `${method} ${pathname}`).toBeDefined();
    }
  });
});

// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import {
  SECOND_FACTOR_ACCOUNT_BUDGET,
  SECOND_FACTOR_LOCK_BASE_MS,
  SECOND_FACTOR_MAX_ATTEMPTS,
  STAFF_INVITATION_VALID_DAYS,
} from '@shared/domain/staff';
import type { TAdminSession } from '@shared/schemas/admin';
import type {
  TStaffAccount,
  TStaffList,
  TStaffSessions,
  TTwoFactorEnabled,
  TTwoFactorSetup,
} from '@shared/schemas/staff';
import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, staffAccounts, staffRecoveryCodes, staffSessions } from '../../db/schema/admin';
import { mailOutbox } from '../../db/schema/mail';
import { rateLimits } from '../../db/schema/rate-limits';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { cookieHeaderFrom } from '../../test/users';
import { staffInvitationCopy, staffSecondFactorLockedCopy } from '../mail/templates/account-copy';
import { base32Decode, totpCode } from './totp';

const APP_URL = 'https://mirror.test';
let t: TestContext;

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ env: { APP_URL, ...env } });
}
afterEach(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json', origin: APP_URL };

/** Signs in with the password only (the first step); returns the session and its cookie. */
async function signInWithPassword(staff: { email: string; password: string }) {
  const response = await t.app.request('/api/admin/session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  const session = await expectJson<TAdminSession>(response);
  await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
  return { session, cookie: cookieHeaderFrom(response) };
}

function secondFactor(cookie: string, code: string) {
  return staffRequest(t, { cookie }, 'POST', '/api/admin/session/second-factor', { code });
}

/** Sets up two-factor sign-in for `staff` through the API; returns the app's key and the recovery codes. */
async function enableTwoFactor(staff: { cookie: string }) {
  const setup = await expectJson<TTwoFactorSetup>(
    await staffRequest(t, staff, 'POST', '/api/admin/account/two-factor/setup'),
  );
  const key = base32Decode(setup.secret);
  if (!key) throw new Error('the setup secret is not base32');
  const enabled = await expectJson<TTwoFactorEnabled>(
    await staffRequest(t, staff, 'POST', '/api/admin/account/two-factor/confirm', {
      code: totpCode(key, t.clock.now().getTime()),
    }),
  );
  return { key, setup, recoveryCodes: enabled.recoveryCodes };
}

describe('two-factor sign-in (TOTP, RFC 6238) with a fake clock', () => {
  beforeEach(() => start());

  it('is set up from a QR code drawn here, and then asked for at every sign-in', async () => {
    const staff = await createSignedInStaff(t);
    const { key, setup, recoveryCodes } = await enableTwoFactor(staff);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Mirror:/);
    expect(setup.qr.path).toMatch(/^M\d/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only keyed hashes are stored; the secret is sealed.
    const stored = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, staff.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes).not.toContain(row.codeHash);
    const [account] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staff.id));
    expect(account?.totpSecret).toMatch(/^v1\./);
    expect(account?.totpSecret).not.toContain(setup.secret.replaceAll(' ', ''));
    const status = await expectJson<TStaffAccount>(await staffRequest(t, staff, 'GET', '/api/admin/account'));
    expect(status.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // The password alone does not sign in any more.
    t.clock.advance(60_000);
    const { session, cookie } = await signInWithPassword(staff);
    expect(session.stage).toBe('second_factor');
    expect((await staffRequest(t, { cookie }, 'GET', '/api/admin/waitlist')).status).toBe(401);
    const signedIn = await expectJson<TAdminSession>(
      await secondFactor(cookie, totpCode(key, t.clock.now().getTime())),
    );
    expect(signedIn.stage).toBe('full');
    expect(signedIn.expiresAt).toBe(new Date(t.clock.now().getTime() + ADMIN_SESSION_MS).toISOString());
    expect((await staffRequest(t, { cookie }, 'GET', '/api/admin/waitlist')).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.staffEmail, staff.email));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['two_factor.enable', 'login.password_ok', 'login']),
    );
  });

  it('accepts a code once: the same code again is refused, the next one works', async () => {
    const staff = await createSignedInStaff(t);
    const { key } = await enableTwoFactor(staff);
    t.clock.advance(30_000);
    const code = totpCode(key, t.clock.now().getTime());
    const first = await signInWithPassword(staff);
    expect((await secondFactor(first.cookie, code)).status).toBe(200);

    const second = await signInWithPassword(staff);
    const replay = await secondFactor(second.cookie, code);
    expect(replay.status).toBe(400);
    expect(await errorCodeOf(replay)).toBe('invalid_code');
    t.clock.advance(30_000);
    expect((await secondFactor(second.cookie, totpCode(key, t.clock.now().getTime()))).status).toBe(200);
  });

  it('accepts a code from the step before or after (clock drift), not two steps away', async () => {
    const staff = await createSignedInStaff(t);
    const { key } = await enableTwoFactor(staff);
    t.clock.advance(10 * 60_000);
    const now = t.clock.now().getTime();
    const { cookie } = await signInWithPassword(staff);
    expect(await errorCodeOf(await secondFactor(cookie, totpCode(key, now - 60_000)))).toBe('invalid_code');
    expect(await errorCodeOf(await secondFactor(cookie, totpCode(key, now + 60_000)))).toBe('invalid_code');
    expect((await secondFactor(cookie, totpCode(key, now - 30_000))).status).toBe(200);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const staff = await createSignedInStaff(t);
    const { recoveryCodes } = await enableTwoFactor(staff);
    const [code = ''] = recoveryCodes;
    const first = await signInWithPassword(staff);
    expect((await secondFactor(first.cookie, code.toUpperCase().replace('-', ' '))).status).toBe(200);
    const second = await signInWithPassword(staff);
    const reused = await secondFactor(second.cookie, code);
    expect(reused.status).toBe(400);
    expect(await errorCodeOf(reused)).toBe('invalid_code');
    expect((await secondFactor(second.cookie, recoveryCodes[1] ?? '')).status).toBe(200);
    const status = await expectJson<TStaffAccount>(
      await staffRequest(t, second, 'GET', '/api/admin/account'),
    );
    expect(status.twoFactor.recoveryCodesLeft).toBe(8);
  });

  it(`ends a half-done sign-in after ${SECOND_FACTOR_MAX_ATTEMPTS} wrong codes, without locking the account`, async () => {
    const staff = await createSignedInStaff(t);
    const { key } = await enableTwoFactor(staff);
    const { cookie } = await signInWithPassword(staff);
    for (let attempt = 1; attempt < SECOND_FACTOR_MAX_ATTEMPTS; attempt += 1) {
      expect(await errorCodeOf(await secondFactor(cookie, '000000'))).toBe('invalid_code');
    }
    const last = await secondFactor(cookie, '000000');
    expect(last.status).toBe(401);
    expect(await errorCodeOf(last)).toBe('too_many_attempts');
    expect((await secondFactor(cookie, totpCode(key, t.clock.now().getTime()))).status).toBe(401);
    // The right password and a valid code still get in.
    t.clock.advance(30_000);
    const again = await signInWithPassword(staff);
    expect((await secondFactor(again.cookie, totpCode(key, t.clock.now().getTime()))).status).toBe(200);
  });

  it(`checks at most ${SECOND_FACTOR_ACCOUNT_BUDGET} wrong codes per account, however many half-done sign-ins the password opens`, async () => {
    const staff = await createSignedInStaff(t);
    const { key, recoveryCodes } = await enableTwoFactor(staff);
    // An attacker who knows the password: a new half-done sign-in every few codes (the per-address limits
    // are cleared by signInWithPassword, as if each came from a new address), 60 guesses in all.
    const answers: string[] = [];
    let cookie = '';
    for (let guess = 0; guess < 60; guess += 1) {
      if (guess % 4 === 0) cookie = (await signInWithPassword(staff)).cookie;
      const answer = await secondFactor(cookie, '000000');
      answers.push(String(await errorCodeOf(answer)));
      if (answer.status === 401) cookie = (await signInWithPassword(staff)).cookie;
    }
    const checked = answers.filter((code) => code !== 'second_factor_locked');
    expect(checked).toHaveLength(SECOND_FACTOR_ACCOUNT_BUDGET - 1);
    expect(answers[SECOND_FACTOR_ACCOUNT_BUDGET - 1]).toBe('second_factor_locked');
    const wrongCodesCounted = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'login_failed'));
    expect(wrongCodesCounted).toHaveLength(SECOND_FACTOR_ACCOUNT_BUDGET);

    // While it is paused, not even the right code or a recovery code is checked; the answer says how long.
    const paused = await secondFactor(
      (await signInWithPassword(staff)).cookie,
      totpCode(key, t.clock.now().getTime()),
    );
    expect(paused.status).toBe(401);
    expect(await errorCodeOf(paused)).toBe('second_factor_locked');
    expect(Number(paused.headers.get('retry-after'))).toBe(SECOND_FACTOR_LOCK_BASE_MS / 1000);
    const recovery = await secondFactor((await signInWithPassword(staff)).cookie, recoveryCodes[0] ?? '');
    expect(await errorCodeOf(recovery)).toBe('second_factor_locked');

    // The staff member is told once, and the audit log has the lockout.
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'staff_second_factor_locked'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(staff.email);
    expect(mails[0]?.subject).toBe(staffSecondFactorLockedCopy.en.subject);
    const lockouts = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'two_factor.locked'));
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]?.details).toMatchObject({ wrongCodes: SECOND_FACTOR_ACCOUNT_BUDGET, lockouts: 1 });

    // After the pause, the next ten wrong codes pause it twice as long.
    t.clock.advance(SECOND_FACTOR_LOCK_BASE_MS);
    let last: Response | null = null;
    for (let guess = 0; guess < SECOND_FACTOR_ACCOUNT_BUDGET; guess += 1) {
      if (guess % 4 === 0) cookie = (await signInWithPassword(staff)).cookie;
      last = await secondFactor(cookie, '000000');
      if (last.status === 401 && guess < SECOND_FACTOR_ACCOUNT_BUDGET - 1) {
        cookie = (await signInWithPassword(staff)).cookie;
      }
    }
    expect(await errorCodeOf(last as Response)).toBe('second_factor_locked');
    expect(Number(last?.headers.get('retry-after'))).toBe((2 * SECOND_FACTOR_LOCK_BASE_MS) / 1000);

    // Once it is over, the right code gets in and makes the budget whole again.
    t.clock.advance(2 * SECOND_FACTOR_LOCK_BASE_MS);
    const back = await secondFactor(
      (await signInWithPassword(staff)).cookie,
      totpCode(key, t.clock.now().getTime()),
    );
    expect(back.status).toBe(200);
    const [account] = await t.database.db
      .select({
        failures: staffAccounts.secondFactorFailures,
        lockouts: staffAccounts.secondFactorLockouts,
        until: staffAccounts.secondFactorLockedUntil,
      })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, staff.email));
    expect(account).toEqual({ failures: 0, lockouts: 0, until: null });
  });

  it('gives a half-done sign-in five minutes', async () => {
    const staff = await createSignedInStaff(t);
    const { key } = await enableTwoFactor(staff);
    const { cookie } = await signInWithPassword(staff);
    t.clock.advance(5 * 60_000);
    const late = await secondFactor(cookie, totpCode(key, t.clock.now().getTime()));
    expect(late.status).toBe(401);
    expect(await errorCodeOf(late)).toBe('admin_session_missing');
  });

  it('turns off with the password and gives new recovery codes with it', async () => {
    const staff = await createSignedInStaff(t);
    const { recoveryCodes } = await enableTwoFactor(staff);
    const wrong = await staffRequest(t, staff, 'POST', '/api/admin/account/two-factor/recovery-codes', {
      password: 'not the password',
    });
    expect(await errorCodeOf(wrong)).toBe('wrong_password');
    const fresh = await expectJson<{ recoveryCodes: string[] }>(
      await staffRequest(t, staff, 'POST', '/api/admin/account/two-factor/recovery-codes', {
        password: staff.password,
      }),
    );
    expect(fresh.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect(
      (await staffRequest(t, staff, 'DELETE', '/api/admin/account/two-factor', { password: staff.password }))
        .status,
    ).toBe(204);
    const { session } = await signInWithPassword(staff);
    expect(session.stage).toBe('full');
  });

  it('lets the right password with a valid code past a throttled account; nothing less', async () => {
    const staff = await createSignedInStaff(t);
    const { key } = await enableTwoFactor(staff);
    t.clock.advance(30_000); // the code that set it up is used
    const signIn = (body: Record<string, string>) =>
      t.app.request('/api/admin/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: staff.email, ...body }),
      });
    // Someone else guesses until the account is throttled.
    let answer = await signIn({ password: 'not the password at all' });
    for (let guess = 0; guess < 20 && answer.status !== 429; guess += 1) {
      answer = await signIn({ password: `not the password ${guess}` });
    }
    expect(await errorCodeOf(answer)).toBe('admin_sign_in_throttled');
    // The right password alone waits like everybody else; with a wrong code or a wrong password too.
    expect(await errorCodeOf(await signIn({ password: staff.password }))).toBe('admin_sign_in_throttled');
    const code = totpCode(key, t.clock.now().getTime());
    expect(await errorCodeOf(await signIn({ password: staff.password, code: '000000' }))).toBe(
      'admin_sign_in_throttled',
    );
    expect(await errorCodeOf(await signIn({ password: 'a wrong one', code }))).toBe(
      'admin_sign_in_throttled',
    );
    // Both right: signed in at once, fully, and no half-made sessions are left over.
    const passed = await signIn({ password: staff.password, code });
    const session = await expectJson<TAdminSession>(passed);
    expect(session.stage).toBe('full');
    const me = await staffRequest(
      t,
      { cookie: cookieHeaderFrom(passed) },
      'GET',
      '/api/admin/account/sessions',
    );
    expect(me.status).toBe(200);
    const sessions = await t.database.db
      .select({ stage: staffSessions.stage })
      .from(staffSessions)
      .where(eq(staffSessions.staffId, staff.id));
    expect(sessions.every((row) => row.stage === 'full')).toBe(true);
  });

  it('refuses a second setup while one is on', async () => {
    const staff = await createSignedInStaff(t);
    await enableTwoFactor(staff);
    const again = await staffRequest(t, staff, 'POST', '/api/admin/account/two-factor/setup');
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('two_factor_already_enabled');
  });
});

describe('STAFF_REQUIRE_2FA=true', () => {
  beforeEach(() => start({ STAFF_REQUIRE_2FA: 'true' }));

  it('makes the setup the only thing a sign-in can do until it is done', async () => {
    // Under the rule, the helper's sign-in reaches only the setup.
    const staff = await createSignedInStaff(t);
    const state = await expectJson<{ session: TAdminSession }>(
      await staffRequest(t, staff, 'GET', '/api/admin/session'),
    );
    expect(state.session.stage).toBe('setup');
    expect((await staffRequest(t, staff, 'GET', '/api/admin/waitlist')).status).toBe(401);
    expect((await staffRequest(t, staff, 'GET', '/api/admin/account')).status).toBe(401);
    const { key } = await enableTwoFactor(staff);
    expect((await staffRequest(t, staff, 'GET', '/api/admin/waitlist')).status).toBe(200);
    const refused = await staffRequest(t, staff, 'DELETE', '/api/admin/account/two-factor', {
      password: staff.password,
    });
    expect(await errorCodeOf(refused)).toBe('two_factor_required');
    t.clock.advance(30_000);
    const next = await signInWithPassword(staff);
    expect(next.session.stage).toBe('second_factor');
    expect((await secondFactor(next.cookie, totpCode(key, t.clock.now().getTime()))).status).toBe(200);
  });
});

describe('own password and sessions', () => {
  beforeEach(() => start());

  it('changes the password after the current one and ends every other session', async () => {
    const staff = await createSignedInStaff(t);
    const other = await signInWithPassword(staff);
    const sessions = await expectJson<TStaffSessions>(
      await staffRequest(t, staff, 'GET', '/api/admin/account/sessions'),
    );
    expect(sessions.sessions).toHaveLength(2);
    expect(sessions.sessions.filter((session) => session.current)).toHaveLength(1);

    const wrong = await staffRequest(t, staff, 'PUT', '/api/admin/account/password', {
      currentPassword: 'not it',
      newPassword: 'a new password for me',
    });
    expect(await errorCodeOf(wrong)).toBe('wrong_password');
    const short = await staffRequest(t, staff, 'PUT', '/api/admin/account/password', {
      currentPassword: staff.password,
      newPassword: 'short',
    });
    expect(await errorCodeOf(short)).toBe('password_too_short');
    const changed = await expectJson<{ ended: number }>(
      await staffRequest(t, staff, 'PUT', '/api/admin/account/password', {
        currentPassword: staff.password,
        newPassword: 'a new password for me',
      }),
    );
    expect(changed.ended).toBe(1);
    expect((await staffRequest(t, { cookie: other.cookie }, 'GET', '/api/admin/account')).status).toBe(401);
    expect((await staffRequest(t, staff, 'GET', '/api/admin/account')).status).toBe(200);
    const login = await t.app.request('/api/admin/session', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: staff.email, password: 'a new password for me' }),
    });
    expect(login.status).toBe(200);
  });

  it('ends one other session or all of them, never another member’s', async () => {
    const staff = await createSignedInStaff(t);
    const second = await signInWithPassword(staff);
    const third = await signInWithPassword(staff);
    const stranger = await createSignedInStaff(t);
    const list = await expectJson<TStaffSessions>(
      await staffRequest(t, staff, 'GET', '/api/admin/account/sessions'),
    );
    const secondId = list.sessions.find((session) => !session.current)?.id ?? '';
    expect(
      (await staffRequest(t, stranger, 'DELETE', `/api/admin/account/sessions/${secondId}`)).status,
    ).toBe(404);
    expect((await staffRequest(t, staff, 'DELETE', `/api/admin/account/sessions/${secondId}`)).status).toBe(
      200,
    );
    const ended = await expectJson<{ ended: number }>(
      await staffRequest(t, staff, 'POST', '/api/admin/account/sessions/end-others'),
    );
    expect(ended.ended).toBe(1);
    for (const cookie of [second.cookie, third.cookie]) {
      expect((await staffRequest(t, { cookie }, 'GET', '/api/admin/account')).status).toBe(401);
    }
    expect((await staffRequest(t, stranger, 'GET', '/api/admin/account')).status).toBe(200);
  });
});

describe('the staff: invitations, roles, removal', () => {
  let owner: SignedInStaff;
  beforeEach(async () => {
    await start();
    owner = await createSignedInStaff(t);
  });

  /** The staff invitation link in the outbox message to `email`. */
  async function linkTo(email: string) {
    const [message] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const match = /https:\/\/mirror\.test\/admin-login\?\S+/.exec(message?.textBody ?? '');
    if (!match) throw new Error(`no staff invitation to ${email}`);
    return { url: new URL(match[0]), subject: message?.subject };
  }

  it('invites by e-mail; the link sets a password once, and the account has the role it was given', async () => {
    const invited = await staffRequest(t, owner, 'POST', '/api/admin/staff/invitations', {
      email: 'New.Editor@Example.com',
      role: 'editor',
      language: 'de',
    });
    expect(invited.status).toBe(201);
    const { url, subject } = await linkTo('new.editor@example.com');
    expect(subject).toBe(staffInvitationCopy.de.subject);
    const token = url.searchParams.get('staffInvitation') ?? '';
    const info = await t.app.request(`/api/admin/staff-invitation?token=${encodeURIComponent(token)}`);
    expect(await info.json()).toEqual({ email: 'new.editor@example.com', role: 'editor' });

    const short = await t.app.request('/api/admin/staff-invitation/accept', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token, password: 'short' }),
    });
    expect(await errorCodeOf(short)).toBe('password_too_short');
    const accepted = await t.app.request('/api/admin/staff-invitation/accept', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token, password: 'the editor password' }),
    });
    const session = await expectJson<TAdminSession>(accepted);
    expect(session).toMatchObject({
      stage: 'full',
      staff: { email: 'new.editor@example.com', role: 'editor' },
    });
    const editor = { cookie: cookieHeaderFrom(accepted) };
    expect((await staffRequest(t, editor, 'GET', '/api/admin/people')).status).toBe(200);
    expect(await errorCodeOf(await staffRequest(t, editor, 'GET', '/api/admin/staff'))).toBe(
      'admin_forbidden',
    );

    const again = await t.app.request('/api/admin/staff-invitation/accept', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token, password: 'the editor password' }),
    });
    expect(await errorCodeOf(again)).toBe('invalid_token');
    const exists = await staffRequest(t, owner, 'POST', '/api/admin/staff/invitations', {
      email: 'new.editor@example.com',
      role: 'owner',
      language: 'en',
    });
    expect(await errorCodeOf(exists)).toBe('staff_exists');
  });

  it('refuses an expired, a revoked and a replaced staff invitation link', async () => {
    await staffRequest(t, owner, 'POST', '/api/admin/staff/invitations', {
      email: 'later@example.com',
      role: 'editor',
      language: 'en',
    });
    const first = (await linkTo('later@example.com')).url.searchParams.get('staffInvitation') ?? '';
    const list = await expectJson<TStaffList>(await staffRequest(t, owner, 'GET', '/api/admin/staff'));
    const id = list.invitations[0]?.id ?? '';
    await staffRequest(t, owner, 'POST', `/api/admin/staff/invitations/${id}/resend`);
    const read = (token: string) =>
      t.app.request(`/api/admin/staff-invitation?token=${encodeURIComponent(token)}`);
    expect(await errorCodeOf(await read(first))).toBe('invalid_token');
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'later@example.com'));
    const second = /staffInvitation=([^&\s]+)/.exec(rows.at(-1)?.textBody ?? '')?.[1] ?? '';
    expect((await read(decodeURIComponent(second))).status).toBe(200);
    t.clock.advance(STAFF_INVITATION_VALID_DAYS * 24 * 3_600_000);
    expect((await read(decodeURIComponent(second))).status).toBe(410);
    owner = await createSignedInStaff(t);
    expect((await staffRequest(t, owner, 'DELETE', `/api/admin/staff/invitations/${id}`)).status).toBe(204);
    expect(await errorCodeOf(await read(decodeURIComponent(second)))).toBe('invalid_token');
  });

  it('changes roles and removes staff, but never the last owner', async () => {
    const list = await expectJson<TStaffList>(await staffRequest(t, owner, 'GET', '/api/admin/staff'));
    const self = list.staff.find((member) => member.email === owner.email);
    expect(self?.role).toBe('owner');
    const demote = await staffRequest(t, owner, 'PATCH', `/api/admin/staff/${owner.id}`, { role: 'editor' });
    expect(await errorCodeOf(demote)).toBe('last_owner');
    expect(await errorCodeOf(await staffRequest(t, owner, 'DELETE', `/api/admin/staff/${owner.id}`))).toBe(
      'last_owner',
    );

    const editor = await createSignedInStaff(t, { role: 'editor' });
    expect((await staffRequest(t, editor, 'GET', '/api/admin/staff')).status).toBe(403);
    const promoted = await staffRequest(t, owner, 'PATCH', `/api/admin/staff/${editor.id}`, {
      role: 'owner',
    });
    expect(promoted.status).toBe(200);
    // The new role counts from the next call.
    expect((await staffRequest(t, editor, 'GET', '/api/admin/staff')).status).toBe(200);
    expect((await staffRequest(t, editor, 'DELETE', `/api/admin/staff/${owner.id}`)).status).toBe(204);
    expect((await staffRequest(t, owner, 'GET', '/api/admin/account')).status).toBe(401);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(like(adminAuditLog.action, 'staff.%'));
    // Both in the same millisecond of the test's clock: their order in the table says nothing.
    expect(audit.map((row) => [row.action, row.target]).sort()).toEqual([
      ['staff.remove', owner.email],
      ['staff.role', editor.email],
    ]);
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const second = await createSignedInStaff(t);
    const answers = await Promise.all([
      staffRequest(t, owner, 'PATCH', `/api/admin/staff/${second.id}`, { role: 'editor' }),
      staffRequest(t, second, 'PATCH', `/api/admin/staff/${owner.id}`, { role: 'editor' }),
    ]);
    // One wins. The other is refused: 409 when both passed the role check and met at the owners' lock, or
    // 403 when the winner had already made its author an editor before its role was checked.
    const [won, refused] = answers.map((answer) => answer.status).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    const owners = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.role, 'owner'));
    expect(owners).toHaveLength(1);
  });
});

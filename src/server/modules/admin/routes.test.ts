import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_SESSION_MAX_MS, ADMIN_SESSION_MS } from '@shared/domain/admin';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, staffAccounts, staffSessions } from '../../db/schema/admin';
import { rateLimits } from '../../db/schema/rate-limits';
import { createLogger } from '../../lib/logger';
import { clientRequests, createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { cookieHeaderFrom, createSignedInUser } from '../../test/users';
import {
  createStaffAccount,
  deleteExpiredStaffSessions,
  ensureBootstrapStaff,
  GENERATED_ADMIN_EMAIL,
  hashSessionToken,
  StaffAccountError,
} from './service';
import { staffCookieName } from './session-cookie';

const APP_URL = 'https://mirror.test';
let t: TestContext;
let staffCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
});

/** Each call comes from its own address unless told otherwise, so per-IP limits stay out of the way. */
const request = clientRequests(() => t, { origin: APP_URL, ipPrefix: '203.0.' });

async function newStaff() {
  staffCounter += 1;
  const email = `staff-${staffCounter}@example.com`;
  const password = `a long staff password ${staffCounter}`;
  await createStaffAccount(t.database.db, { email, password, now: t.clock.now() });
  return { email, password };
}

const login = (body: { email: string; password: string }, ip?: string) =>
  request('POST', '/api/admin/session', { body, ip });

/** Who the session check says is signed in with a cookie: their e-mail, or null. */
async function signedInAs(cookie: string): Promise<string | null> {
  const response = await request('GET', '/api/admin/session', { cookie });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { session: { staff: { email: string } } | null };
  return body.session?.staff.email ?? null;
}

describe('staff sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict, Secure cookie for the admin API only, valid 8 hours', async () => {
    const staff = await newStaff();
    const response = await login({ email: staff.email.toUpperCase(), password: staff.password });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      staff: { email: string };
      expiresAt: string;
      expiresInMs: number;
    };
    expect(body.staff.email).toBe(staff.email);
    expect(new Date(body.expiresAt).getTime()).toBe(t.clock.now().getTime() + ADMIN_SESSION_MS);
    // The time left on the server's clock, for a device whose own clock runs apart.
    expect(body.expiresInMs).toBe(ADMIN_SESSION_MS);

    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${staffCookieName({ secureCookies: true })}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\/api\/admin(;|$)/);
    expect(cookie).toMatch(/Max-Age=28800/);
    // Beside it, only for /list's HTML, the role: which reads the page starts with its HTML (decision 060).
    const hint = response.headers.getSetCookie()[1] ?? '';
    expect(hint).toMatch(new RegExp(`^${staffCookieName({ secureCookies: true })}-role=owner;`));
    expect(hint).toMatch(/Path=\/list(;|$)/);
    expect(hint).toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Strict/i);
    expect(hint).toMatch(/Max-Age=28800/);
    // The token is 256 random bits; the database holds only its hash.
    const token = cookieHeaderFrom(response).split('; ')[0]?.split('=')[1] ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashSessionToken(token)));
    expect(stored).toHaveLength(1);
    const all = await t.database.db.select({ tokenHash: staffSessions.tokenHash }).from(staffSessions);
    expect(all.some((row) => row.tokenHash.includes(token))).toBe(false);
  });

  it('records time, IP and user agent of the login, on the account and in the audit log', async () => {
    const staff = await newStaff();
    const response = await login(staff, '192.0.2.77');
    expect(response.status).toBe(200);
    const [account] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, staff.email));
    expect(account?.lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
    expect(account?.lastLoginIp).toBe('192.0.2.77');
    expect(account?.lastLoginUserAgent).toBe('vitest/4');
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'login'), eq(adminAuditLog.staffEmail, staff.email)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.ipAddress).toBe('192.0.2.77');
  });

  it('answers the same 401 for an unknown address and a wrong password', async () => {
    const staff = await newStaff();
    const unknown = await login({ email: 'nobody@example.com', password: staff.password });
    const wrong = await login({ email: staff.email, password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await errorCodeOf(unknown)).toBe('admin_login_failed');
    expect(await errorCodeOf(wrong)).toBe('admin_login_failed');
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('counts failures in the sign-in throttle, not on the account, so nobody can lock it (decision 033)', async () => {
    const staff = await newStaff();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login({ email: staff.email, password: `wrong ${attempt}` })).status).toBe(401);
    }
    // Five wrong ones are free: the right password still works, from a browser that never signed in.
    expect((await login(staff)).status).toBe(200);
    const failed = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'login_failed'), eq(adminAuditLog.staffEmail, staff.email)));
    expect(failed).toHaveLength(5);
  });

  it('refuses malformed bodies with a validation error', async () => {
    const response = await request('POST', '/api/admin/session', { body: { email: 'x@example.com' } });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation');
  });
});

describe('staff sessions', () => {
  async function signedIn() {
    const staff = await newStaff();
    const response = await login(staff);
    expect(response.status).toBe(200);
    return { ...staff, cookie: cookieHeaderFrom(response) };
  }

  it('is checked on every call and ends after exactly 8 hours', async () => {
    const staff = await signedIn();
    expect(await signedInAs(staff.cookie)).toBe(staff.email);
    expect((await request('GET', '/api/admin/waitlist', { cookie: staff.cookie })).status).toBe(200);
    t.clock.advance(ADMIN_SESSION_MS - 1);
    expect((await request('GET', '/api/admin/waitlist', { cookie: staff.cookie })).status).toBe(200);
    t.clock.advance(1);
    const expired = await request('GET', '/api/admin/waitlist', { cookie: staff.cookie });
    expect(expired.status).toBe(401);
    expect(await errorCodeOf(expired)).toBe('admin_session_missing');
    // The stale cookie is cleared, and the session check says nobody is signed in.
    expect(expired.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(await signedInAs(staff.cookie)).toBeNull();
  });

  it('ends on the server at logout: the old cookie no longer works', async () => {
    const staff = await signedIn();
    const logout = await request('DELETE', '/api/admin/session', { cookie: staff.cookie });
    expect(logout.status).toBe(204);
    const cleared = logout.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) expect(cookie).toMatch(/Max-Age=0/);
    expect(cleared[1]).toMatch(/-role=;.*Path=\/list/);
    expect(await signedInAs(staff.cookie)).toBeNull();
    expect((await request('GET', '/api/admin/waitlist', { cookie: staff.cookie })).status).toBe(401);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'logout'), eq(adminAuditLog.staffEmail, staff.email)));
    expect(audit).toHaveLength(1);
  });

  it('does not accept a user session, a forged token or a token of the right shape', async () => {
    const user = await createSignedInUser(t);
    expect(await signedInAs(user.cookie)).toBeNull();
    expect((await request('GET', '/api/admin/waitlist', { cookie: user.cookie })).status).toBe(401);
    const name = staffCookieName({ secureCookies: true });
    const forged = `${name}=${Buffer.alloc(32, 7).toString('base64url')}`;
    expect(await signedInAs(forged)).toBeNull();
    expect((await request('GET', '/api/admin/waitlist', { cookie: forged })).status).toBe(401);
  });

  it('"stay signed in" moves the end to 8 hours from now, never past 24 hours after sign-in', async () => {
    const staff = await signedIn();
    const extend = async () => {
      const response = await request('POST', '/api/admin/session/extend', { cookie: staff.cookie });
      expect(response.status, await response.clone().text()).toBe(200);
      const cookie = response.headers.getSetCookie().join();
      const body = (await response.json()) as { expiresAt: string };
      return { expiresAt: body.expiresAt, maxAge: Number(cookie.match(/Max-Age=(\d+)/)?.[1]) };
    };
    const signedInAt = t.clock.now().getTime();
    // Ten minutes before the end, as the warning offers it.
    t.clock.advance(ADMIN_SESSION_MS - 10 * 60_000);
    const first = await extend();
    expect(first.expiresAt).toBe(new Date(t.clock.now().getTime() + ADMIN_SESSION_MS).toISOString());
    expect(first.maxAge).toBe(ADMIN_SESSION_MS / 1000);
    // Past the old end, the session still works.
    t.clock.advance(60 * 60_000);
    expect(await signedInAs(staff.cookie)).toBe(staff.email);
    // Extended again and again, each time ten minutes before the end, it ends 24 hours after sign-in.
    const tenMinutesBefore = (end: string) =>
      t.clock.advance(new Date(end).getTime() - 10 * 60_000 - t.clock.now().getTime());
    tenMinutesBefore(first.expiresAt);
    const second = await extend();
    tenMinutesBefore(second.expiresAt);
    const last = await extend();
    expect(last.expiresAt).toBe(new Date(signedInAt + ADMIN_SESSION_MAX_MS).toISOString());
    expect(await extend()).toMatchObject({ expiresAt: last.expiresAt });
    t.clock.advance(new Date(last.expiresAt).getTime() - t.clock.now().getTime());
    const ended = await request('POST', '/api/admin/session/extend', { cookie: staff.cookie });
    expect([ended.status, await errorCodeOf(ended)]).toEqual([401, 'admin_session_missing']);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'session_extend'), eq(adminAuditLog.staffEmail, staff.email)));
    expect(audit).toHaveLength(3);
  });

  it('sweeps expired sessions', async () => {
    await signedIn();
    t.clock.advance(ADMIN_SESSION_MS + 1);
    expect(await deleteExpiredStaffSessions(t.database.db, t.clock.now())).toBeGreaterThan(0);
    expect(await deleteExpiredStaffSessions(t.database.db, t.clock.now())).toBe(0);
  });
});

describe('staff accounts', () => {
  it('hashes passwords with argon2id and refuses short passwords and duplicates', async () => {
    const created = await createStaffAccount(t.database.db, {
      email: 'Hash.Check@Example.com',
      password: 'twelve chars!',
      now: t.clock.now(),
    });
    expect(created.email).toBe('hash.check@example.com');
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, created.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(
      createStaffAccount(t.database.db, {
        email: 'short@example.com',
        password: 'too short',
        now: t.clock.now(),
      }),
    ).rejects.toThrow(StaffAccountError);
    await expect(
      createStaffAccount(t.database.db, {
        email: 'hash.check@example.com',
        password: 'twelve chars!',
        now: t.clock.now(),
      }),
    ).rejects.toThrow(/exists already/);
  });

  it('replacing a password unlocks the account and ends its sessions', async () => {
    const staff = await newStaff();
    const response = await login(staff);
    const cookie = cookieHeaderFrom(response);
    await createStaffAccount(t.database.db, {
      email: staff.email,
      password: 'a brand new password',
      now: t.clock.now(),
      replacePassword: true,
    });
    expect(await signedInAs(cookie)).toBeNull();
    expect((await login({ email: staff.email, password: 'a brand new password' })).status).toBe(200);
  });
});

describe('the bootstrap staff account', () => {
  it('is made once from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password kept in DATA_DIR', async () => {
    const ctx = await createTestApp();
    const logged: string[] = [];
    const logger = createLogger({
      level: 'debug',
      destination: { write: (line: string) => logged.push(line) },
    });
    try {
      const dataDir = ctx.config.dataDir;
      await ensureBootstrapStaff({
        db: ctx.database.db,
        admin: undefined,
        dataDir,
        now: ctx.clock.now(),
        logger,
      });
      const file = path.join(dataDir, 'secrets', 'bootstrap-admin');
      const written = fs.readFileSync(file, 'utf8');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const password = /password: (\S+)/.exec(written)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      // The log says where the password is, never the password itself.
      expect(logged.join('')).toContain(file);
      expect(logged.join('')).not.toContain(password);
      const response = await ctx.app.request('/api/admin/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ctx.config.appUrl },
        body: JSON.stringify({ email: GENERATED_ADMIN_EMAIL, password }),
      });
      expect(response.status).toBe(200);

      // Once any staff account exists, nothing more is created.
      await ensureBootstrapStaff({
        db: ctx.database.db,
        admin: { email: 'owner@example.com', password: 'owner password 1' },
        dataDir,
        now: ctx.clock.now(),
        logger,
      });
      const all = await ctx.database.db.select({ email: staffAccounts.email }).from(staffAccounts);
      expect(all.map((row) => row.email)).toEqual([GENERATED_ADMIN_EMAIL]);
    } finally {
      await ctx.close();
    }
  });

  it('is made once when several app processes start together on an empty database', async () => {
    const ctx = await createTestApp();
    try {
      for (const admin of [{ email: 'owner@example.com', password: 'owner password 1' }, undefined]) {
        await ctx.database.db.delete(staffAccounts);
        const starts = Array.from({ length: 3 }, () =>
          ensureBootstrapStaff({
            db: ctx.database.db,
            admin,
            dataDir: ctx.config.dataDir,
            now: ctx.clock.now(),
            logger: createLogger({ level: 'silent' }),
          }),
        );
        await expect(Promise.all(starts)).resolves.toHaveLength(3);
        const all = await ctx.database.db.select({ email: staffAccounts.email }).from(staffAccounts);
        expect(all.map((row) => row.email)).toEqual([admin?.email ?? GENERATED_ADMIN_EMAIL]);
      }
    } finally {
      await ctx.close();
    }
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const ctx = await createTestApp();
    try {
      await ensureBootstrapStaff({
        db: ctx.database.db,
        admin: { email: 'Owner@Example.com', password: 'owner password 1' },
        dataDir: ctx.config.dataDir,
        now: ctx.clock.now(),
        logger: createLogger({ level: 'silent' }),
      });
      const all = await ctx.database.db.select({ email: staffAccounts.email }).from(staffAccounts);
      expect(all.map((row) => row.email)).toEqual(['owner@example.com']);
      expect(fs.existsSync(path.join(ctx.config.dataDir, 'secrets', 'bootstrap-admin'))).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});

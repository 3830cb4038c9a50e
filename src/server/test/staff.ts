import type { StaffRole } from '@shared/domain/staff';
import { eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { staffAccounts } from '../db/schema/admin';
import { rateLimits } from '../db/schema/rate-limits';
import { createStaffAccount } from '../modules/admin/service';
import type { TestContext } from './test-app';
import { cookieHeaderFrom } from './users';

export type SignedInStaff = { id: string; email: string; password: string; cookie: string; role: StaffRole };

let staffCounter = 0;

/** Headers of a same-origin JSON call from the admin pages, with the staff cookie. */
export function staffHeaders(ctx: TestContext, staff: { cookie: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: new URL(ctx.config.appUrl).origin,
    cookie: staff.cookie,
  };
}

/** A call to the admin API as `staff`, with `body` (if any) sent as JSON. */
export function staffRequest(
  ctx: TestContext,
  staff: { cookie: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathname: string,
  body?: unknown,
) {
  return ctx.app.request(pathname, {
    method,
    headers: staffHeaders(ctx, staff),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The JSON an answer carries, once its status is checked (a wrong status shows the answer's body). */
export async function expectJson<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * A staff account with a session: the account is created in the database (as `npm run admin:create`
 * does; an owner unless `role` says otherwise), the session through the real sign-in endpoint. The admin sign-in rate-limit counters are reset
 * afterwards, so tests that sign in many times are not limited (tests of the limits do not use this).
 */
export async function createSignedInStaff(
  ctx: TestContext,
  options: { email?: string; password?: string; role?: StaffRole } = {},
): Promise<SignedInStaff> {
  staffCounter += 1;
  const email = (options.email ?? `staff-${staffCounter}-${Date.now()}@example.com`).toLowerCase();
  const password = options.password ?? `staff-password-${staffCounter}-lighthouse`;
  const role = options.role ?? 'owner';
  const account = await createStaffAccount(ctx.database.db, { email, password, role, now: ctx.clock.now() });
  const response = await ctx.app.request('/api/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(ctx.config.appUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(
      `staff sign-in of ${email}: expected 200, got ${response.status} ${await response.text()}`,
    );
  }
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
  const cookie = cookieHeaderFrom(response);
  if (!cookie) throw new Error(`staff sign-in of ${email} set no cookie`);
  return { id: account.id, email, password, cookie, role };
}

/**
 * A staff member whose sign-in waits for the code from the authenticator app (stage `second_factor`): two-factor
 * sign-in is switched on (its codes do not matter here), then the account signs in again. `cookie` is that
 * sign-in's cookies.
 */
export async function halfSignedInStaff(ctx: TestContext): Promise<{ cookie: string; staff: SignedInStaff }> {
  const staff = await createSignedInStaff(ctx);
  await ctx.database.db
    .update(staffAccounts)
    .set({ totpEnabledAt: ctx.clock.now() })
    .where(eq(staffAccounts.id, staff.id));
  const response = await ctx.app.request('/api/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(ctx.config.appUrl).origin },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { stage: string }).stage).toBe('second_factor');
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, staff };
}

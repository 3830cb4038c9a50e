import { isStaffRole, ROLE_PERMISSIONS, type StaffRole } from '@shared/domain/staff';
import type { TAdminSession } from '@shared/schemas/admin';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config';
import type { StaffIdentity } from '../../lib/api';

/** The staff cookie is sent only to the admin API, never with page loads or the users' API. */
export const STAFF_COOKIE_PATH = '/api/admin';

/** `__Secure-` over https (the browser then refuses it on plain http); SameSite=Strict either way. */
export function staffCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Secure-mirror.admin' : 'mirror.admin';
}

/**
 * Beside a signed-in session, its role, sent only with /list's HTML: the page's code asks at once for what
 * the role sees, and the server has the browser start those requests with the page (decision 060). It
 * opens nothing: the requests carry the session cookie and are checked like any other. It lasts as long
 * as the session and goes with it.
 */
const ROLE_HINT_PATH = '/list';

function roleHintCookieName(config: Pick<Config, 'secureCookies'>): string {
  return `${staffCookieName(config)}-role`;
}

/** Sets the cookie of a session just opened (sign-in, an accepted staff invitation), for as long as it lasts. */
export function setStaffCookie(c: Context, config: Config, token: string, session: StaffIdentity, now: Date) {
  const options = {
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.secureCookies,
    maxAge: Math.max(1, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  } as const;
  setCookie(c, staffCookieName(config), token, { ...options, path: STAFF_COOKIE_PATH });
  if (session.stage === 'full') {
    setCookie(c, roleHintCookieName(config), session.role, { ...options, path: ROLE_HINT_PATH });
  } else {
    deleteCookie(c, roleHintCookieName(config), { path: ROLE_HINT_PATH, secure: config.secureCookies });
  }
}

/** The role a request to /list says its signed-in session has (a hint, see ROLE_HINT_PATH), or null. */
export function staffRoleHint(c: Context, config: Pick<Config, 'secureCookies'>): StaffRole | null {
  const role = getCookie(c, roleHintCookieName(config));
  return isStaffRole(role) ? role : null;
}

/**
 * Sends the request's own session cookie again with the session's new lifetime, when a half-done sign-in
 * (waiting minutes for its second factor) has just become a full one (8 hours).
 */
export function renewStaffCookie(c: Context, config: Config, session: StaffIdentity, now: Date) {
  const token = getCookie(c, staffCookieName(config));
  if (token) setStaffCookie(c, config, token, session, now);
}

export function clearStaffCookie(c: Context, config: Config) {
  deleteCookie(c, staffCookieName(config), { path: STAFF_COOKIE_PATH, secure: config.secureCookies });
  deleteCookie(c, roleHintCookieName(config), { path: ROLE_HINT_PATH, secure: config.secureCookies });
}

/**
 * A session as the API answers it: who, at which stage, what the role may do, until when. The time left
 * is said too, on the server's clock: the staff member's device may run minutes (or a time zone's worth
 * of a wrong setting) apart, and the expiry warning counts down on the device's own clock from it.
 */
export function toSessionJson(session: StaffIdentity, now: Date): TAdminSession {
  return {
    staff: {
      id: session.staffId,
      email: session.email,
      role: session.role,
      twoFactorEnabled: session.twoFactorEnabled,
    },
    stage: session.stage,
    permissions: [...ROLE_PERMISSIONS[session.role]],
    expiresAt: session.expiresAt.toISOString(),
    expiresInMs: Math.max(0, session.expiresAt.getTime() - now.getTime()),
  };
}

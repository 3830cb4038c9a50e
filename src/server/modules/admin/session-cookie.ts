import { ROLE_PERMISSIONS } from '@shared/domain/staff';
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

/** Sets the cookie of a session just opened (sign-in, an accepted staff invitation), for as long as it lasts. */
export function setStaffCookie(c: Context, config: Config, token: string, session: StaffIdentity, now: Date) {
  setCookie(c, staffCookieName(config), token, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.secureCookies,
    maxAge: Math.max(1, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  });
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
}

/** A session as the API answers it: who, at which stage, what the role may do, until when. */
export function toSessionJson(session: StaffIdentity): TAdminSession {
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
  };
}

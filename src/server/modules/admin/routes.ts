import { createRoute } from '@hono/zod-openapi';
import { normalizeEmail } from '@shared/domain/waitlist';
import { ZAdminLogin, ZAdminSession, ZAdminSessionState } from '@shared/schemas/admin';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  type AppEnv,
  apiError,
  createApiRouter,
  currentStaff,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import type { ChangeFeed } from '../../lib/change-feed';
import { clientIp } from '../../lib/client-ip';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import {
  enterLogin,
  readKnownDevice,
  rememberKnownDevice,
  settleLoginAttempt,
} from '../../lib/login-throttle';
import type { Storage } from '../../lib/storage/storage';
import type { MailDeps } from '../mail/service';
import type { PageContentSource } from '../site/service';
import { adminCampaignRoutes } from './campaign-routes';
import { adminContentRoutes } from './content-routes';
import { adminMailRoutes } from './mail-routes';
import { adminMediaRoutes } from './media-routes';
import { adminNewsletterRoutes } from './newsletter-routes';
import { loginStaff, logoutStaff, readStaffSession, type StaffSession } from './service';
import { adminWaitlistRoutes } from './waitlist-routes';

/** Everything the admin routes need. */
export type AdminDeps = {
  db: Database;
  clock: Clock;
  config: Config;
  /** SESSION_SECRET: keys IP hashes and the encryption of stored secrets. */
  secret: string;
  mail: MailDeps;
  pageContent: PageContentSource;
  changes: ChangeFeed;
  logger: Logger;
  storage: Storage;
};

export const ADMIN_API_PREFIX = '/api/admin';
/** The staff cookie is sent only to the admin API, never with page loads or the users' API. */
const COOKIE_PATH = ADMIN_API_PREFIX;

/** `__Secure-` over https (the browser then refuses it on plain http); SameSite=Strict either way. */
export function staffCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Secure-mirror.admin' : 'mirror.admin';
}

/**
 * The admin routes reachable without a staff session: sign-in, and the question whether one is signed in
 * (asked on every load of an admin page).
 */
const OPEN_ROUTES = [
  { method: 'POST', path: `${ADMIN_API_PREFIX}/session` },
  { method: 'GET', path: `${ADMIN_API_PREFIX}/session` },
] as const;
const isOpenRoute = (method: string, path: string) =>
  OPEN_ROUTES.some((route) => route.method === method && route.path === path);

/**
 * The guard of /api/admin/*: reads the staff session from its cookie on every call and answers 401
 * `admin_session_missing` when there is none (or it expired, or was ended), except for sign-in itself.
 * A user's session counts for nothing here.
 */
export function staffGuard(deps: Pick<AdminDeps, 'db' | 'clock' | 'config'>): MiddlewareHandler<AppEnv> {
  const cookieName = staffCookieName(deps.config);
  return async (c, next) => {
    c.set('staff', undefined);
    const open = isOpenRoute(c.req.method, c.req.path);
    const token = getCookie(c, cookieName);
    const session = token ? await readStaffSession(deps.db, token, deps.clock.now()) : null;
    if (token && !session) clearStaffCookie(c, deps.config);
    if (session) c.set('staff', session);
    else if (!open) return apiError(c, 401, 'admin_session_missing');
    return next();
  };
}

function setStaffCookie(c: Context, config: Config, token: string, session: StaffSession, now: Date) {
  setCookie(c, staffCookieName(config), token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.secureCookies,
    maxAge: Math.max(1, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

function clearStaffCookie(c: Context, config: Config) {
  deleteCookie(c, staffCookieName(config), { path: COOKIE_PATH, secure: config.secureCookies });
}

const toSessionJson = (session: StaffSession) => ({
  staff: { id: session.staffId, email: session.email },
  expiresAt: session.expiresAt.toISOString(),
});

const loginRoute = createRoute({
  method: 'post',
  path: '/admin/session',
  tags: ['admin'],
  summary: 'Staff sign-in: sets the staff session cookie (8 hours)',
  request: { body: jsonBody(ZAdminLogin) },
  responses: {
    200: jsonResponse('Signed in', ZAdminSession),
    400: errorResponse('Not an e-mail and password'),
    401: errorResponse('admin_login_failed: wrong address or password'),
    429: errorResponse(
      'admin_sign_in_throttled, with Retry-After: too many failed sign-ins for this account or from this ' +
        'address; the password was not checked',
    ),
  },
});

const sessionRoute = createRoute({
  method: 'get',
  path: '/admin/session',
  tags: ['admin'],
  summary: 'The signed-in staff member and when the session ends, or null',
  responses: {
    200: jsonResponse('The session, or null when no staff member is signed in', ZAdminSessionState),
  },
});

const logoutRoute = createRoute({
  method: 'delete',
  path: '/admin/session',
  tags: ['admin'],
  summary: 'Staff sign-out: ends the session on the server',
  responses: { 204: { description: 'Signed out' }, 401: errorResponse('admin_session_missing') },
});

function sessionRoutes(deps: AdminDeps) {
  return createApiRouter()
    .openapi(loginRoute, async (c) => {
      const { email, password } = c.req.valid('json');
      const now = deps.clock.now();
      const ip = clientIp(c, deps.config.trustProxy);
      const gate = await enterLogin(deps, {
        scope: 'staff',
        email: normalizeEmail(email),
        ip,
        now,
        deviceToken: readKnownDevice(c, 'staff', deps.config.secureCookies),
      });
      if (!gate.ok) {
        c.header('Retry-After', String(Math.ceil(gate.retryAfterMs / 1000)));
        return c.json({ error: { code: 'admin_sign_in_throttled' as const } }, 429);
      }
      const outcome = await loginStaff(deps.db, {
        email,
        password,
        ip,
        userAgent: c.req.header('user-agent') ?? null,
        now,
      });
      await settleLoginAttempt(deps, gate.attempt, outcome.ok ? 'success' : 'failure');
      if (!outcome.ok) return c.json({ error: { code: 'admin_login_failed' as const } }, 401);
      setStaffCookie(c, deps.config, outcome.token, outcome.session, now);
      const device = { scope: 'staff' as const, secure: deps.config.secureCookies, secret: deps.secret };
      rememberKnownDevice(c, { ...device, attempt: gate.attempt });
      return c.json(toSessionJson(outcome.session), 200);
    })
    .openapi(sessionRoute, (c) => {
      const staff = c.get('staff');
      return c.json({ session: staff ? toSessionJson(staff) : null }, 200);
    })
    .openapi(logoutRoute, async (c) => {
      await logoutStaff(deps.db, {
        session: currentStaff(c),
        ip: clientIp(c, deps.config.trustProxy),
        now: deps.clock.now(),
      });
      clearStaffCookie(c, deps.config);
      return c.body(null, 204);
    });
}

/** Every admin route, under /api/admin; mount `staffGuard` on /api/admin/* in front of it. */
export function adminRoutes(deps: AdminDeps) {
  const router = createApiRouter();
  router.route('/', sessionRoutes(deps));
  router.route('/', adminWaitlistRoutes(deps));
  router.route('/', adminContentRoutes(deps));
  router.route('/', adminMailRoutes(deps));
  router.route('/', adminMediaRoutes(deps));
  router.route('/', adminNewsletterRoutes(deps));
  router.route('/', adminCampaignRoutes(deps));
  return router;
}

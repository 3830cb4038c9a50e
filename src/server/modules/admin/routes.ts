import { createRoute } from '@hono/zod-openapi';
import { STAFF_SECOND_FACTOR_RATE_LIMIT } from '@shared/domain/admin';
import type { StaffSessionStage } from '@shared/domain/staff';
import { normalizeEmail } from '@shared/domain/waitlist';
import { ZAdminLogin, ZAdminSession, ZAdminSessionState } from '@shared/schemas/admin';
import { ZSecondFactor } from '@shared/schemas/staff';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
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
  type LoginGate,
  passWithSecondFactor,
  readKnownDevice,
  rememberKnownDevice,
  settleLoginAttempt,
} from '../../lib/login-throttle';
import type { Metrics } from '../../lib/metrics';
import { consumeRateLimit } from '../../lib/rate-limit';
import { keyedHash } from '../../lib/signed-token';
import type { Storage } from '../../lib/storage/storage';
import type { Auth } from '../accounts/auth';
import { auditRoutes } from '../audit/routes';
import { adminInvitationRoutes } from '../invitations/routes';
import type { MailDeps } from '../mail/service';
import { adminPeopleRoutes } from '../people/routes';
import type { PageContentSource } from '../site/service';
import { staffAccountRoutes, staffAdminRoutes } from '../staff/routes';
import { type SecondFactorDeps, verifyStaffSecondFactor } from '../staff/two-factor';
import { adminSuppressionRoutes } from '../suppression/routes';
import { adminCampaignRoutes } from './campaign-routes';
import { adminContentRoutes } from './content-routes';
import { adminIdRoutes } from './id-routes';
import { adminMailRoutes } from './mail-routes';
import { adminMediaRoutes } from './media-routes';
import { adminNewsletterRoutes } from './newsletter-routes';
import { adminRoute } from './permissions';
import {
  discardStaffSession,
  extendStaffSession,
  loginStaff,
  logoutStaff,
  readStaffSession,
  type StaffSession,
} from './service';
import {
  clearStaffCookie,
  renewStaffCookie,
  setStaffCookie,
  staffCookieName,
  toSessionJson,
} from './session-cookie';
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
  /** better-auth, for what staff do to user accounts (People). */
  auth: Auth;
  /** The real time, which authenticator apps show codes for (`clock` may be shifted for a demo). */
  wallClock: Clock;
  /** Counts the open event streams (`GET /metrics`). */
  metrics?: Pick<Metrics, 'sseClientOpened'>;
};

export const ADMIN_API_PREFIX = '/api/admin';

type Access = StaffSessionStage | 'none';
const ANY: readonly Access[] = ['none', 'second_factor', 'setup', 'full'];

/**
 * The admin routes open to callers without a full staff session, and to whom. Every other admin route needs
 * a signed-in (`full`) session: a sign-in that still waits for its second factor (or, under
 * STAFF_REQUIRE_2FA, for its setup) reaches only what finishes it, or signing out.
 */
export const PARTIAL_ACCESS: readonly { method: string; path: string; access: readonly Access[] }[] = [
  { method: 'POST', path: `${ADMIN_API_PREFIX}/session`, access: ANY },
  { method: 'GET', path: `${ADMIN_API_PREFIX}/session`, access: ANY },
  { method: 'DELETE', path: `${ADMIN_API_PREFIX}/session`, access: ['second_factor', 'setup', 'full'] },
  { method: 'POST', path: `${ADMIN_API_PREFIX}/session/second-factor`, access: ['second_factor'] },
  { method: 'POST', path: `${ADMIN_API_PREFIX}/account/two-factor/setup`, access: ['setup', 'full'] },
  { method: 'POST', path: `${ADMIN_API_PREFIX}/account/two-factor/confirm`, access: ['setup', 'full'] },
  { method: 'GET', path: `${ADMIN_API_PREFIX}/staff-invitation`, access: ANY },
  { method: 'POST', path: `${ADMIN_API_PREFIX}/staff-invitation/accept`, access: ANY },
];

function accessOf(method: string, path: string): readonly Access[] {
  return PARTIAL_ACCESS.find((route) => route.method === method && route.path === path)?.access ?? ['full'];
}

/**
 * The guard of /api/admin/*: reads the staff session from its cookie on every call and answers 401
 * `admin_session_missing` when there is none (or it expired, or was ended, or its sign-in is not finished)
 * unless the route is open to that (PARTIAL_ACCESS). A user's session counts for nothing here. What the
 * staff member's role may do is checked by each route (`adminRoute`).
 */
export function staffGuard(deps: Pick<AdminDeps, 'db' | 'clock' | 'config'>): MiddlewareHandler<AppEnv> {
  const cookieName = staffCookieName(deps.config);
  return async (c, next) => {
    c.set('staff', undefined);
    const access = accessOf(c.req.method, c.req.path);
    const token = getCookie(c, cookieName);
    const session = token ? await readStaffSession(deps.db, token, deps.clock.now()) : null;
    if (token && !session) clearStaffCookie(c, deps.config);
    if (!access.includes(session ? session.stage : 'none')) return apiError(c, 401, 'admin_session_missing');
    if (session) c.set('staff', session);
    return next();
  };
}

/** Counts a guess at a second factor against the client's budget; false when spent. */
async function withinLoginBudget(c: Context, deps: AdminDeps): Promise<boolean> {
  const limit = await consumeRateLimit(deps.db, {
    key: `admin:login:ip:${keyedHash(deps.secret, clientIp(c, deps.config.trustProxy))}`,
    rule: STAFF_SECOND_FACTOR_RATE_LIMIT,
    now: deps.clock.now(),
  });
  if (!limit.allowed) c.header('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)));
  return limit.allowed;
}

/**
 * A sign-in to a throttled account that brings its second factor along (decision 024, 033): the password
 * and the code are checked together (those tries have a throttle of their own), and only an account with
 * two-factor sign-in gets past. Returns the full session, or null (answered as throttled).
 */
async function signInPastThrottle(
  deps: AdminDeps,
  gate: Extract<LoginGate, { ok: false }>,
  input: { email: string; password: string; code: string; ip: string; userAgent: string | null; now: Date },
): Promise<{ token: string; session: StaffSession } | null> {
  let passed: { token: string; session: StaffSession } | null = null;
  await passWithSecondFactor(deps, gate, async () => {
    const first = await loginStaff(deps.db, { ...input, requireSecondFactor: deps.config.staffRequire2fa });
    if (!first.ok) return false;
    if (first.session.stage !== 'second_factor') {
      await discardStaffSession(deps.db, first.session.sessionId);
      return false;
    }
    const second = await verifyStaffSecondFactor(secondFactorDeps(deps), {
      session: first.session,
      code: input.code,
      ip: input.ip,
      userAgent: input.userAgent,
      now: input.now,
    });
    if (!second.ok) {
      await discardStaffSession(deps.db, first.session.sessionId);
      return false;
    }
    passed = { token: first.token, session: second.session };
    return true;
  });
  return passed;
}

function secondFactorDeps(deps: AdminDeps): SecondFactorDeps {
  return { db: deps.db, secret: deps.secret, wallClock: deps.wallClock, appUrl: deps.config.appUrl };
}

const loginRoute = createRoute({
  method: 'post',
  path: '/admin/session',
  tags: ['admin'],
  summary: 'Staff sign-in: sets the staff session cookie (8 hours)',
  description:
    'With two-factor sign-in set up, the session answered is at stage `second_factor` (5 minutes): ' +
    '`POST /admin/session/second-factor` finishes it. Under STAFF_REQUIRE_2FA an account without it is at ' +
    'stage `setup` (30 minutes) and may only set it up.',
  request: { body: jsonBody(ZAdminLogin) },
  responses: {
    200: jsonResponse('Signed in, or waiting for the second factor (see stage)', ZAdminSession),
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
  summary: 'The signed-in staff member (or a sign-in half done) and when the session ends, or null',
  responses: {
    200: jsonResponse('The session, or null when no staff member is signed in', ZAdminSessionState),
  },
});

const logoutRoute = adminRoute('self', {
  method: 'delete',
  path: '/admin/session',
  tags: ['admin'],
  summary: 'Staff sign-out: ends the session on the server (also a sign-in that is not finished)',
  responses: { 204: { description: 'Signed out' }, 401: errorResponse('admin_session_missing') },
});

const extendRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/session/extend',
  tags: ['admin'],
  summary: '"Stay signed in": the session then ends 8 hours from now, at most 24 hours after sign-in',
  description:
    'Answers the session with its end as it is now: at the 24-hour limit it does not move, and the staff ' +
    'member signs in again (decision 047). The cookie is sent again with the new lifetime.',
  responses: { 200: jsonResponse('The session', ZAdminSession), 401: errorResponse('admin_session_missing') },
});

const secondFactorRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/session/second-factor',
  tags: ['admin'],
  summary: 'The second step of a staff sign-in: the code from the authenticator app, or a recovery code',
  description:
    'Each code works once. After 5 wrong codes the half-done sign-in ends (`too_many_attempts`) and starts ' +
    'again with the password. After 10 wrong codes for the account, across all its half-done sign-ins, its ' +
    'second factor is paused (`second_factor_locked`, with Retry-After: 15 minutes, doubling with each ' +
    'further lockout, at most a day); no code is checked meanwhile, and the staff member is e-mailed.',
  request: { body: jsonBody(ZSecondFactor) },
  responses: {
    200: jsonResponse('Signed in (stage full, 8 hours)', ZAdminSession),
    400: errorResponse('invalid_code: wrong, or used already'),
    401: errorResponse(
      'admin_session_missing, too_many_attempts (the sign-in starts over), or second_factor_locked (the ' +
        "account's second factor is paused, with Retry-After)",
    ),
    429: errorResponse('Too many attempts from this address'),
  },
});

function sessionRoutes(deps: AdminDeps) {
  return createApiRouter()
    .openapi(loginRoute, async (c) => {
      const { email, password, code } = c.req.valid('json');
      const now = deps.clock.now();
      const ip = clientIp(c, deps.config.trustProxy);
      const userAgent = c.req.header('user-agent') ?? null;
      const gate = await enterLogin(deps, {
        scope: 'staff',
        email: normalizeEmail(email),
        ip,
        now,
        deviceToken: readKnownDevice(c, 'staff', deps.config.secureCookies),
      });
      if (!gate.ok) {
        // The right password and a valid second factor always get in, however many guesses others made.
        const passed = code
          ? await signInPastThrottle(deps, gate, { email, password, code, ip, userAgent, now })
          : null;
        if (passed) {
          setStaffCookie(c, deps.config, passed.token, passed.session, now);
          return c.json(toSessionJson(passed.session, now), 200);
        }
        c.header('Retry-After', String(Math.ceil(gate.retryAfterMs / 1000)));
        return c.json({ error: { code: 'admin_sign_in_throttled' as const } }, 429);
      }
      const outcome = await loginStaff(deps.db, {
        email,
        password,
        ip,
        userAgent,
        requireSecondFactor: deps.config.staffRequire2fa,
        now,
      });
      await settleLoginAttempt(deps, gate.attempt, outcome.ok ? 'success' : 'failure');
      if (!outcome.ok) return c.json({ error: { code: 'admin_login_failed' as const } }, 401);
      setStaffCookie(c, deps.config, outcome.token, outcome.session, now);
      const device = { scope: 'staff' as const, secure: deps.config.secureCookies, secret: deps.secret };
      rememberKnownDevice(c, { ...device, attempt: gate.attempt });
      return c.json(toSessionJson(outcome.session, now), 200);
    })
    .openapi(sessionRoute, (c) => {
      const staff = c.get('staff');
      return c.json({ session: staff ? toSessionJson(staff, deps.clock.now()) : null }, 200);
    })
    .openapi(logoutRoute, async (c) => {
      await logoutStaff(deps.db, {
        session: currentStaff(c),
        ip: clientIp(c, deps.config.trustProxy),
        now: deps.clock.now(),
      });
      clearStaffCookie(c, deps.config);
      return c.body(null, 204);
    })
    .openapi(extendRoute, async (c) => {
      const now = deps.clock.now();
      const session = await extendStaffSession(deps.db, { session: currentStaff(c), now });
      if (!session) return c.json({ error: { code: 'admin_session_missing' as const } }, 401);
      renewStaffCookie(c, deps.config, session, now);
      return c.json(toSessionJson(session, now), 200);
    })
    .openapi(secondFactorRoute, async (c) => {
      if (!(await withinLoginBudget(c, deps)))
        return c.json({ error: { code: 'rate_limited' as const } }, 429);
      const now = deps.clock.now();
      const outcome = await verifyStaffSecondFactor(secondFactorDeps(deps), {
        session: currentStaff(c),
        code: c.req.valid('json').code,
        ip: clientIp(c, deps.config.trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
        now,
      });
      if (outcome.ok) {
        renewStaffCookie(c, deps.config, outcome.session, now);
        return c.json(toSessionJson(outcome.session, now), 200);
      }
      if (outcome.reason === 'wrong_code') return c.json({ error: { code: 'invalid_code' as const } }, 400);
      clearStaffCookie(c, deps.config);
      if (outcome.reason === 'second_factor_locked') {
        c.header('Retry-After', String(Math.ceil(outcome.retryAfterMs / 1000)));
        return c.json({ error: { code: 'second_factor_locked' as const } }, 401);
      }
      const code = outcome.reason === 'too_many_attempts' ? 'too_many_attempts' : 'admin_session_missing';
      return c.json({ error: { code } }, 401);
    });
}

/** Every admin route, under /api/admin; mount `staffGuard` on /api/admin/* in front of it. */
export function adminRoutes(deps: AdminDeps) {
  const router = createApiRouter();
  router.route('/', sessionRoutes(deps));
  router.route('/', adminWaitlistRoutes(deps));
  router.route('/', adminIdRoutes(deps));
  router.route('/', adminContentRoutes(deps));
  router.route('/', adminMailRoutes(deps));
  router.route(
    '/',
    adminSuppressionRoutes({ db: deps.db, clock: deps.clock, trustProxy: deps.config.trustProxy }),
  );
  router.route('/', adminMediaRoutes(deps));
  router.route('/', adminNewsletterRoutes(deps));
  router.route('/', adminCampaignRoutes(deps));
  router.route('/', staffAccountRoutes(deps));
  router.route('/', staffAdminRoutes(deps));
  router.route('/', adminInvitationRoutes(deps));
  router.route('/', adminPeopleRoutes(deps));
  router.route('/', auditRoutes(deps));
  return router;
}

import { isIP } from 'node:net';
import { createRoute, z } from '@hono/zod-openapi';
import { checkSignUp, RESEND_COOLDOWN_SECONDS } from '@shared/domain/accounts';
import type { TApiErrorCode } from '@shared/domain/api-errors';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, toLocale } from '@shared/domain/locale';
import { HOUR_MS, isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import {
  ZCheckResetLink,
  ZDeleteAccount,
  ZRequestPasswordReset,
  ZResendVerification,
  ZResetLinkState,
  ZResetPassword,
  ZRevokeOthersResult,
  ZSessionInfo,
  ZSignIn,
  ZSignInResult,
  ZSignUp,
  ZSignUpResult,
  ZVerifyEmail,
  ZVerifyEmailResult,
} from '@shared/schemas/accounts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type AppEnv, createApiRouter, currentUser, errorResponse, jsonBody } from '../../lib/api';
import { clientIp, type TrustProxy } from '../../lib/client-ip';
import type { Clock } from '../../lib/clock';
import { setAppCookie } from '../../lib/cookies';
import type { FieldCipher } from '../../lib/field-cipher';
import {
  enterLogin,
  readKnownDevice,
  rememberKnownDevice,
  settleLoginAttempt,
} from '../../lib/login-throttle';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { keyedHash } from '../../lib/signed-token';
import { type Auth, COOKIE_PREFIX, VERIFY_EMAIL_PATH } from './auth';
import { isCommonPassword } from './common-passwords';
import {
  checkResetLink,
  deleteAccount,
  exportAccount,
  type InvitedSignUpError,
  readSession,
  requestPasswordReset,
  resendVerificationLink,
  resetPassword,
  revokeOtherSessions,
  signIn,
  signOut,
  signUp,
  signUpWithInvitation,
  toSessionUser,
  verifyEmail,
} from './service';

const MINUTE_MS = 60_000;

/** Server-side limits on the ways into an account, counted in the database across app processes. */
export const ACCOUNT_RATE_LIMITS = {
  signUpPerIp: { limit: 5, windowMs: HOUR_MS },
  resetRequestPerEmail: { limit: 3, windowMs: HOUR_MS },
  resetRequestPerIp: { limit: 10, windowMs: HOUR_MS },
  resetConfirmPerIp: { limit: 20, windowMs: HOUR_MS },
  verifyEmailPerIp: { limit: 30, windowMs: HOUR_MS },
  /** "Resend e-mail": once per cooldown and five times an hour per address, twenty an hour per client. */
  resendVerificationCooldown: { limit: 1, windowMs: RESEND_COOLDOWN_SECONDS * 1000 },
  resendVerificationPerEmail: { limit: 5, windowMs: HOUR_MS },
  resendVerificationPerIp: { limit: 20, windowMs: HOUR_MS },
  /** The password check before deleting an account must not become a way to guess it. */
  deletePerUser: { limit: 5, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/** The status of each refusal of a sign-up with an invitation that is not a 400. */
const INVITED_SIGN_UP_STATUS: Partial<Record<InvitedSignUpError, 403 | 409 | 410>> = {
  user_exists: 409,
  invitation_used: 409,
  invitation_revoked: 409,
  invitation_expired: 410,
};

export type AccountRoutesDeps = {
  db: Database;
  auth: Auth;
  clock: Clock;
  config: Pick<Config, 'appUrl' | 'trustProxy' | 'inviteOnly' | 'secureCookies' | 'signInFailuresPerMinute'>;
  /** Keys the hashes of addresses in rate-limit keys, so no counter names a person in clear. */
  secret: string;
  /** Opens the private text the data export holds (decision 045). */
  cipher: FieldCipher;
};

/** better-auth's session cookie (`__Secure-` first under https); the middleware looks for it before asking. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/** Whether a Cookie header carries a session cookie at all (whether it is valid takes a lookup). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

function forwardCookies(c: Context, cookies: readonly string[]) {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

function fail<Status extends ContentfulStatusCode>(c: Context, status: Status, code: TApiErrorCode) {
  return c.json({ error: { code } }, status);
}

function tooMany(c: Context, retryAfterMs: number) {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return c.json({ error: { code: 'rate_limited' as const } }, 429);
}

/**
 * The headers better-auth sees when it creates a session: the user agent and the client address as we
 * determine it (X-Forwarded-For only behind a trusted proxy), so a client cannot write its own address.
 */
function sessionRequestHeaders(c: Context, trustProxy: TrustProxy): Headers {
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const userAgent = c.req.header('user-agent');
  if (userAgent) headers.set('user-agent', userAgent.slice(0, 500));
  const ip = clientIp(c, trustProxy);
  if (isIP(ip) !== 0) headers.set('x-forwarded-for', ip);
  return headers;
}

/**
 * Reads the session for every `/api/*` request that carries a session cookie and sets `user` (undefined
 * otherwise, without touching the database). A fresh cookie from better-auth's refresh goes out with the
 * response unless the route set the session cookie itself (sign-in, sign-out, deletion).
 */
export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', undefined);
    const cookie = c.req.header('cookie');
    if (!hasSessionCookie(cookie)) return next();
    const session = await readSession(auth, c.req.raw.headers);
    c.set('user', session?.user);
    await next();
    if (!session?.setCookies.length) return;
    const routeSetSession = c.res.headers.getSetCookie().some((value) => value.includes('.session_token='));
    if (!routeSetSession) {
      for (const value of session.setCookies) c.res.headers.append('Set-Cookie', value);
    }
  };
}

const tags = ['accounts'];
const unauthenticated = errorResponse('unauthenticated: no valid session');
const rateLimited = errorResponse('rate_limited, with Retry-After');

const sessionRoute = createRoute({
  method: 'get',
  path: '/account/session',
  tags,
  summary: 'Who is signed in (user null when nobody is)',
  responses: {
    200: { description: 'The session', content: { 'application/json': { schema: ZSessionInfo } } },
  },
});

const signUpRoute = createRoute({
  method: 'post',
  path: '/account/sign-up',
  tags,
  summary: 'Create an account: from an invitation (signed in at once), or, while INVITE_ONLY is off, openly',
  description:
    'With `invitation`, the account is made verified for the invited address and signed in (decision 021). ' +
    'Without one, while INVITE_ONLY is on, the answer is 403 `invite_only`; otherwise the account is made ' +
    'unverified and a verification link is sent in the given language.',
  request: { body: jsonBody(ZSignUp) },
  responses: {
    201: {
      description: 'Created: signed in (invitation), or unverified with a link sent',
      content: { 'application/json': { schema: ZSignUpResult } },
    },
    400: errorResponse(
      'invalid_email, password_too_short, password_too_long, password_repeated, password_sequence, ' +
        'password_email or password_common (in that order); invitation_invalid or invitation_wrong_address',
    ),
    401: errorResponse('invalid_credentials or account_disabled: the invited account could not sign in'),
    403: errorResponse('invite_only: sign-up needs an invitation'),
    409: errorResponse('user_exists, invitation_used or invitation_revoked'),
    410: errorResponse('invitation_expired'),
    429: rateLimited,
  },
});

const signInRoute = createRoute({
  method: 'post',
  path: '/account/sign-in',
  tags,
  summary: 'Sign in; sets the HttpOnly session cookie',
  request: { body: jsonBody(ZSignIn) },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: ZSignInResult } } },
    401: errorResponse('invalid_credentials'),
    403: errorResponse(
      'email_not_verified (a new verification link was sent), or account_disabled (both only after the right password)',
    ),
    429: errorResponse(
      'sign_in_throttled, with Retry-After: too many failed sign-ins for this account or from this address, ' +
        'or across all accounts this minute (SIGN_IN_FAILURES_PER_MINUTE; a browser that signed in to the ' +
        'account before is not held back by that); the password was not checked. A password reset lets the ' +
        'owner in at once',
    ),
  },
});

const signOutRoute = createRoute({
  method: 'post',
  path: '/account/sign-out',
  tags,
  summary: 'End the current session and clear the cookie (also without a session)',
  responses: { 204: { description: 'Signed out' } },
});

const requestResetRoute = createRoute({
  method: 'post',
  path: '/account/password-reset',
  tags,
  summary:
    'Send a password reset link, if the address has an account (the answer, and its timing, are the same ' +
    'either way: the link is made and sent after the answer). A new link ends the older ones',
  request: { body: jsonBody(ZRequestPasswordReset) },
  responses: {
    202: { description: 'Accepted' },
    400: errorResponse('invalid_email'),
    429: rateLimited,
  },
});

const resendVerificationRoute = createRoute({
  method: 'post',
  path: '/account/verification/resend',
  tags,
  summary:
    'Send the confirmation link again, if the address has an account waiting for confirmation (the answer, ' +
    'and its timing, are the same either way: the link is sent after the answer)',
  request: { body: jsonBody(ZResendVerification) },
  responses: {
    202: { description: 'Accepted' },
    400: errorResponse('invalid_email'),
    429: errorResponse(
      'rate_limited, with Retry-After: within the cooldown after a resend to this address, or too many',
    ),
  },
});

const checkResetRoute = createRoute({
  method: 'post',
  path: '/account/password-reset/check',
  tags,
  summary: 'Whether a reset link still works (valid, expired, or invalid: unknown or used), without using it',
  request: { body: jsonBody(ZCheckResetLink) },
  responses: {
    200: {
      description: 'The state of the link',
      content: { 'application/json': { schema: ZResetLinkState } },
    },
    429: rateLimited,
  },
});

const confirmResetRoute = createRoute({
  method: 'post',
  path: '/account/password-reset/confirm',
  tags,
  summary: 'Set a new password with the token from the reset link; ends every session of the user',
  request: { body: jsonBody(ZResetPassword) },
  responses: {
    204: { description: 'Password changed' },
    400: errorResponse(
      'password_too_short, password_too_long, password_repeated, password_sequence, password_email, ' +
        'password_common or invalid_token',
    ),
    429: rateLimited,
  },
});

const revokeOthersRoute = createRoute({
  method: 'post',
  path: '/account/sessions/revoke-others',
  tags,
  summary: 'End every other session of the signed-in user',
  responses: {
    200: {
      description: 'How many sessions ended',
      content: { 'application/json': { schema: ZRevokeOthersResult } },
    },
    401: unauthenticated,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/account',
  tags,
  summary: 'Delete the account and everything stored for it, after checking the password',
  request: { body: jsonBody(ZDeleteAccount) },
  responses: {
    204: { description: 'Deleted; the cookie is cleared' },
    401: unauthenticated,
    403: errorResponse('wrong_password'),
    429: rateLimited,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/account/export',
  tags,
  summary: 'Download everything stored about the signed-in user as JSON',
  responses: {
    200: {
      description: 'The export, as an attachment',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
    401: unauthenticated,
  },
});

const verifyEmailLinkRoute = createRoute({
  method: 'get',
  path: VERIFY_EMAIL_PATH.replace(/^\/api/, ''),
  tags,
  summary:
    'The link in the verification e-mail: opens the sign-in page, which confirms the address with a POST ' +
    '(a GET changes nothing, so a mail scanner opening the link confirms nothing)',
  request: {
    query: z.object({ token: z.string().max(4096).optional(), lang: z.string().max(8).optional() }),
  },
  responses: {
    302: { description: 'To /auth?verify=<token>, or /auth?verifyError=invalid without a token' },
  },
});

const verifyEmailRoute = createRoute({
  method: 'post',
  path: '/account/verify-email',
  tags,
  summary: 'Confirm an address with the token from the verification e-mail',
  request: { body: jsonBody(ZVerifyEmail) },
  responses: {
    200: { description: 'Confirmed', content: { 'application/json': { schema: ZVerifyEmailResult } } },
    400: errorResponse('invalid_token: forged, expired or unknown'),
    429: rateLimited,
  },
});

export function accountRoutes(deps: AccountRoutesDeps) {
  const hash = (value: string) => keyedHash(deps.secret, value);
  const limit = (key: string, rule: RateLimitRule) =>
    consumeRateLimit(deps.db, { key: `account:${key}`, rule, now: deps.clock.now() });
  /** The first limit that is exceeded, or undefined; every listed counter counts this attempt. */
  async function firstExceeded(checks: [string, RateLimitRule][]) {
    for (const [key, rule] of checks) {
      const result = await limit(key, rule);
      if (!result.allowed) return result;
    }
    return undefined;
  }
  const clientAddress = (c: Context) => clientIp(c, deps.config.trustProxy);
  const ipOf = (c: Context) => hash(clientAddress(c));

  return createApiRouter()
    .openapi(sessionRoute, (c) => {
      const user = c.get('user');
      return c.json({ user: user ? toSessionUser(user) : null }, 200);
    })
    .openapi(signUpRoute, async (c) => {
      const { invitation, ...body } = c.req.valid('json');
      if (invitation) {
        // Not counted: only a genuine, unused invitation gets as far as hashing a password, once.
        const accepted = await signUpWithInvitation(
          { ...deps, now: deps.clock.now() },
          { ...body, invitation },
        );
        if (!accepted.ok) return fail(c, INVITED_SIGN_UP_STATUS[accepted.error] ?? 400, accepted.error);
        const signedIn = await signIn(deps, {
          ...body,
          headers: sessionRequestHeaders(c, deps.config.trustProxy),
        });
        if (!signedIn.ok) return fail(c, 401, signedIn.error);
        forwardCookies(c, signedIn.setCookies);
        return c.json({ status: 'signed_in' as const, user: signedIn.user }, 201);
      }
      if (deps.config.inviteOnly) return fail(c, 403, 'invite_only');
      // Mistakes in the form are answered before counting, so correcting them costs no attempt.
      const check = checkSignUp(body, isCommonPassword);
      if (!check.ok) return fail(c, 400, check.error);
      const exceeded = await firstExceeded([[`sign-up:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.signUpPerIp]]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      const clientIp = clientAddress(c);
      const outcome = await signUp(deps, { ...body, email: check.email, clientIp });
      if (!outcome.ok) return fail(c, outcome.error === 'user_exists' ? 409 : 400, outcome.error);
      return c.json({ status: 'verification_sent' as const }, 201);
    })
    .openapi(signInRoute, async (c) => {
      const body = c.req.valid('json');
      const ip = clientAddress(c);
      const gate = await enterLogin(deps, {
        scope: 'user',
        email: normalizeEmail(body.email),
        ip,
        now: deps.clock.now(),
        deviceToken: readKnownDevice(c, 'user', deps.config.secureCookies),
        failedSignInsPerMinute: deps.config.signInFailuresPerMinute,
      });
      if (!gate.ok) {
        c.header('Retry-After', String(Math.ceil(gate.retryAfterMs / 1000)));
        return fail(c, 429, 'sign_in_throttled');
      }
      const outcome = await signIn(deps, {
        ...body,
        headers: sessionRequestHeaders(c, deps.config.trustProxy),
        clientIp: ip,
        keepAccountLanguage: !isLocale(getCookie(c, LOCALE_COOKIE)),
      });
      // The right password for an address not confirmed yet, or of a disabled account, is no failed guess.
      const passwordRight = outcome.ok || outcome.error !== 'invalid_credentials';
      await settleLoginAttempt(deps, gate.attempt, passwordRight ? 'success' : 'failure');
      if (!outcome.ok) return fail(c, outcome.error === 'invalid_credentials' ? 401 : 403, outcome.error);
      forwardCookies(c, outcome.setCookies);
      const device = { scope: 'user' as const, secure: deps.config.secureCookies, secret: deps.secret };
      rememberKnownDevice(c, { ...device, attempt: gate.attempt });
      setAppCookie(c, LOCALE_COOKIE, outcome.language, {
        secure: deps.config.secureCookies,
        maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
      });
      return c.json({ user: outcome.user, language: outcome.language }, 200);
    })
    .openapi(signOutRoute, async (c) => {
      forwardCookies(c, await signOut(deps, c.req.raw.headers));
      return c.body(null, 204);
    })
    .openapi(requestResetRoute, async (c) => {
      const body = c.req.valid('json');
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email)) return fail(c, 400, 'invalid_email');
      const exceeded = await firstExceeded([
        [`reset:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.resetRequestPerIp],
        [`reset:email:${hash(email)}`, ACCOUNT_RATE_LIMITS.resetRequestPerEmail],
      ]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      // Answered before the work is done (finding the account, making the link, sending the e-mail), so the
      // answer takes as long for an address with an account as for one without (decision 033).
      const log = c.get('logger');
      void requestPasswordReset(deps, body).catch((error: unknown) =>
        log.error({ err: error }, 'password reset: the link could not be sent'),
      );
      return c.body(null, 202);
    })
    .openapi(resendVerificationRoute, async (c) => {
      const body = c.req.valid('json');
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email)) return fail(c, 400, 'invalid_email');
      // Counted for every address alike, with or without an account, so the answers tell nothing apart.
      const exceeded = await firstExceeded([
        [`resend-verify:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.resendVerificationPerIp],
        [`resend-verify:wait:${hash(email)}`, ACCOUNT_RATE_LIMITS.resendVerificationCooldown],
        [`resend-verify:email:${hash(email)}`, ACCOUNT_RATE_LIMITS.resendVerificationPerEmail],
      ]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      const log = c.get('logger');
      const request = { email, language: body.language, clientIp: clientAddress(c) };
      void resendVerificationLink(deps, request).catch((error: unknown) =>
        log.error({ err: error }, 'resend verification: the link could not be sent'),
      );
      return c.body(null, 202);
    })
    .openapi(checkResetRoute, async (c) => {
      const exceeded = await firstExceeded([
        [`reset-check:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.resetConfirmPerIp],
      ]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      return c.json({ status: await checkResetLink(deps.db, c.req.valid('json').token) }, 200);
    })
    .openapi(confirmResetRoute, async (c) => {
      const exceeded = await firstExceeded([
        [`reset-confirm:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.resetConfirmPerIp],
      ]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      const outcome = await resetPassword(deps, c.req.valid('json'));
      if (!outcome.ok) return fail(c, 400, outcome.error);
      return c.body(null, 204);
    })
    .openapi(revokeOthersRoute, async (c) => {
      const user = currentUser(c);
      const session = await readSession(deps.auth, c.req.raw.headers);
      if (!session || session.user.id !== user.id) return fail(c, 401, 'unauthenticated');
      const revoked = await revokeOtherSessions(deps.db, {
        userId: user.id,
        currentSessionId: session.sessionId,
      });
      return c.json({ revoked }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const user = currentUser(c);
      const exceeded = await firstExceeded([[`delete:user:${user.id}`, ACCOUNT_RATE_LIMITS.deletePerUser]]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      const outcome = await deleteAccount(deps, { user, password: c.req.valid('json').password });
      if (!outcome.ok) return fail(c, 403, outcome.error);
      forwardCookies(c, await signOut(deps, c.req.raw.headers));
      return c.body(null, 204);
    })
    .openapi(exportRoute, async (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      const data = await exportAccount(deps, { userId: user.id, now });
      const fileName = `mirror-export-${now.toISOString().slice(0, 10)}.json`;
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return c.json(data, 200);
    })
    .openapi(verifyEmailLinkRoute, (c) => {
      const { token, lang } = c.req.valid('query');
      const query = token ? { verify: token } : { verifyError: 'invalid' };
      return c.redirect(href('auth', { ...query, lang: toLocale(lang) }), 302);
    })
    .openapi(verifyEmailRoute, async (c) => {
      const exceeded = await firstExceeded([[`verify:ip:${ipOf(c)}`, ACCOUNT_RATE_LIMITS.verifyEmailPerIp]]);
      if (exceeded) return tooMany(c, exceeded.retryAfterMs);
      const outcome = await verifyEmail(deps, c.req.valid('json').token);
      if (outcome !== 'verified') return fail(c, 400, 'invalid_token');
      return c.json({ status: 'verified' as const }, 200);
    });
}

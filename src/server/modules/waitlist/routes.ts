import { createRoute, z } from '@hono/zod-openapi';
import { checkJoin, EMPTY_ATTEMPT_LOG, HOUR_MS, type WaitlistErrorCode } from '@shared/domain/waitlist';
import {
  ZConfirmResult,
  ZConfirmSubscription,
  ZJoinWaitlist,
  ZJoinWaitlistResult,
  ZUnsubscribe,
  ZUnsubscribeResult,
} from '@shared/schemas/waitlist';
import type { Context } from 'hono';
import type { Config } from '../../config';
import { createApiRouter, errorResponse, jsonBody } from '../../lib/api';
import { clientIp, clientNetwork } from '../../lib/client-ip';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { keyedHash } from '../../lib/signed-token';
import { confirmSubscription, joinWaitlist, unsubscribe, type WaitlistDeps } from './service';

/**
 * Server-side limits, kept in the database so they hold across app processes. The browser keeps the spec's
 * own (3 an hour, 5 s apart, per browser). Here each e-mail address gets 3 tries an hour (no address can be
 * mailed more often), while a client network gets a budget big enough for a launch event, a campus or a
 * carrier's NAT, where hundreds of people share one address; bots also meet the honeypot (decision 035).
 */
export const WAITLIST_RATE_LIMITS = {
  perNetworkHourly: { limit: 600, windowMs: HOUR_MS },
  perAddressHourly: { limit: 3, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

/** The path mail clients POST to for one-click unsubscribe; exempt from the CSRF origin check. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/waitlist/unsubscribe/one-click';

function waitlistError(c: Context, status: 400 | 409 | 429, code: WaitlistErrorCode, retryAfterMs = 0) {
  if (retryAfterMs > 0) c.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
  return c.json({ error: { code } }, status);
}

const joinRoute = createRoute({
  method: 'post',
  path: '/waitlist',
  tags: ['waitlist'],
  summary: 'Join the waiting list (double opt-in: a confirmation e-mail follows)',
  request: { body: jsonBody(ZJoinWaitlist) },
  responses: {
    201: {
      description: 'On the list, unconfirmed',
      content: { 'application/json': { schema: ZJoinWaitlistResult } },
    },
    400: errorResponse('somethingWrong, consent, emailRequired or invalidEmail (checked in that order)'),
    409: errorResponse('alreadyOnList'),
    429: errorResponse('tooManyAttempts or pleaseWait, with Retry-After'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/waitlist/confirm',
  tags: ['waitlist'],
  summary: 'Confirm a subscription with the token from the confirmation e-mail',
  request: { body: jsonBody(ZConfirmSubscription) },
  responses: {
    200: { description: 'Confirmed', content: { 'application/json': { schema: ZConfirmResult } } },
    400: errorResponse('invalid_token: forged, expired, for another address, or unsubscribed since'),
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/waitlist/unsubscribe',
  tags: ['waitlist'],
  summary: 'Unsubscribe with the token from any list e-mail',
  request: { body: jsonBody(ZUnsubscribe) },
  responses: {
    200: { description: 'Unsubscribed', content: { 'application/json': { schema: ZUnsubscribeResult } } },
    400: errorResponse('invalid_token'),
  },
});

const oneClickRoute = createRoute({
  method: 'post',
  path: '/waitlist/unsubscribe/one-click',
  tags: ['waitlist'],
  summary: 'RFC 8058 one-click unsubscribe, POSTed by mail clients from the List-Unsubscribe header',
  request: { query: z.object({ token: z.string().max(1024) }) },
  responses: {
    200: { description: 'Unsubscribed', content: { 'text/plain': { schema: z.string() } } },
    400: { description: 'Invalid token', content: { 'text/plain': { schema: z.string() } } },
  },
});

export function waitlistRoutes(deps: WaitlistDeps & { config: Config }) {
  return createApiRouter()
    .openapi(joinRoute, async (c) => {
      const body = c.req.valid('json');
      const now = deps.mail.clock.now();
      // The shared rules in spec order; this side has no attempt log, its limits come from the database.
      const check = checkJoin(
        { honeypot: body.website, consent: body.consent, email: body.email },
        EMPTY_ATTEMPT_LOG,
        now.getTime(),
      );
      if (!check.ok && (check.error === 'somethingWrong' || check.error === 'consent')) {
        return waitlistError(c, 400, check.error);
      }
      const ip = clientIp(c, deps.config.trustProxy);
      const ipHash = keyedHash(deps.secret, ip);
      const limit = (key: string, rule: RateLimitRule) => consumeRateLimit(deps.db, { key, rule, now });
      const network = await limit(
        `waitlist:network:${keyedHash(deps.secret, clientNetwork(ip))}`,
        WAITLIST_RATE_LIMITS.perNetworkHourly,
      );
      if (!network.allowed) return waitlistError(c, 429, 'tooManyAttempts', network.retryAfterMs);
      if (!check.ok) return waitlistError(c, 400, check.error);
      const perAddress = await limit(
        `waitlist:email:${keyedHash(deps.secret, check.email)}`,
        WAITLIST_RATE_LIMITS.perAddressHourly,
      );
      if (!perAddress.allowed) return waitlistError(c, 429, 'tooManyAttempts', perAddress.retryAfterMs);

      const outcome = await joinWaitlist(deps, {
        email: check.email,
        language: body.language,
        ipHash,
        userAgent: c.req.header('user-agent') ?? null,
      });
      if (!outcome.ok) return waitlistError(c, 409, outcome.error);
      return c.json({ result: outcome.result }, 201);
    })
    .openapi(confirmRoute, async (c) => {
      const outcome = await confirmSubscription(deps, c.req.valid('json'));
      if (outcome === 'invalid') return c.json({ error: { code: 'invalid_token' } }, 400);
      return c.json({ status: 'confirmed' as const }, 200);
    })
    .openapi(unsubscribeRoute, async (c) => {
      const outcome = await unsubscribe(deps, c.req.valid('json'));
      if (outcome === 'invalid') return c.json({ error: { code: 'invalid_token' } }, 400);
      return c.json({ status: 'unsubscribed' as const }, 200);
    })
    .openapi(oneClickRoute, async (c) => {
      const outcome = await unsubscribe(deps, c.req.valid('query'));
      return outcome === 'invalid' ? c.text('Invalid unsubscribe link', 400) : c.text('Unsubscribed', 200);
    });
}

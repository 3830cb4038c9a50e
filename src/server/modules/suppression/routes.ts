import { createRoute, z } from '@hono/zod-openapi';
import { ZLiftSuppression, ZSuppressionList } from '@shared/schemas/suppression';
import type { Database } from '../../db/client';
import { createApiRouter, currentStaff, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import type { TrustProxy } from '../../lib/client-ip';
import { clientIp } from '../../lib/client-ip';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { verifyWebhook, webhookKey } from '../../lib/webhook-signature';
import { adminRoute } from '../admin/permissions';
import { handleMailWebhookEvent, liftSuppression, listSuppressions, type MailWebhookEvent } from './service';

/** Where the provider posts its events; exempt from the Origin check (it is signed instead). */
export const MAIL_WEBHOOK_PATH = '/api/webhooks/mail';

const ZWebhookAnswer = z.object({ status: z.enum(['handled', 'ignored']) });

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/mail',
  tags: ['webhooks'],
  summary:
    'Bounces and complaints from the e-mail provider (Resend-compatible, Svix-signed); exists only with MAIL_WEBHOOK_SECRET',
  responses: {
    200: jsonResponse('Handled (a bounce or complaint) or ignored (another event type)', ZWebhookAnswer),
    400: errorResponse('invalid_json: the body is not an event'),
    401: errorResponse('webhook_signature_invalid: missing, wrong or stale signature (5 minutes)'),
    409: errorResponse('webhook_duplicate: this event id was handled before'),
  },
});

/** The recipients and a short description of a provider event; null when the body is not an event. */
function parseEvent(id: string, body: string): MailWebhookEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const event = parsed as { type?: unknown; data?: { to?: unknown; bounce?: { message?: unknown } } };
  if (typeof event?.type !== 'string') return null;
  const to = event.data?.to;
  const recipients = (Array.isArray(to) ? to : [to]).filter(
    (address): address is string =>
      typeof address === 'string' && address.includes('@') && address.length <= 320,
  );
  const message = event.data?.bounce?.message;
  return { id, type: event.type, recipients, detail: typeof message === 'string' ? message : null };
}

/**
 * `POST /api/webhooks/mail` (decision 043). Off (404) unless MAIL_WEBHOOK_SECRET is set; every request is
 * checked against it before anything is read from the body, and each event id is handled once.
 */
export function mailWebhookRoutes(deps: {
  db: Database;
  clock: Clock;
  secret: string | undefined;
  logger: Logger;
}) {
  const router = createApiRouter();
  const key = deps.secret ? webhookKey(deps.secret) : null;
  if (!key) return router;
  return router.openapi(webhookRoute, async (c) => {
    const body = await c.req.text();
    const check = verifyWebhook({
      key,
      headers: {
        id: c.req.header('svix-id') ?? null,
        timestamp: c.req.header('svix-timestamp') ?? null,
        signature: c.req.header('svix-signature') ?? null,
      },
      body,
      now: deps.clock.now(),
    });
    if (!check.ok) {
      deps.logger.warn({ reason: check.reason }, 'mail webhook refused');
      return c.json({ error: { code: 'webhook_signature_invalid' as const } }, 401);
    }
    const event = parseEvent(c.req.header('svix-id') ?? '', body);
    if (!event) return c.json({ error: { code: 'invalid_json' as const } }, 400);
    const outcome = await handleMailWebhookEvent(deps.db, event, deps.clock.now());
    if (outcome === 'duplicate') return c.json({ error: { code: 'webhook_duplicate' as const } }, 409);
    deps.logger.info({ type: event.type, recipients: event.recipients.length }, 'mail webhook');
    return c.json({ status: outcome }, 200);
  });
}

const listRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/mail/suppressions',
  tags: ['admin'],
  summary: 'The suppression list: addresses no list mail goes to, with why and since when',
  responses: { 200: jsonResponse('The newest 500 entries and the total', ZSuppressionList) },
});

const liftRoute = adminRoute('mailSettings', {
  method: 'post',
  path: '/admin/mail/suppressions/lift',
  tags: ['admin'],
  summary: 'Lifts an entry of the suppression list (audited); the address may be mailed again',
  request: { body: jsonBody(ZLiftSuppression) },
  responses: {
    200: jsonResponse('The list as it is now', ZSuppressionList),
    404: errorResponse('not_found: the address is not on the list'),
  },
});

export function adminSuppressionRoutes(deps: { db: Database; clock: Clock; trustProxy: TrustProxy }) {
  return createApiRouter()
    .openapi(listRoute, async (c) => c.json(await listSuppressions(deps.db), 200))
    .openapi(liftRoute, async (c) => {
      const staff = currentStaff(c);
      const lifted = await liftSuppression(deps.db, {
        email: c.req.valid('json').email,
        actor: { id: staff.staffId, email: staff.email },
        ip: clientIp(c, deps.trustProxy),
        now: deps.clock.now(),
      });
      if (!lifted) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(await listSuppressions(deps.db), 200);
    });
}

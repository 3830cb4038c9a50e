import { z } from '@hono/zod-openapi';
import { ADMIN_EVENTS_HEARTBEAT_MS } from '@shared/domain/admin';
import { CAMPAIGN_TEST_RATE_LIMIT } from '@shared/domain/campaigns';
import {
  CAMPAIGN_EVENT_NAME,
  ZCampaign,
  ZCampaignEmail,
  ZCampaignList,
  ZCampaignPlan,
  ZCampaignRecipients,
  ZCampaignRecipientsQuery,
  ZCampaignSelection,
  ZCampaignTestResult,
  ZCampaignTestSend,
  ZDuplicateCampaign,
  ZStartCampaign,
  ZStartedCampaign,
} from '@shared/schemas/campaigns';
import { ZNewsletterDraft } from '@shared/schemas/newsletters';
import type { Context } from 'hono';
import {
  type AppEnv,
  createApiRouter,
  currentStaff,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import { CHANGE_CHANNELS } from '../../lib/change-feed';
import { consumeRateLimit } from '../../lib/rate-limit';
import {
  type CampaignAction,
  changeCampaign,
  duplicateCampaign,
  getCampaign,
  getCampaignEmail,
  listCampaignRecipients,
  listCampaigns,
  planCampaign,
  startCampaign,
} from '../campaigns/service';
import { sendCampaignTest } from '../campaigns/test-send';
import { changeEventsDescription, changeEventsResponse, changeEventsResponses } from './event-stream';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin', 'newsletters'];
const unauthenticated = errorResponse('admin_session_missing');
const notFound = errorResponse('not_found: no such campaign');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ZCampaignParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const ZRecipientsQuery = ZCampaignRecipientsQuery.extend({
  status: ZCampaignRecipientsQuery.shape.status.openapi({ param: { name: 'status', in: 'query' } }),
  limit: ZCampaignRecipientsQuery.shape.limit.openapi({ param: { name: 'limit', in: 'query' } }),
});

/** A selection of up to CAMPAIGN_MAX_RECIPIENTS entry ids (about 2 MB of JSON) plus the texts. */
const SELECTION_BODY_BYTES = 4 * 1024 * 1024;

const planRoute = adminRoute(
  'newsletters',
  {
    method: 'post',
    path: '/admin/campaigns/plan',
    tags: TAGS,
    summary: 'Who of a newsletter-list selection would get a newsletter, and who is left out and why',
    request: { body: jsonBody(ZCampaignSelection) },
    responses: {
      200: jsonResponse('The plan', ZCampaignPlan),
      400: errorResponse('no_recipients: nothing selected ("No emails selected")'),
      401: unauthenticated,
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const startRoute = adminRoute(
  'newsletters',
  {
    method: 'post',
    path: '/admin/campaigns',
    tags: TAGS,
    summary: 'Send a newsletter to the confirmed, subscribed people of a selection',
    description:
      'Saves the texts as a draft (the next version of `draftId` when changed, else a new draft) and writes the campaign with one ' +
      'message per recipient in their language, in one transaction; the campaign workers send it at ' +
      '`ratePerSecond`. Nothing is written when a check fails.',
    request: { body: jsonBody(ZStartCampaign) },
    responses: {
      201: jsonResponse('The campaign, sending', ZStartedCampaign),
      400: errorResponse('no_recipients, subject_required, invalid_cta_link or validation'),
      401: unauthenticated,
      404: errorResponse('not_found: no such draft'),
      409: errorResponse(
        'sending_paused (auto-send is off), no_eligible_recipients, or draft_version_conflict (someone saved ' +
          'the draft since `baseVersion`)',
      ),
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const listRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/campaigns',
  tags: TAGS,
  summary: 'The campaign history, newest first, with live counts',
  responses: { 200: jsonResponse('The campaigns', ZCampaignList), 401: unauthenticated },
});

const eventsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/campaigns/events',
  tags: TAGS,
  summary: 'Live campaign progress, as server-sent events',
  description: changeEventsDescription(
    `an event \`${CAMPAIGN_EVENT_NAME}\` with a campaign (as in the list) whenever one changes, on any app ` +
      'process: about twice a second while it sends.',
  ),
  responses: changeEventsResponses,
});

const recipientsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/campaigns/{id}/recipients',
  tags: TAGS,
  summary: "A campaign's recipients and their status, failed first",
  request: { params: ZCampaignParams, query: ZRecipientsQuery },
  responses: {
    200: jsonResponse('The recipients', ZCampaignRecipients),
    401: unauthenticated,
    404: notFound,
  },
});

const actionRoute = (action: CampaignAction, summary: string) =>
  adminRoute('newsletters', {
    method: 'post',
    path: `/admin/campaigns/{id}/${action}`,
    tags: TAGS,
    summary,
    request: { params: ZCampaignParams },
    responses: {
      200: jsonResponse('The campaign', z.object({ campaign: ZCampaign })),
      401: unauthenticated,
      404: notFound,
      409: errorResponse('campaign_finished: the campaign is not in a state that allows this'),
    },
  });

const duplicateRoute = adminRoute('newsletters', {
  method: 'post',
  path: '/admin/campaigns/{id}/duplicate',
  tags: TAGS,
  summary: "Make a new newsletter draft of a campaign's texts (both languages, as sent)",
  request: { params: ZCampaignParams, body: jsonBody(ZDuplicateCampaign) },
  responses: {
    201: jsonResponse('The new draft', ZNewsletterDraft),
    401: unauthenticated,
    404: notFound,
  },
});

const emailRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/campaigns/{id}/email',
  tags: TAGS,
  summary: 'The e-mail a campaign sent, per language, with a sample unsubscribe link',
  request: { params: ZCampaignParams },
  responses: { 200: jsonResponse('The e-mail', ZCampaignEmail), 401: unauthenticated, 404: notFound },
});

const testRoute = adminRoute('newsletters', {
  method: 'post',
  path: '/admin/campaigns/test',
  tags: TAGS,
  summary: 'Send the composed newsletter as a test, in the chosen languages, to the given addresses',
  description:
    'Rendered as a campaign renders it, the subject marked "[Test]", with the sample unsubscribe link. Sent ' +
    'at once, also while auto-send is off, like the e-mail test; no campaign counts it (decision 046). ' +
    `At most ${CAMPAIGN_TEST_RATE_LIMIT.limit} messages per staff member in ${CAMPAIGN_TEST_RATE_LIMIT.windowMs / 60_000} minutes.`,
  request: { body: jsonBody(ZCampaignTestSend) },
  responses: {
    200: jsonResponse('What happened to each message', ZCampaignTestResult),
    400: errorResponse('invalid_email, subject_required, invalid_cta_link or validation; nothing is sent'),
    401: unauthenticated,
    429: errorResponse('rate_limited, with Retry-After: too many test sends; nothing is sent'),
  },
});

const pauseRoute = actionRoute('pause', 'Pause a sending campaign (messages in flight still finish)');
const resumeRoute = actionRoute('resume', 'Resume a paused campaign');
const cancelRoute = actionRoute('cancel', 'Cancel a campaign: messages not yet sent are not sent');

/** Sending newsletters (spec §5 newsletter send): plan, start, watch, pause, resume, cancel. */
export function adminCampaignRoutes(deps: AdminDeps, options: { eventsHeartbeatMs?: number } = {}) {
  const campaignDeps = { db: deps.db, appUrl: deps.config.appUrl };
  const act = (c: Context<AppEnv>) => staffChange(c, deps);
  const change = (action: CampaignAction) => async (c: Context<AppEnv>, id: string) => {
    const outcome = await changeCampaign(deps.db, { id, action, ...act(c) });
    if (!outcome.ok)
      return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
    return c.json({ campaign: outcome.campaign }, 200);
  };

  // The fixed paths come before /{id}/..., which would otherwise take them.
  return createApiRouter()
    .openapi(planRoute, async (c) => {
      const outcome = await planCampaign(deps.db, c.req.valid('json').entryIds);
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.plan, 200);
    })
    .openapi(startRoute, async (c) => {
      const outcome = await startCampaign(campaignDeps, { request: c.req.valid('json'), ...act(c) });
      if (outcome.ok) return c.json({ campaign: outcome.campaign, plan: outcome.plan }, 201);
      const { error } = outcome;
      if (error === 'not_found') return c.json({ error: { code: error } }, 404);
      if (
        error === 'sending_paused' ||
        error === 'no_eligible_recipients' ||
        error === 'draft_version_conflict'
      ) {
        return c.json({ error: { code: error } }, 409);
      }
      return c.json({ error: { code: error } }, 400);
    })
    .openapi(testRoute, async (c) => {
      const request = c.req.valid('json');
      const messages =
        new Set(request.to.map((address) => address.trim())).size * new Set(request.languages).size;
      let limit = null;
      for (let hit = 0; hit < messages; hit += 1) {
        limit = await consumeRateLimit(deps.db, {
          key: `admin:newsletter-test:${currentStaff(c).staffId}`,
          rule: CAMPAIGN_TEST_RATE_LIMIT,
          now: deps.clock.now(),
        });
      }
      if (limit && !limit.allowed) {
        c.header('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)));
        return c.json({ error: { code: 'rate_limited' as const } }, 429);
      }
      const outcome = await sendCampaignTest(
        { mail: deps.mail, appUrl: deps.config.appUrl },
        { request, ...act(c) },
      );
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.result, 200);
    })
    .openapi(listRoute, async (c) => c.json({ campaigns: await listCampaigns(deps.db) }, 200))
    .openapi(eventsRoute, (c) =>
      changeEventsResponse(c, deps, {
        label: 'campaign',
        channel: CHANGE_CHANNELS.campaigns,
        heartbeatMs: options.eventsHeartbeatMs ?? ADMIN_EVENTS_HEARTBEAT_MS,
        async onPayload(payload, stream) {
          if (!UUID.test(payload)) return;
          const campaign = await getCampaign(deps.db, payload);
          if (campaign) await stream.writeSSE({ event: CAMPAIGN_EVENT_NAME, data: JSON.stringify(campaign) });
        },
      }),
    )
    .openapi(recipientsRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { status, limit } = c.req.valid('query');
      const recipients = await listCampaignRecipients(deps.db, { id, status, limit });
      if (!recipients) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(recipients, 200);
    })
    .openapi(duplicateRoute, async (c) => {
      const { name } = c.req.valid('json');
      const draft = await duplicateCampaign(deps.db, { id: c.req.valid('param').id, name, ...act(c) });
      if (!draft) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(draft, 201);
    })
    .openapi(emailRoute, async (c) => {
      const email = await getCampaignEmail(campaignDeps, c.req.valid('param').id);
      if (!email) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(email, 200);
    })
    .openapi(pauseRoute, (c) => change('pause')(c, c.req.valid('param').id))
    .openapi(resumeRoute, (c) => change('resume')(c, c.req.valid('param').id))
    .openapi(cancelRoute, (c) => change('cancel')(c, c.req.valid('param').id));
}

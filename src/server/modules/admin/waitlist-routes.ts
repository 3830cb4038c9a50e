import { ADMIN_EVENTS_HEARTBEAT_MS } from '@shared/domain/admin';
import {
  WAITLIST_EVENT_NAME,
  ZAdminWaitlist,
  ZDeleteWaitlistEntries,
  ZDeleteWaitlistResult,
  ZMailSendResult,
  ZSendGdprConfirmation,
  ZWaitlistEvent,
} from '@shared/schemas/admin';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { CHANGE_CHANNELS } from '../../lib/change-feed';
import {
  deleteWaitlistEntries,
  listWaitlistEntries,
  sendConfirmationMail,
  type WaitlistDeps,
} from '../waitlist/service';
import { changeEventsDescription, changeEventsResponse, changeEventsResponses } from './event-stream';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin'];
const unauthenticated = errorResponse('admin_session_missing');

const listRoute = adminRoute('waitlist', {
  method: 'get',
  path: '/admin/waitlist',
  tags: TAGS,
  summary: 'The whole waiting list, newest first, each entry with the state of its invitation',
  responses: { 200: jsonResponse('Every entry', ZAdminWaitlist), 401: unauthenticated },
});

const deleteRoute = adminRoute('waitlist', {
  method: 'delete',
  path: '/admin/waitlist',
  tags: TAGS,
  summary: 'Delete waiting-list entries by id (audited; cannot be undone)',
  description: 'Ids that are not on the list are ignored; `deleted` says how many entries went.',
  request: { body: jsonBody(ZDeleteWaitlistEntries) },
  responses: {
    200: jsonResponse('How many entries were deleted', ZDeleteWaitlistResult),
    400: errorResponse('validation: no ids, or one that is not a UUID'),
    401: unauthenticated,
  },
});

const eventsRoute = adminRoute('waitlist', {
  method: 'get',
  path: '/admin/waitlist/events',
  tags: TAGS,
  summary: 'Live changes of the waiting list, as server-sent events',
  description: changeEventsDescription(
    'an event `waitlist` with data `{"change":"joined"|"updated"|"deleted"}` whenever the list changes, on ' +
      'any app process (reload the list).',
  ),
  responses: changeEventsResponses,
});

const sendConfirmationRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/waitlist/confirmation-mail',
  tags: TAGS,
  summary: 'Manual GDPR sender: send the double opt-in e-mail now, in the chosen language',
  description:
    'An address on the list gets a real confirmation for its entry (`mode: subscriber`); any other address ' +
    'gets a test copy with "[Test] " before the subject whose links confirm and unsubscribe nobody ' +
    '(`mode: test`). Obeys auto-send (`blocked`); `failed` carries the transport error.',
  request: { body: jsonBody(ZSendGdprConfirmation) },
  responses: {
    200: jsonResponse('What happened to the e-mail', ZMailSendResult),
    400: errorResponse('invalid_email'),
    401: unauthenticated,
    409: errorResponse('unsubscribed_address: the address unsubscribed and gets no more mail'),
  },
});

export type AdminWaitlistRoutesOptions = {
  /** How often the event stream sends a heartbeat and re-checks the session (tests shorten it). */
  eventsHeartbeatMs?: number;
};

export function adminWaitlistRoutes(deps: AdminDeps, options: AdminWaitlistRoutesOptions = {}) {
  const heartbeatMs = options.eventsHeartbeatMs ?? ADMIN_EVENTS_HEARTBEAT_MS;
  const waitlist: WaitlistDeps = {
    db: deps.db,
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    secret: deps.secret,
    storage: deps.storage,
  };
  const act = (c: Context<AppEnv>) => staffChange(c, deps);

  return createApiRouter()
    .openapi(listRoute, async (c) =>
      c.json({ entries: await listWaitlistEntries(deps.db, deps.clock.now()) }, 200),
    )
    .openapi(deleteRoute, async (c) => {
      const { ids } = c.req.valid('json');
      const deleted = await deleteWaitlistEntries(deps.db, { ids, ...act(c) });
      return c.json({ deleted }, 200);
    })
    .openapi(eventsRoute, (c) =>
      changeEventsResponse(c, deps, {
        label: 'waitlist',
        channel: CHANGE_CHANNELS.waitlist,
        heartbeatMs,
        async onPayload(payload, stream) {
          const event = ZWaitlistEvent.safeParse({ change: payload });
          if (!event.success) return;
          await stream.writeSSE({ event: WAITLIST_EVENT_NAME, data: JSON.stringify(event.data) });
        },
      }),
    )
    .openapi(sendConfirmationRoute, async (c) => {
      const { email, language } = c.req.valid('json');
      const { actor, ip } = act(c);
      const outcome = await sendConfirmationMail(waitlist, { email, language, actor, ip });
      if (!outcome.ok) {
        const status = outcome.error === 'invalid_email' ? 400 : 409;
        return c.json({ error: { code: outcome.error } }, status);
      }
      return c.json(outcome.result, 200);
    });
}

import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_EVENTS_HEARTBEAT_MS, ADMIN_EVENTS_RECONNECT_DELAYS_MS } from '@shared/domain/admin';
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
import { getCookie } from 'hono/cookie';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import {
  type AppEnv,
  createApiRouter,
  currentStaff,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import { CHANGE_CHANNELS } from '../../lib/change-feed';
import { clientIp } from '../../lib/client-ip';
import {
  deleteWaitlistEntries,
  listWaitlistEntries,
  sendConfirmationMail,
  type WaitlistDeps,
} from '../waitlist/service';
import { type AdminDeps, staffCookieName } from './routes';
import { readStaffSession } from './service';

const TAGS = ['admin'];
const unauthenticated = errorResponse('admin_session_missing');

const listRoute = createRoute({
  method: 'get',
  path: '/admin/waitlist',
  tags: TAGS,
  summary: 'The whole waiting list, newest first',
  responses: { 200: jsonResponse('Every entry', ZAdminWaitlist), 401: unauthenticated },
});

const deleteRoute = createRoute({
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

const eventsRoute = createRoute({
  method: 'get',
  path: '/admin/waitlist/events',
  tags: TAGS,
  summary: 'Live changes of the waiting list, as server-sent events',
  description:
    'Starts with `retry: 1000` and an event `ready`; then an event `waitlist` with data ' +
    '`{"change":"joined"|"updated"|"deleted"}` whenever the list changes, on any app process (reload the ' +
    `list). A comment line \`: heartbeat\` comes every ${ADMIN_EVENTS_HEARTBEAT_MS / 1000} s; the stream ` +
    'ends when the staff session expires or is ended.',
  responses: {
    200: {
      description: 'An event stream (text/event-stream)',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    401: unauthenticated,
  },
});

const sendConfirmationRoute = createRoute({
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

/**
 * Streams waiting-list changes until the client goes away or the staff session ends. The feed listener is
 * registered before `ready` is sent, so a client that has seen `ready` misses no change after it.
 */
async function streamWaitlistChanges(
  deps: AdminDeps,
  stream: SSEStreamingApi,
  session: { stillValid(): Promise<boolean> },
  heartbeatMs: number,
) {
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  stream.onAbort(() => finish());

  const stopListening = await deps.changes.listen(
    CHANGE_CHANNELS.waitlist,
    (payload) => {
      const event = ZWaitlistEvent.safeParse({ change: payload });
      if (!event.success) return;
      void stream.writeSSE({ event: WAITLIST_EVENT_NAME, data: JSON.stringify(event.data) });
    },
    // On shutdown the stream ends, so the server need not wait for it; the browser reconnects elsewhere.
    { onClose: () => finish() },
  );
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    try {
      if (!(await session.stillValid())) return finish();
      await stream.write(': heartbeat\n\n');
    } catch (error) {
      deps.logger.warn({ err: error }, 'waitlist events: heartbeat failed');
      return finish();
    }
    if (!stream.aborted) timer = setTimeout(beat, heartbeatMs);
  };
  try {
    await stream.writeSSE({ event: 'ready', data: '{}', retry: ADMIN_EVENTS_RECONNECT_DELAYS_MS[0] });
    timer = setTimeout(beat, heartbeatMs);
    await ended;
  } finally {
    clearTimeout(timer);
    await stopListening();
  }
}

export function adminWaitlistRoutes(deps: AdminDeps, options: AdminWaitlistRoutesOptions = {}) {
  const heartbeatMs = options.eventsHeartbeatMs ?? ADMIN_EVENTS_HEARTBEAT_MS;
  const waitlist: WaitlistDeps = {
    db: deps.db,
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    secret: deps.secret,
    storage: deps.storage,
  };
  /** Who does it, from where and when: what the service writes into the audit log. */
  const act = (c: Context<AppEnv>) => {
    const staff = currentStaff(c);
    return {
      actor: { id: staff.staffId, email: staff.email },
      ip: clientIp(c, deps.config.trustProxy),
      now: deps.clock.now(),
    };
  };

  return createApiRouter()
    .openapi(listRoute, async (c) => c.json({ entries: await listWaitlistEntries(deps.db) }, 200))
    .openapi(deleteRoute, async (c) => {
      const { ids } = c.req.valid('json');
      const deleted = await deleteWaitlistEntries(deps.db, { ids, ...act(c) });
      return c.json({ deleted }, 200);
    })
    .openapi(eventsRoute, (c) => {
      currentStaff(c); // answers 401 should the guard ever not be in front of this route
      // The guard found the session by this cookie; each heartbeat looks again, so a stream opened with a
      // session that later expires or is signed out does not outlive it.
      const token = getCookie(c, staffCookieName(deps.config)) ?? '';
      const session = {
        stillValid: async () => (await readStaffSession(deps.db, token, deps.clock.now())) !== null,
      };
      const response = streamSSE(c, async (stream) => {
        try {
          await streamWaitlistChanges(deps, stream, session, heartbeatMs);
        } catch (error) {
          deps.logger.error({ err: error }, 'waitlist events: the stream failed');
        }
      });
      response.headers.set('Cache-Control', 'no-store');
      // nginx and the like would otherwise hold events back in their buffers.
      response.headers.set('X-Accel-Buffering', 'no');
      return response;
    })
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

import { z } from '@hono/zod-openapi';
import { ADMIN_EVENTS_HEARTBEAT_MS, ADMIN_EVENTS_RECONNECT_DELAYS_MS } from '@shared/domain/admin';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { type AppEnv, apiError, currentStaff, errorResponse } from '../../lib/api';
import type { ChangeChannel, ChangeFeed } from '../../lib/change-feed';
import { createSlots } from '../../lib/slots';
import type { AdminDeps } from './routes';
import { readStaffSession } from './service';
import { staffCookieName } from './session-cookie';

/** The OpenAPI description of a change stream, around what its own events say (`events`). */
export function changeEventsDescription(events: string): string {
  return (
    `Starts with \`retry: ${ADMIN_EVENTS_RECONNECT_DELAYS_MS[0]}\` and an event \`ready\`; then ${events} ` +
    `A comment line \`: heartbeat\` comes every ${ADMIN_EVENTS_HEARTBEAT_MS / 1000} s; the stream ends when ` +
    'the staff session expires or is ended.'
  );
}

/** The OpenAPI answers of a change stream. */
export const changeEventsResponses = {
  200: {
    description: 'An event stream (text/event-stream)',
    content: { 'text/event-stream': { schema: z.string() } },
  },
  401: errorResponse('admin_session_missing'),
  429: errorResponse('too_many_event_streams: this staff session holds its maximum of open streams'),
};

export type ChangeEventOptions = {
  /** What the stream is about, for the log. */
  label: string;
  channel: ChangeChannel;
  /** How often a heartbeat is sent and the session checked again. */
  heartbeatMs: number;
  /** Turns a notification into events; may write none. */
  onPayload(payload: string, stream: SSEStreamingApi): Promise<void>;
};

/**
 * Streams a change channel until the client goes away or the staff session ends. The feed listener is
 * registered before `ready` is sent, so a client that has seen `ready` misses no change after it.
 */
async function streamChanges(
  deps: AdminDeps,
  stream: SSEStreamingApi,
  session: { stillValid(): Promise<boolean> },
  options: ChangeEventOptions,
) {
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  stream.onAbort(() => finish());

  // Events are written one after another, in the order their notifications came.
  let writing = Promise.resolve();
  const stopListening = await deps.changes.listen(
    options.channel,
    (payload) => {
      writing = writing
        .then(() => (stream.aborted ? undefined : options.onPayload(payload, stream)))
        .catch((error: unknown) =>
          deps.logger.warn({ err: error }, `${options.label} events: an event failed`),
        );
    },
    // On shutdown the stream ends, so the server need not wait for it; the browser reconnects elsewhere.
    { onClose: () => finish() },
  );
  const streamClosed = deps.metrics?.sseClientOpened(options.label);
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    try {
      if (!(await session.stillValid())) return finish();
      await stream.write(': heartbeat\n\n');
    } catch (error) {
      deps.logger.warn({ err: error }, `${options.label} events: heartbeat failed`);
      return finish();
    }
    if (!stream.aborted) timer = setTimeout(beat, options.heartbeatMs);
  };
  try {
    await stream.writeSSE({ event: 'ready', data: '{}', retry: ADMIN_EVENTS_RECONNECT_DELAYS_MS[0] });
    timer = setTimeout(beat, options.heartbeatMs);
    await ended;
  } finally {
    streamClosed?.();
    clearTimeout(timer);
    await stopListening();
    await writing;
  }
}

/**
 * The event streams each staff session holds open, per change feed: one feed per app, so per process in
 * real use (decision 035). A stream is held by the process that answered it, so a cap per process bounds
 * what one session can take of that process's memory and connections; no database is needed for it.
 */
const openStreams = new WeakMap<ChangeFeed, ReturnType<typeof createSlots>>();

/** Counts a stream of `sessionId` as open; null when the session holds its maximum already. */
function openStreamOf(deps: AdminDeps, sessionId: string): (() => void) | null {
  let slots = openStreams.get(deps.changes);
  if (!slots) {
    slots = createSlots(deps.config.staffEventStreamsPerSession);
    openStreams.set(deps.changes, slots);
  }
  return slots.take(sessionId);
}

/** A server-sent-event answer for a staff member: changes of `options.channel`, live, with heartbeats. */
export function changeEventsResponse(c: Context<AppEnv>, deps: AdminDeps, options: ChangeEventOptions) {
  // answers 401 should the guard ever not be in front of this route
  const staff = currentStaff(c);
  const closeStream = openStreamOf(deps, staff.sessionId);
  if (!closeStream) {
    deps.logger.warn(
      { staffId: staff.staffId, limit: deps.config.staffEventStreamsPerSession },
      `${options.label} events: refused, the session holds STAFF_EVENT_STREAMS_PER_SESSION streams`,
    );
    return apiError(c, 429, 'too_many_event_streams');
  }
  // The guard found the session by this cookie; each heartbeat looks again, so a stream opened with a
  // session that later expires or is signed out does not outlive it.
  const token = getCookie(c, staffCookieName(deps.config)) ?? '';
  const session = {
    stillValid: async () => (await readStaffSession(deps.db, token, deps.clock.now()))?.stage === 'full',
  };
  const response = streamSSE(c, async (stream) => {
    try {
      await streamChanges(deps, stream, session, options);
    } catch (error) {
      deps.logger.error({ err: error }, `${options.label} events: the stream failed`);
    } finally {
      closeStream();
    }
  });
  response.headers.set('Cache-Control', 'no-store');
  // nginx and the like would otherwise hold events back in their buffers.
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
}

import { z } from '@hono/zod-openapi';
import { ADMIN_EVENTS_HEARTBEAT_MS } from '@shared/domain/admin';
import { CAMPAIGN_MAX_RECIPIENTS } from '@shared/domain/campaigns';
import { csvCell } from '@shared/domain/csv';
import { localIsoDate } from '@shared/domain/journal';
import {
  WAITLIST_EVENT_NAME,
  ZDeleteWaitlistResult,
  ZMailSendResult,
  ZSendGdprConfirmation,
  ZWaitlistEvent,
} from '@shared/schemas/admin';
import {
  WAITLIST_IMPORT_MAX_BYTES,
  WAITLIST_SELECTION_MAX_IDS,
  ZDeleteWaitlistSelection,
  ZEntryParams,
  ZResendConfirmationsResult,
  ZSelectionBody,
  ZSelectionIds,
  ZSubscriberDetail,
  ZWaitlistExport,
  ZWaitlistImport,
  ZWaitlistImportResult,
  ZWaitlistPage,
  ZWaitlistPageQuery,
} from '@shared/schemas/waitlist-list';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { CHANGE_CHANNELS } from '../../lib/change-feed';
import { importWaitlist } from '../waitlist/import-service';
import {
  deleteSelection,
  EXPORT_COLUMNS,
  exportBatches,
  exportCells,
  listWaitlistPage,
  resendConfirmations,
  resolveSelection,
  subscriberDetail,
} from '../waitlist/list-service';
import { sendConfirmationMail, type WaitlistDeps } from '../waitlist/service';
import { changeEventsDescription, changeEventsResponse, changeEventsResponses } from './event-stream';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin'];
const unauthenticated = errorResponse('admin_session_missing');

/** A selection names at most WAITLIST_SELECTION_MAX_IDS ids: ~40 bytes each, with room for the filter. */
const SELECTION_BODY_BYTES = WAITLIST_SELECTION_MAX_IDS * 48 + 16 * 1024;

const listRoute = adminRoute('waitlist', {
  method: 'get',
  path: '/admin/waitlist',
  tags: TAGS,
  summary: 'One page (50) of the waiting list, searched, filtered and sorted, with how many match',
  description:
    '`q` is a case-insensitive part of the address; `status`, `language`, `invitation` (none, pending, ' +
    'expired, accepted, revoked), `joinedFrom` / `joinedBefore` (ISO instants, the latter exclusive) filter; ' +
    '`sort` is joined (newest first by default), email or status; `page` counts from 1.',
  request: { query: ZWaitlistPageQuery },
  responses: {
    200: jsonResponse('The page and the totals', ZWaitlistPage),
    400: errorResponse('validation'),
    401: unauthenticated,
  },
});

const detailRoute = adminRoute('waitlist', {
  method: 'get',
  path: '/admin/waitlist/entries/{id}',
  tags: TAGS,
  summary: 'One subscriber: the entry, their proof of consent and the e-mails the outbox holds for them',
  request: { params: ZEntryParams },
  responses: {
    200: jsonResponse('The subscriber', ZSubscriberDetail),
    401: unauthenticated,
    404: errorResponse('not_found'),
  },
});

const deleteRoute = adminRoute(
  'waitlist',
  {
    method: 'delete',
    path: '/admin/waitlist',
    tags: TAGS,
    summary: 'Delete waiting-list entries by id or by selection (audited; cannot be undone)',
    description:
      'The body is `{ ids }` or `{ selection }` (`{ ids }` or `{ filter, except }`). Ids that are not on the ' +
      'list are ignored; `deleted` says how many entries went.',
    request: { body: jsonBody(ZDeleteWaitlistSelection) },
    responses: {
      200: jsonResponse('How many entries were deleted', ZDeleteWaitlistResult),
      400: errorResponse('validation: no ids, or one that is not a UUID'),
      401: unauthenticated,
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const exportRoute = adminRoute(
  'waitlist',
  {
    method: 'post',
    path: '/admin/waitlist/export',
    tags: TAGS,
    summary: 'The selection as a CSV file (status, language, dates, invitation, proof of consent), streamed',
    description:
      '`format: csv` answers text/csv with the columns ' +
      `${EXPORT_COLUMNS.join(', ')}; \`format: lines\` answers text/plain, one address a line (what Copy ` +
      'copies). Oldest first. The response is written as the rows are read, a thousand at a time.',
    request: { body: jsonBody(ZWaitlistExport) },
    responses: {
      200: {
        description: 'The file',
        content: { 'text/csv': { schema: z.string() }, 'text/plain': { schema: z.string() } },
      },
      400: errorResponse('validation'),
      401: unauthenticated,
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const selectionIdsRoute = adminRoute(
  'waitlist',
  {
    method: 'post',
    path: '/admin/waitlist/selection/ids',
    tags: TAGS,
    summary:
      'The ids a selection picks now (for the newsletter send panel), at most the most a campaign takes',
    request: { body: jsonBody(ZSelectionBody) },
    responses: {
      200: jsonResponse('The ids and how many the selection picks', ZSelectionIds),
      400: errorResponse('validation'),
      401: unauthenticated,
      413: errorResponse('selection_too_large: more than a campaign takes; narrow the filter'),
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const resendRoute = adminRoute(
  'waitlist',
  {
    method: 'post',
    path: '/admin/waitlist/confirmation-mail/resend',
    tags: TAGS,
    summary: 'Send the double opt-in e-mail again to the unconfirmed people of a selection (paced)',
    description:
      'Through the outbox, paced, in each person’s language; someone mailed a confirmation within the last ' +
      'hour is left out; confirmed and unsubscribed people get nothing. Obeys auto-send (`blocked`).',
    request: { body: jsonBody(ZSelectionBody) },
    responses: {
      200: jsonResponse('What was queued and what was left out', ZResendConfirmationsResult),
      400: errorResponse('validation'),
      401: unauthenticated,
      413: errorResponse('selection_too_large'),
    },
  },
  { body: SELECTION_BODY_BYTES },
);

const importRoute = adminRoute(
  'waitlist',
  {
    method: 'post',
    path: '/admin/waitlist/import',
    tags: TAGS,
    summary: 'Import addresses from a CSV: each new one joins unconfirmed and gets the double opt-in e-mail',
    description:
      'A column `email` (and optionally `language`), or without a header: email, language. Nobody is ever ' +
      'marked confirmed; the report says how many were added, already on the list, repeated and invalid.',
    request: { body: jsonBody(ZWaitlistImport) },
    responses: {
      200: jsonResponse('The report', ZWaitlistImportResult),
      400: errorResponse('validation or too_many_rows'),
      401: unauthenticated,
    },
  },
  { body: WAITLIST_IMPORT_MAX_BYTES + 64 * 1024 },
);

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
  };
  const act = (c: Context<AppEnv>) => staffChange(c, deps);

  return createApiRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listWaitlistPage(deps.db, c.req.valid('query'), deps.clock.now()), 200),
    )
    .openapi(detailRoute, async (c) => {
      const detail = await subscriberDetail(deps.db, c.req.valid('param').id, deps.clock.now());
      if (!detail) return c.json({ error: { code: 'not_found' } }, 404);
      return c.json(detail, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const body = c.req.valid('json');
      const selection = 'selection' in body ? body.selection : { ids: body.ids };
      const deleted = await deleteSelection(deps.db, { selection, ...act(c) });
      return c.json({ deleted }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const { selection, format } = c.req.valid('json');
      const now = deps.clock.now();
      const encoder = new TextEncoder();
      const batches = exportBatches(deps.db, selection, now);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (format === 'csv') controller.enqueue(encoder.encode(`${EXPORT_COLUMNS.join(',')}\r\n`));
        },
        async pull(controller) {
          try {
            const next = await batches.next();
            if (next.done) {
              controller.close();
              return;
            }
            const lines = next.value.map((row) =>
              format === 'csv' ? `${exportCells(row, now).map(csvCell).join(',')}\r\n` : `${row.email}\n`,
            );
            controller.enqueue(encoder.encode(lines.join('')));
          } catch (error) {
            controller.error(error);
          }
        },
        async cancel() {
          await batches.return(undefined);
        },
      });
      const csv = format === 'csv';
      return c.body(body, 200, {
        'Content-Type': csv ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        ...(csv
          ? { 'Content-Disposition': `attachment; filename="waiting-list-${localIsoDate(now)}.csv"` }
          : {}),
      }) as never;
    })
    .openapi(selectionIdsRoute, async (c) => {
      const { selection } = c.req.valid('json');
      const resolved = await resolveSelection(deps.db, selection, deps.clock.now(), CAMPAIGN_MAX_RECIPIENTS);
      if (resolved.total > CAMPAIGN_MAX_RECIPIENTS) {
        return c.json({ error: { code: 'selection_too_large' } }, 413);
      }
      return c.json(resolved, 200);
    })
    .openapi(resendRoute, async (c) => {
      const { selection } = c.req.valid('json');
      const outcome = await resendConfirmations(waitlist, { selection, ...act(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 413);
      return c.json(outcome.result, 200);
    })
    .openapi(importRoute, async (c) => {
      const { csv, defaultLanguage } = c.req.valid('json');
      const outcome = await importWaitlist(waitlist, { csv, defaultLanguage, ...act(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.result, 200);
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

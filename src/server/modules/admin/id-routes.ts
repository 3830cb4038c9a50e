import { z } from '@hono/zod-openapi';
import { ZIssuedId, ZIssuedIds, ZIssueId } from '@shared/schemas/id-generator';
import { createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { issueId, listIssuedIds, resetIssuedIds } from '../id-generator/service';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin'];
const unauthenticated = errorResponse('admin_session_missing');

const listRoute = adminRoute('content', {
  method: 'get',
  path: '/admin/ids',
  tags: TAGS,
  summary: 'The IDs the generator issued, newest first (the latest 100) and how many in all',
  responses: { 200: jsonResponse('The issued IDs', ZIssuedIds), 401: unauthenticated },
});

const issueRoute = adminRoute('content', {
  method: 'post',
  path: '/admin/ids',
  tags: TAGS,
  summary: 'Issue a random ID in the range that was never issued before, to any staff member (audited)',
  request: { body: jsonBody(ZIssueId) },
  responses: {
    201: jsonResponse('The new ID', z.object({ issued: ZIssuedId })),
    400: errorResponse('validation: the start is above the range the padding allows'),
    401: unauthenticated,
    409: errorResponse('ids_exhausted: no free ID found in the range'),
  },
});

const resetRoute = adminRoute('content', {
  method: 'delete',
  path: '/admin/ids',
  tags: TAGS,
  summary: 'Forget every issued ID, so they may be issued again (audited)',
  responses: {
    200: jsonResponse('How many were forgotten', z.object({ deleted: z.number().int() })),
    401: unauthenticated,
  },
});

export function adminIdRoutes(deps: AdminDeps) {
  return createApiRouter()
    .openapi(listRoute, async (c) => c.json(await listIssuedIds(deps.db), 200))
    .openapi(issueRoute, async (c) => {
      const outcome = await issueId(deps.db, { config: c.req.valid('json'), ...staffChange(c, deps) });
      if (outcome.ok) return c.json({ issued: outcome.issued }, 201);
      if (outcome.error === 'exhausted') return c.json({ error: { code: 'ids_exhausted' as const } }, 409);
      return c.json({ error: { code: 'validation' as const } }, 400);
    })
    .openapi(resetRoute, async (c) =>
      c.json({ deleted: await resetIssuedIds(deps.db, staffChange(c, deps)) }, 200),
    );
}

import { ZAuditFilters, ZAuditPage, ZAuditQuery } from '@shared/schemas/audit';
import { createApiRouter, errorResponse, jsonResponse } from '../../lib/api';
import { adminRoute } from '../admin/permissions';
import type { AdminDeps } from '../admin/routes';
import { auditFilters, listAudit } from './service';

const TAGS = ['admin', 'audit'];
const unauthenticated = errorResponse('admin_session_missing');

const ZListQuery = ZAuditQuery.extend({
  staff: ZAuditQuery.shape.staff.openapi({ param: { name: 'staff', in: 'query' } }),
  action: ZAuditQuery.shape.action.openapi({ param: { name: 'action', in: 'query' } }),
  after: ZAuditQuery.shape.after.openapi({ param: { name: 'after', in: 'query' } }),
  limit: ZAuditQuery.shape.limit.openapi({ param: { name: 'limit', in: 'query' } }),
});

const listRoute = adminRoute('audit', {
  method: 'get',
  path: '/admin/audit',
  tags: TAGS,
  summary: 'The audit log, newest first, by staff member and action, a page at a time',
  request: { query: ZListQuery },
  responses: {
    200: jsonResponse('A page', ZAuditPage),
    400: errorResponse('validation: a bad query or cursor'),
    401: unauthenticated,
  },
});

const filtersRoute = adminRoute('audit', {
  method: 'get',
  path: '/admin/audit/filters',
  tags: TAGS,
  summary: 'The staff members and actions that appear in the audit log',
  responses: { 200: jsonResponse('The filters', ZAuditFilters), 401: unauthenticated },
});

/** The audit log screen (decision 022). */
export function auditRoutes(deps: AdminDeps) {
  return createApiRouter()
    .openapi(filtersRoute, async (c) => c.json(await auditFilters(deps.db), 200))
    .openapi(listRoute, async (c) => {
      const outcome = await listAudit(deps.db, c.req.valid('query'));
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.page, 200);
    });
}

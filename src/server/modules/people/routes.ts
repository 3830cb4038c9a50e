import { z } from '@hono/zod-openapi';
import { ZPeoplePage, ZPeopleQuery, ZPersonResult } from '@shared/schemas/people';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonResponse } from '../../lib/api';
import { adminRoute } from '../admin/permissions';
import type { AdminDeps } from '../admin/routes';
import { staffChange } from '../admin/staff-change';
import {
  deletePerson,
  listPeople,
  type PersonActionError,
  sendPersonPasswordReset,
  sendPersonVerification,
  setPersonDisabled,
} from './service';

const TAGS = ['admin', 'people'];
const unauthenticated = errorResponse('admin_session_missing');
const notFound = errorResponse('not_found: no such account');
const ZIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const ZListQuery = ZPeopleQuery.extend({
  q: ZPeopleQuery.shape.q.openapi({ param: { name: 'q', in: 'query' } }),
  sort: ZPeopleQuery.shape.sort.openapi({ param: { name: 'sort', in: 'query' } }),
  dir: ZPeopleQuery.shape.dir.openapi({ param: { name: 'dir', in: 'query' } }),
  after: ZPeopleQuery.shape.after.openapi({ param: { name: 'after', in: 'query' } }),
  limit: ZPeopleQuery.shape.limit.openapi({ param: { name: 'limit', in: 'query' } }),
});

const listRoute = adminRoute('people', {
  method: 'get',
  path: '/admin/people',
  tags: TAGS,
  summary: 'User accounts (never their content), searched, sorted and paged on the server',
  request: { query: ZListQuery },
  responses: {
    200: jsonResponse('A page', ZPeoplePage),
    400: errorResponse('validation: a bad query or cursor'),
    401: unauthenticated,
  },
});

const actionRoute = (path: string, summary: string, conflicts?: string) =>
  adminRoute('people', {
    method: 'post',
    path: `/admin/people/{id}/${path}`,
    tags: TAGS,
    summary,
    request: { params: ZIdParams },
    responses: {
      200: jsonResponse('The account now', ZPersonResult),
      401: unauthenticated,
      404: notFound,
      ...(conflicts ? { 409: errorResponse(conflicts) } : {}),
    },
  });

const verificationRoute = actionRoute(
  'verification-mail',
  'Send a fresh verification link (audited)',
  'already_verified or account_disabled',
);
const resetRoute = actionRoute(
  'password-reset',
  'Send a password-reset link, valid one hour, once (audited)',
  'account_disabled',
);
const disableRoute = actionRoute(
  'disable',
  'Disable the account: every session ends at once, and sign-in says it is disabled (audited)',
);
const enableRoute = actionRoute('enable', 'Let a disabled account sign in again (audited)');

const deleteRoute = adminRoute('people', {
  method: 'delete',
  path: '/admin/people/{id}',
  tags: TAGS,
  summary: 'Delete the account and everything of it, as the person could themselves (audited)',
  request: { params: ZIdParams },
  responses: { 204: { description: 'Deleted' }, 401: unauthenticated, 404: notFound },
});

/** People for staff (decision 023). */
export function adminPeopleRoutes(deps: AdminDeps) {
  const people = { db: deps.db, auth: deps.auth };
  const act = (c: Context<AppEnv>) => staffChange(c, deps);
  const answer = (
    c: Context<AppEnv>,
    outcome:
      | { ok: true; person: z.infer<typeof ZPersonResult>['person'] }
      | { ok: false; error: PersonActionError },
  ) => {
    if (outcome.ok) return c.json({ person: outcome.person }, 200);
    return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
  };

  return createApiRouter()
    .openapi(listRoute, async (c) => {
      const outcome = await listPeople(deps.db, c.req.valid('query'));
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.page, 200);
    })
    .openapi(verificationRoute, async (c) =>
      answer(c, await sendPersonVerification(people, { id: c.req.valid('param').id, ...act(c) })),
    )
    .openapi(resetRoute, async (c) =>
      answer(c, await sendPersonPasswordReset(people, { id: c.req.valid('param').id, ...act(c) })),
    )
    .openapi(disableRoute, async (c) =>
      answer(c, await setPersonDisabled(people, { id: c.req.valid('param').id, disabled: true, ...act(c) })),
    )
    .openapi(enableRoute, async (c) =>
      answer(c, await setPersonDisabled(people, { id: c.req.valid('param').id, disabled: false, ...act(c) })),
    )
    .openapi(deleteRoute, async (c) => {
      const outcome = await deletePerson(people, { id: c.req.valid('param').id, ...act(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 404);
      return c.body(null, 204);
    });
}

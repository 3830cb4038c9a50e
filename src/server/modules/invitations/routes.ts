import { createRoute, z } from '@hono/zod-openapi';
import { INVITATION_MAX_BATCH } from '@shared/domain/invitations';
import type { TInvitationSelection } from '@shared/schemas/invitations';
import {
  ZDirectInvitations,
  ZInvitationLookup,
  ZInvitationPlan,
  ZInvitationResult,
  ZInvitationSelection,
  ZInviteAddress,
  ZInvitedEntries,
} from '@shared/schemas/invitations';
import type { Context } from 'hono';
import type { Database } from '../../db/client';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import type { Clock } from '../../lib/clock';
import { adminRoute } from '../admin/permissions';
import type { AdminDeps } from '../admin/routes';
import { staffChange } from '../admin/staff-change';
import { resolveSelection } from '../waitlist/list-service';
import {
  type InvitationChangeError,
  inviteAddress,
  inviteEntries,
  listDirectInvitations,
  lookUpInvitation,
  planInvitations,
  resendInvitation,
  revokeInvitation,
} from './service';

const TAGS = ['admin', 'invitations'];
const unauthenticated = errorResponse('admin_session_missing');
const ZIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

const planRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/invitations/plan',
  tags: TAGS,
  summary: 'Who of a newsletter-list selection would be invited, and who is left out and why',
  request: { body: jsonBody(ZInvitationSelection) },
  responses: {
    200: jsonResponse('The plan', ZInvitationPlan),
    400: errorResponse('no_recipients: nothing selected'),
    401: unauthenticated,
    413: errorResponse('selection_too_large: more than INVITATION_MAX_BATCH people'),
  },
});

const inviteRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/invitations',
  tags: TAGS,
  summary: 'Invite the confirmed, subscribed people of a selection (who have no account or live invitation)',
  description:
    'Each gets an e-mail in their language with a signed link, single-use, bound to the address and valid ' +
    '14 days. The e-mails leave at 10 a second.',
  request: { body: jsonBody(ZInvitationSelection) },
  responses: {
    201: jsonResponse('How many were invited, and the plan they followed', ZInvitedEntries),
    400: errorResponse('no_recipients: nothing selected'),
    401: unauthenticated,
    413: errorResponse('selection_too_large: more than INVITATION_MAX_BATCH people'),
  },
});

const inviteAddressRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/invitations/address',
  tags: TAGS,
  summary: 'Invite one address, on the waiting list or not (a friend of the team)',
  request: { body: jsonBody(ZInviteAddress) },
  responses: {
    201: jsonResponse('Invited (a live invitation of the address is replaced)', ZInvitationResult),
    400: errorResponse('invalid_email'),
    401: unauthenticated,
    409: errorResponse('user_exists: the address has an account'),
  },
});

const directRoute = adminRoute('waitlist', {
  method: 'get',
  path: '/admin/invitations/direct',
  tags: TAGS,
  summary: 'Invitations of addresses that are not on the waiting list, newest first',
  responses: { 200: jsonResponse('The invitations', ZDirectInvitations), 401: unauthenticated },
});

const changeResponses = {
  200: jsonResponse('The invitation now', ZInvitationResult),
  401: unauthenticated,
  404: errorResponse('not_found'),
  409: errorResponse('invitation_used (accepted) or invitation_revoked'),
};

const resendRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/invitations/{id}/resend',
  tags: TAGS,
  summary: 'Send an invitation again with a new link, valid 14 days (the old link stops working)',
  request: { params: ZIdParams },
  responses: changeResponses,
});

const revokeRoute = adminRoute('waitlist', {
  method: 'post',
  path: '/admin/invitations/{id}/revoke',
  tags: TAGS,
  summary: 'Take an invitation back: its link stops working',
  request: { params: ZIdParams },
  responses: changeResponses,
});

function changeAnswer(
  c: Context<AppEnv>,
  outcome:
    | { ok: true; invitation: z.infer<typeof ZInvitationResult>['invitation'] }
    | {
        ok: false;
        error: InvitationChangeError;
      },
) {
  if (outcome.ok) return c.json({ invitation: outcome.invitation }, 200);
  return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
}

/** Inviting people from the newsletter list, and one address at a time (decision 021). */
export function adminInvitationRoutes(deps: AdminDeps) {
  const act = (c: Context<AppEnv>) => staffChange(c, deps);
  /** The entry ids of a body: as given, or the list selection resolved now (null: too many). */
  const entryIdsOf = async (body: TInvitationSelection): Promise<string[] | null> => {
    if ('entryIds' in body) return body.entryIds;
    const resolved = await resolveSelection(deps.db, body.selection, deps.clock.now(), INVITATION_MAX_BATCH);
    return resolved.total > INVITATION_MAX_BATCH ? null : resolved.ids;
  };
  const tooLarge = { error: { code: 'selection_too_large' as const } };
  return createApiRouter()
    .openapi(planRoute, async (c) => {
      const entryIds = await entryIdsOf(c.req.valid('json'));
      if (!entryIds) return c.json(tooLarge, 413);
      if (entryIds.length === 0) return c.json({ error: { code: 'no_recipients' as const } }, 400);
      return c.json(await planInvitations(deps.db, entryIds, deps.clock.now()), 200);
    })
    .openapi(inviteRoute, async (c) => {
      const entryIds = await entryIdsOf(c.req.valid('json'));
      if (!entryIds) return c.json(tooLarge, 413);
      const outcome = await inviteEntries(deps.db, { entryIds, ...act(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json({ invited: outcome.invited, plan: outcome.plan }, 201);
    })
    .openapi(inviteAddressRoute, async (c) => {
      const outcome = await inviteAddress(deps.db, { ...c.req.valid('json'), ...act(c) });
      if (outcome.ok) return c.json({ invitation: outcome.invitation }, 201);
      return c.json({ error: { code: outcome.error } }, outcome.error === 'invalid_email' ? 400 : 409);
    })
    .openapi(directRoute, async (c) =>
      c.json({ invitations: await listDirectInvitations(deps.db, deps.clock.now()) }, 200),
    )
    .openapi(resendRoute, async (c) =>
      changeAnswer(c, await resendInvitation(deps.db, { id: c.req.valid('param').id, ...act(c) })),
    )
    .openapi(revokeRoute, async (c) =>
      changeAnswer(c, await revokeInvitation(deps.db, { id: c.req.valid('param').id, ...act(c) })),
    );
}

const lookupRoute = createRoute({
  method: 'get',
  path: '/invitations/lookup',
  tags: ['invitations', 'accounts'],
  summary: 'What an invitation link is for: the address the account will have',
  request: {
    query: z.object({
      token: z
        .string()
        .max(1024)
        .openapi({ param: { name: 'token', in: 'query' } }),
    }),
  },
  responses: {
    200: jsonResponse('The invitation works', ZInvitationLookup),
    400: errorResponse('invitation_invalid: forged, or replaced by a newer link'),
    409: errorResponse('invitation_used or invitation_revoked'),
    410: errorResponse('invitation_expired'),
  },
});

/** The invited person's side: reading a link before choosing a password (accepting is the sign-up). */
export function invitationRoutes(deps: { db: Database; clock: Clock; secret: string }) {
  return createApiRouter().openapi(lookupRoute, async (c) => {
    const outcome = await lookUpInvitation(deps, {
      token: c.req.valid('query').token,
      now: deps.clock.now(),
    });
    if (outcome.ok) return c.json(outcome.invitation, 200);
    const { error } = outcome;
    if (error === 'invitation_expired') return c.json({ error: { code: error } }, 410);
    if (error === 'invitation_invalid') return c.json({ error: { code: error } }, 400);
    return c.json({ error: { code: error } }, 409);
  });
}

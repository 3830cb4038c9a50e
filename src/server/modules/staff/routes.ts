import { createRoute, z } from '@hono/zod-openapi';
import { ZAdminSession } from '@shared/schemas/admin';
import {
  ZAcceptStaffInvitation,
  ZChangeStaffPassword,
  ZChangeStaffRole,
  ZEndedSessions,
  ZInviteStaff,
  ZPasswordConfirmation,
  ZRecoveryCodes,
  ZSecondFactor,
  ZStaffAccount,
  ZStaffInvitation,
  ZStaffInvitationInfo,
  ZStaffList,
  ZStaffMember,
  ZStaffSessions,
  ZTwoFactorEnabled,
  ZTwoFactorSetup,
} from '@shared/schemas/staff';
import type { Context } from 'hono';
import {
  type AppEnv,
  createApiRouter,
  currentStaff,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import { clientIp } from '../../lib/client-ip';
import { consumeRateLimit } from '../../lib/rate-limit';
import { adminRoute } from '../admin/permissions';
import type { AdminDeps } from '../admin/routes';
import { renewStaffCookie, setStaffCookie, toSessionJson } from '../admin/session-cookie';
import { staffChange } from '../admin/staff-change';
import {
  acceptStaffInvitation,
  changeStaffPassword,
  changeStaffRole,
  endOwnSessions,
  getStaffAccount,
  inviteStaff,
  listOwnSessions,
  listStaff,
  readStaffInvitation,
  removeStaff,
  resendStaffInvitation,
  revokeStaffInvitation,
  type StaffDeps,
} from './service';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
} from './two-factor';

const TAGS = ['admin', 'staff'];
const unauthenticated = errorResponse('admin_session_missing');
const wrongPassword = errorResponse('wrong_password');
const rateLimited = errorResponse('rate_limited: too many password checks; try again later');
const ZIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

/** Changes that ask for the password again may guess it only this often per staff member. */
const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };

// ---- own account ----------------------------------------------------------------------------------------

const accountRoute = adminRoute('self', {
  method: 'get',
  path: '/admin/account',
  tags: TAGS,
  summary: 'The signed-in staff member: role and two-factor sign-in',
  responses: { 200: jsonResponse('The account', ZStaffAccount), 401: unauthenticated },
});

const passwordRoute = adminRoute('self', {
  method: 'put',
  path: '/admin/account/password',
  tags: TAGS,
  summary: 'A new password (after the current one); every other session ends',
  request: { body: jsonBody(ZChangeStaffPassword) },
  responses: {
    200: jsonResponse('How many other sessions ended', ZEndedSessions),
    400: errorResponse(
      'password_too_short (12), password_too_long, password_repeated, password_sequence or password_email',
    ),
    401: unauthenticated,
    403: wrongPassword,
    429: rateLimited,
  },
});

const sessionsRoute = adminRoute('self', {
  method: 'get',
  path: '/admin/account/sessions',
  tags: TAGS,
  summary: "The signed-in staff member's sessions, the current one marked",
  responses: { 200: jsonResponse('The sessions', ZStaffSessions), 401: unauthenticated },
});

const endSessionRoute = adminRoute('self', {
  method: 'delete',
  path: '/admin/account/sessions/{id}',
  tags: TAGS,
  summary: 'End another session of the signed-in staff member',
  request: { params: ZIdParams },
  responses: {
    200: jsonResponse('Ended', ZEndedSessions),
    401: unauthenticated,
    404: errorResponse('not_found: no other session of yours with this id'),
  },
});

const endOthersRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/account/sessions/end-others',
  tags: TAGS,
  summary: 'End every other session of the signed-in staff member',
  responses: { 200: jsonResponse('How many ended', ZEndedSessions), 401: unauthenticated },
});

const setupRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/account/two-factor/setup',
  tags: TAGS,
  summary: 'Start setting up two-factor sign-in: a new secret and its QR code',
  responses: {
    200: jsonResponse('What the authenticator app needs', ZTwoFactorSetup),
    401: unauthenticated,
    409: errorResponse('two_factor_already_enabled'),
  },
});

const confirmRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/account/two-factor/confirm',
  tags: TAGS,
  summary: 'Finish the setup with a code from the app: two-factor sign-in is on, with 10 recovery codes',
  request: { body: jsonBody(ZSecondFactor) },
  responses: {
    200: jsonResponse('The recovery codes (shown this once) and the session', ZTwoFactorEnabled),
    400: errorResponse('invalid_code'),
    401: unauthenticated,
    409: errorResponse('two_factor_already_enabled or two_factor_not_started'),
  },
});

const disableRoute = adminRoute('self', {
  method: 'delete',
  path: '/admin/account/two-factor',
  tags: TAGS,
  summary: 'Turn two-factor sign-in off (after the password)',
  request: { body: jsonBody(ZPasswordConfirmation) },
  responses: {
    204: { description: 'Off' },
    401: unauthenticated,
    403: wrongPassword,
    409: errorResponse('two_factor_required (STAFF_REQUIRE_2FA) or two_factor_not_enabled'),
    429: rateLimited,
  },
});

const recoveryCodesRoute = adminRoute('self', {
  method: 'post',
  path: '/admin/account/two-factor/recovery-codes',
  tags: TAGS,
  summary: 'Ten new recovery codes (after the password); the old ones stop working',
  request: { body: jsonBody(ZPasswordConfirmation) },
  responses: {
    200: jsonResponse('The new codes, shown this once', ZRecoveryCodes),
    401: unauthenticated,
    403: wrongPassword,
    409: errorResponse('two_factor_not_enabled'),
    429: rateLimited,
  },
});

// ---- invitations to the staff, from the invited person's side (no session) ---------------------------------

const ZTokenQuery = z.object({
  token: z
    .string()
    .max(1024)
    .openapi({ param: { name: 'token', in: 'query' } }),
});

const readInvitationRoute = createRoute({
  method: 'get',
  path: '/admin/staff-invitation',
  tags: TAGS,
  summary: 'What a staff invitation link is for: the address and the role',
  request: { query: ZTokenQuery },
  responses: {
    200: jsonResponse('The invitation', ZStaffInvitationInfo),
    400: errorResponse('invalid_token (forged, used, revoked or replaced by a newer link)'),
    410: errorResponse('invitation_expired'),
  },
});

const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/admin/staff-invitation/accept',
  tags: TAGS,
  summary: 'Accept a staff invitation: choose a password, and the staff account is made and signed in',
  request: { body: jsonBody(ZAcceptStaffInvitation) },
  responses: {
    200: jsonResponse(
      'Signed in (or, under STAFF_REQUIRE_2FA, at the setup of two-factor sign-in)',
      ZAdminSession,
    ),
    400: errorResponse(
      'invalid_token, password_too_short, password_too_long, password_repeated, password_sequence or ' +
        'password_email',
    ),
    409: errorResponse('staff_exists'),
    410: errorResponse('invitation_expired'),
  },
});

// ---- the staff (owners) ---------------------------------------------------------------------------------

const listRoute = adminRoute('staff', {
  method: 'get',
  path: '/admin/staff',
  tags: TAGS,
  summary: 'Every staff account and every open invitation to the staff',
  responses: { 200: jsonResponse('The staff', ZStaffList), 401: unauthenticated },
});

const inviteRoute = adminRoute('staff', {
  method: 'post',
  path: '/admin/staff/invitations',
  tags: TAGS,
  summary: 'Invite an address to the staff with a role (a signed, single-use link, 7 days)',
  request: { body: jsonBody(ZInviteStaff) },
  responses: {
    201: jsonResponse('Invited', z.object({ invitation: ZStaffInvitation })),
    400: errorResponse('invalid_email'),
    401: unauthenticated,
    409: errorResponse('staff_exists'),
  },
});

const resendInvitationRoute = adminRoute('staff', {
  method: 'post',
  path: '/admin/staff/invitations/{id}/resend',
  tags: TAGS,
  summary: 'Send a staff invitation again, with a new link (the old one stops working)',
  request: { params: ZIdParams },
  responses: {
    200: jsonResponse('Sent again', z.object({ invitation: ZStaffInvitation })),
    401: unauthenticated,
    404: errorResponse('not_found'),
  },
});

const revokeInvitationRoute = adminRoute('staff', {
  method: 'delete',
  path: '/admin/staff/invitations/{id}',
  tags: TAGS,
  summary: 'Take a staff invitation back',
  request: { params: ZIdParams },
  responses: { 204: { description: 'Revoked' }, 401: unauthenticated, 404: errorResponse('not_found') },
});

const changeRoleRoute = adminRoute('staff', {
  method: 'patch',
  path: '/admin/staff/{id}',
  tags: TAGS,
  summary: "Change a staff member's role",
  request: { params: ZIdParams, body: jsonBody(ZChangeStaffRole) },
  responses: {
    200: jsonResponse('Changed', z.object({ member: ZStaffMember })),
    401: unauthenticated,
    404: errorResponse('not_found'),
    409: errorResponse('last_owner: the only owner keeps the role'),
  },
});

const removeRoute = adminRoute('staff', {
  method: 'delete',
  path: '/admin/staff/{id}',
  tags: TAGS,
  summary: 'Remove a staff account (its sessions end at once)',
  request: { params: ZIdParams },
  responses: {
    204: { description: 'Removed' },
    401: unauthenticated,
    404: errorResponse('not_found'),
    409: errorResponse('last_owner: the only owner cannot be removed'),
  },
});

function staffDeps(deps: AdminDeps): StaffDeps {
  return { db: deps.db, mail: deps.mail, appUrl: deps.config.appUrl, secret: deps.secret };
}

/** One's own account, and the open side of staff invitations. */
export function staffAccountRoutes(deps: AdminDeps) {
  const twoFactor = { db: deps.db, secret: deps.secret, wallClock: deps.wallClock };
  const ipOf = (c: Context<AppEnv>) => clientIp(c, deps.config.trustProxy);
  /** False when the staff member has used up their password checks for now. */
  const mayCheckPassword = async (c: Context<AppEnv>) => {
    const limit = await consumeRateLimit(deps.db, {
      key: `admin:password-check:${currentStaff(c).staffId}`,
      rule: PASSWORD_CHECKS,
      now: deps.clock.now(),
    });
    if (!limit.allowed) c.header('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)));
    return limit.allowed;
  };
  const tooMany = { error: { code: 'rate_limited' as const } };

  return createApiRouter()
    .openapi(accountRoute, async (c) =>
      c.json(await getStaffAccount(deps.db, currentStaff(c), deps.config.staffRequire2fa), 200),
    )
    .openapi(passwordRoute, async (c) => {
      if (!(await mayCheckPassword(c))) return c.json(tooMany, 429);
      const { currentPassword, newPassword } = c.req.valid('json');
      const outcome = await changeStaffPassword(deps.db, {
        session: currentStaff(c),
        currentPassword,
        newPassword,
        ip: ipOf(c),
        now: deps.clock.now(),
      });
      if (outcome.ok) return c.json({ ended: outcome.endedSessions }, 200);
      if (outcome.error === 'wrong_password') return c.json({ error: { code: outcome.error } }, 403);
      return c.json({ error: { code: outcome.error } }, 400);
    })
    .openapi(sessionsRoute, async (c) =>
      c.json({ sessions: await listOwnSessions(deps.db, currentStaff(c), deps.clock.now()) }, 200),
    )
    .openapi(endOthersRoute, async (c) => {
      const ended = await endOwnSessions(deps.db, {
        session: currentStaff(c),
        which: 'others',
        ip: ipOf(c),
        now: deps.clock.now(),
      });
      return c.json({ ended }, 200);
    })
    .openapi(endSessionRoute, async (c) => {
      const ended = await endOwnSessions(deps.db, {
        session: currentStaff(c),
        which: { sessionId: c.req.valid('param').id },
        ip: ipOf(c),
        now: deps.clock.now(),
      });
      if (ended === 0) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json({ ended }, 200);
    })
    .openapi(setupRoute, async (c) => {
      const outcome = await beginTwoFactorSetup(twoFactor, {
        session: currentStaff(c),
        now: deps.clock.now(),
      });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 409);
      return c.json(outcome.setup, 200);
    })
    .openapi(confirmRoute, async (c) => {
      const now = deps.clock.now();
      const outcome = await confirmTwoFactorSetup(twoFactor, {
        session: currentStaff(c),
        code: c.req.valid('json').code,
        ip: ipOf(c),
        now,
      });
      if (!outcome.ok) {
        return c.json({ error: { code: outcome.error } }, outcome.error === 'invalid_code' ? 400 : 409);
      }
      renewStaffCookie(c, deps.config, outcome.session, now);
      return c.json(
        { recoveryCodes: outcome.recoveryCodes, session: toSessionJson(outcome.session, now) },
        200,
      );
    })
    .openapi(disableRoute, async (c) => {
      if (!(await mayCheckPassword(c))) return c.json(tooMany, 429);
      const outcome = await disableTwoFactor(twoFactor, {
        session: currentStaff(c),
        password: c.req.valid('json').password,
        required: deps.config.staffRequire2fa,
        ip: ipOf(c),
        now: deps.clock.now(),
      });
      if (outcome.ok) return c.body(null, 204);
      if (outcome.error === 'wrong_password') return c.json({ error: { code: outcome.error } }, 403);
      return c.json({ error: { code: outcome.error } }, 409);
    })
    .openapi(recoveryCodesRoute, async (c) => {
      if (!(await mayCheckPassword(c))) return c.json(tooMany, 429);
      const outcome = await regenerateRecoveryCodes(twoFactor, {
        session: currentStaff(c),
        password: c.req.valid('json').password,
        ip: ipOf(c),
        now: deps.clock.now(),
      });
      if (outcome.ok) return c.json({ recoveryCodes: outcome.recoveryCodes }, 200);
      if (outcome.error === 'wrong_password') return c.json({ error: { code: outcome.error } }, 403);
      return c.json({ error: { code: outcome.error } }, 409);
    })
    .openapi(readInvitationRoute, async (c) => {
      const outcome = await readStaffInvitation(deps, {
        token: c.req.valid('query').token,
        now: deps.clock.now(),
      });
      if (outcome.ok) return c.json(outcome.info, 200);
      return c.json({ error: { code: outcome.error } }, outcome.error === 'invitation_expired' ? 410 : 400);
    })
    .openapi(acceptInvitationRoute, async (c) => {
      const { token, password } = c.req.valid('json');
      const now = deps.clock.now();
      const outcome = await acceptStaffInvitation(deps, {
        token,
        password,
        requireSecondFactor: deps.config.staffRequire2fa,
        ip: ipOf(c),
        userAgent: c.req.header('user-agent') ?? null,
        now,
      });
      if (outcome.ok) {
        setStaffCookie(c, deps.config, outcome.token, outcome.session, now);
        return c.json(toSessionJson(outcome.session, now), 200);
      }
      const { error } = outcome;
      if (error === 'invitation_expired') return c.json({ error: { code: error } }, 410);
      if (error === 'staff_exists') return c.json({ error: { code: error } }, 409);
      return c.json({ error: { code: error } }, 400);
    });
}

/** The staff, for owners: invitations, roles, removal. */
export function staffAdminRoutes(deps: AdminDeps) {
  const service = staffDeps(deps);
  const act = (c: Context<AppEnv>) => staffChange(c, deps);
  return createApiRouter()
    .openapi(listRoute, async (c) => c.json(await listStaff(deps.db, deps.clock.now()), 200))
    .openapi(inviteRoute, async (c) => {
      const outcome = await inviteStaff(service, { ...c.req.valid('json'), ...act(c) });
      if (outcome.ok) return c.json({ invitation: outcome.invitation }, 201);
      return c.json({ error: { code: outcome.error } }, outcome.error === 'invalid_email' ? 400 : 409);
    })
    .openapi(resendInvitationRoute, async (c) => {
      const outcome = await resendStaffInvitation(service, {
        invitationId: c.req.valid('param').id,
        ...act(c),
      });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 404);
      return c.json({ invitation: outcome.invitation }, 200);
    })
    .openapi(revokeInvitationRoute, async (c) => {
      const outcome = await revokeStaffInvitation(deps.db, {
        invitationId: c.req.valid('param').id,
        ...act(c),
      });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 404);
      return c.body(null, 204);
    })
    .openapi(changeRoleRoute, async (c) => {
      const outcome = await changeStaffRole(deps.db, {
        staffId: c.req.valid('param').id,
        role: c.req.valid('json').role,
        ...act(c),
      });
      if (outcome.ok) return c.json({ member: outcome.member }, 200);
      return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
    })
    .openapi(removeRoute, async (c) => {
      const outcome = await removeStaff(deps.db, { staffId: c.req.valid('param').id, ...act(c) });
      if (outcome.ok) return c.body(null, 204);
      return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
    });
}

import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { roleAllows, type StaffPermission } from '@shared/domain/staff';
import type { MiddlewareHandler } from 'hono';
import { type AppEnv, apiError, currentStaff, errorResponse } from '../../lib/api';
import { allowBody } from '../../lib/body-limit';

/**
 * Roles at the route table (decision 022): every admin route is declared with `adminRoute(permission,
 * …)`, which puts the check in front of its handler (before the body is even read) and writes the
 * permission into the API description (`x-staff-permission`), where the authorization test finds it for
 * every route. Which role holds which permission is `ROLE_PERMISSIONS` in shared/domain/staff.ts.
 */
export const PERMISSION_EXTENSION = 'x-staff-permission';

/** Answers 403 `admin_forbidden` unless the signed-in staff member's role holds `permission`. */
export function requirePermission(permission: StaffPermission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const staff = currentStaff(c);
    if (!roleAllows(staff.role, permission)) return apiError(c, 403, 'admin_forbidden');
    return next();
  };
}

/**
 * An admin route that needs `permission`; otherwise exactly `createRoute(config)`. `body` is the route's own
 * body allowance (`allowBody`), for the few that take more than the default or stream into storage.
 */
export function adminRoute<const R extends Omit<RouteConfig, 'middleware'>>(
  permission: StaffPermission,
  config: R,
  options: { body?: number | 'streamed' } = {},
) {
  return createRoute({
    ...config,
    [PERMISSION_EXTENSION]: permission,
    middleware: [
      requirePermission(permission),
      ...(options.body === undefined ? [] : [allowBody(options.body)]),
    ],
    responses: {
      ...config.responses,
      403: errorResponse(`admin_forbidden: the role lacks the permission "${permission}"`),
    },
  });
}

import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { TApiErrorCode } from '@shared/domain/api-errors';
import type { StaffRole, StaffSessionStage } from '@shared/domain/staff';
import { ZApiError } from '@shared/schemas/common';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { BodyAllowance } from './body-limit';
import type { Logger } from './logger';
import { invalidTextIssue } from './request-text';

/** The person a request is signed in as (set by the accounts module's session middleware). */
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * The staff member of an admin request (set by the admin module's guard on /api/admin/*). `stage` is
 * `full` on every route but the few that finish a sign-in (the second factor, its setup).
 */
export type StaffIdentity = {
  sessionId: string;
  staffId: string;
  email: string;
  role: StaffRole;
  stage: StaffSessionStage;
  twoFactorEnabled: boolean;
  expiresAt: Date;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser | undefined;
    staff: StaffIdentity | undefined;
    bodyAllowance: BodyAllowance | undefined;
  };
};

/**
 * The signed-in user of a request, or a 401 `{ error: { code: 'unauthenticated' } }`. Every route that
 * reads or changes a user's data starts here and scopes its queries to `user.id`.
 */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) {
    throw new HTTPException(401, {
      res: new Response(JSON.stringify({ error: { code: 'unauthenticated' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    });
  }
  return user;
}

/**
 * The staff member of an admin request. The guard on /api/admin/* has answered 401 already when there is
 * none, so a missing one here is a wiring mistake, reported as the same 401.
 */
export function currentStaff(c: Context<AppEnv>): StaffIdentity {
  const staff = c.get('staff');
  if (!staff) {
    throw new HTTPException(401, {
      res: new Response(JSON.stringify({ error: { code: 'admin_session_missing' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    });
  }
  return staff;
}

export function apiError(c: Context, status: ContentfulStatusCode, code: TApiErrorCode) {
  return c.json({ error: { code } }, status);
}

/**
 * A router whose zod validation failures answer 400 with the shared error shape, as do valid-looking
 * values that hold text PostgreSQL cannot store (NUL, unpaired surrogates).
 */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) {
        const issue = invalidTextIssue(result.data);
        return issue ? c.json({ error: { code: 'validation', issues: [issue] } }, 400) : undefined;
      }
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        code: issue.code,
        message: issue.message,
      }));
      return c.json({ error: { code: 'validation', issues } }, 400);
    },
  });
}

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ZApiError } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A JSON response of `schema`, for a route's `responses`. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

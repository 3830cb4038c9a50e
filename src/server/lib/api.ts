import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { TApiErrorCode } from '@shared/domain/api-errors';
import { ZApiError } from '@shared/schemas/common';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from './logger';

export type AppEnv = { Variables: { requestId: string; logger: Logger } };

export function apiError(c: Context, status: ContentfulStatusCode, code: TApiErrorCode) {
  return c.json({ error: { code } }, status);
}

/** A router whose zod validation failures answer 400 with the shared error shape. */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
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

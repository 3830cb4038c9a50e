import { createRoute } from '@hono/zod-openapi';
import { ZHealth } from '@shared/schemas/site';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { createApiRouter } from '../../lib/api';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['operations'],
  summary: 'Liveness and database round trip',
  responses: {
    200: {
      description: 'The app and its database answer',
      content: { 'application/json': { schema: ZHealth } },
    },
    503: {
      description: 'The database does not answer',
      content: { 'application/json': { schema: ZHealth } },
    },
  },
});

export function healthRoutes(deps: { db: Database }) {
  return createApiRouter().openapi(healthRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return (await pingDatabase(deps.db))
      ? c.json({ status: 'ok' as const }, 200)
      : c.json({ status: 'unavailable' as const }, 503);
  });
}

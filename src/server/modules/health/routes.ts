import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { ZHealth, ZReadiness } from '@shared/schemas/site';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import type { AppEnv } from '../../lib/api';
import { createApiRouter } from '../../lib/api';
import type { Metrics } from '../../lib/metrics';
import { checkReadiness, type ReadinessDeps } from './service';

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

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['operations'],
  summary: 'Readiness for traffic: database, migrations, storage; 503 while shutting down',
  description:
    'For load balancers: send this process requests while it answers 200. It answers 503 when the ' +
    'database does not answer or lacks a migration this version needs, when storage cannot be used, and ' +
    'from the moment the process is told to stop (it keeps serving for SHUTDOWN_DELAY_MS, then closes).',
  responses: {
    200: {
      description: 'Ready',
      content: { 'application/json': { schema: ZReadiness } },
    },
    503: {
      description: 'Not ready, or shutting down',
      content: { 'application/json': { schema: ZReadiness } },
    },
  },
});

export function healthRoutes(deps: { db: Database } & ReadinessDeps) {
  return createApiRouter()
    .openapi(healthRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return (await pingDatabase(deps.db))
        ? c.json({ status: 'ok' as const }, 200)
        : c.json({ status: 'unavailable' as const }, 503);
    })
    .openapi(readyRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const readiness = await checkReadiness(deps);
      return readiness.status === 'ready' ? c.json(readiness, 200) : c.json(readiness, 503);
    });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for whoever holds `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the route does not exist (404), so nothing about the process is exposed by default.
 */
export function metricsRoutes(deps: { token: string | undefined; metrics: Metrics }) {
  const app = new Hono<AppEnv>();
  const { token, metrics } = deps;
  if (!token) return app;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (c) => {
    // Compared as digests: equal lengths, and no timing hint about the token.
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
      return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}

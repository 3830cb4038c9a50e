import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './config';
import type { Database } from './db/client';
import { type AppEnv, apiError } from './lib/api';
import type { ClientAssets } from './lib/client-assets';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { securityHeaders } from './lib/security-headers';
import { serveSpa } from './lib/spa';
import { healthRoutes } from './modules/health/routes';
import { siteRoutes } from './modules/site/routes';

export type AppDeps = {
  db: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The built client; absent when only the API is served (tests, `npm run dev`). */
  clientAssets?: ClientAssets;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const QUIET_PATHS = /^\/(api\/health$|assets\/)/;

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (QUIET_PATHS.test(c.req.path)) log.debug(fields, 'request');
    else log.info(fields, 'request');
  });
  app.use('*', securityHeaders({ https: config.secureCookies }));
  app.use('/api/*', csrf({ origin: new URL(config.appUrl).origin }));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const api = new OpenAPIHono<AppEnv>();
  api.route('/', healthRoutes(deps));
  api.route('/', siteRoutes(deps));
  app.route('/api', api);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Mirror API', version: '1' },
  });
  app.all('/api/*', (c) => apiError(c, 404, 'not_found'));

  if (deps.clientAssets) app.use('*', serveSpa(deps.clientAssets));
  app.notFound((c) => c.text('Not found', 404));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    (c.get('logger') ?? logger).error({ err: error }, 'unhandled error');
    return c.req.path.startsWith('/api/')
      ? apiError(c, 500, 'internal')
      : c.text('Internal server error', 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

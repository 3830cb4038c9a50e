import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { SsrRender } from '@shared/ssr';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './config';
import type { Database } from './db/client';
import { type AppEnv, apiError } from './lib/api';
import type { ChangeFeed } from './lib/change-feed';
import type { ClientAssets } from './lib/client-assets';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { memoizeAsync } from './lib/memoize';
import { securityHeaders } from './lib/security-headers';
import { type PageBodyRenderer, serveSpa } from './lib/spa';
import type { Storage } from './lib/storage/storage';
import { createAuth } from './modules/accounts/auth';
import { accountRoutes, sessionMiddleware } from './modules/accounts/routes';
import { adminRoutes, staffGuard } from './modules/admin/routes';
import { bubbleRoutes } from './modules/bubbles/routes';
import { healthRoutes } from './modules/health/routes';
import { historyRoutes } from './modules/history/routes';
import { insightRoutes } from './modules/insights/routes';
import { journalRoutes } from './modules/journal/routes';
import { MAIL_OFF_ONE_CLICK_PATH } from './modules/journal/service';
import type { MailTransport } from './modules/mail/transport';
import { mediaRoutes, videoRoutes } from './modules/media/routes';
import { siteDocumentRoutes, siteRoutes } from './modules/site/routes';
import { createPageHeadRenderer } from './modules/site/seo';
import { createPageContentSource, messagesFor } from './modules/site/service';
import { ONE_CLICK_UNSUBSCRIBE_PATH, waitlistRoutes } from './modules/waitlist/routes';

export type AppDeps = {
  db: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  storage: Storage;
  mailTransport: MailTransport;
  /** Change notifications between app processes (the admin's live waiting list). */
  changes: ChangeFeed;
  /** Signs the tokens in e-mail links and keys the hashes of IP addresses. */
  sessionSecret: string;
  /** The built client; absent when only the API is served (tests, `npm run dev`). */
  clientAssets?: ClientAssets;
  /** Server rendering of public pages (dist/ssr); without it the browser renders them. */
  ssrRender?: SsrRender;
};

/** Renders each distinct page (address, language, content, veil) once and reuses the markup. */
function pageBodyRenderer(render: SsrRender): PageBodyRenderer {
  return memoizeAsync(
    (input: Parameters<PageBodyRenderer>[0]) =>
      render({ ...input, messages: { ...messagesFor(input.locale) } }),
    {
      key: (input) => JSON.stringify([input.url, input.locale, input.revealed, input.pageContent]),
      max: 256,
    },
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const QUIET_PATHS = /^\/(api\/health$|assets\/|media\/)/;

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
  const checkOrigin = csrf({ origin: new URL(config.appUrl).origin });
  // Mail providers POST one-click unsubscribes (RFC 8058) from their servers, with no Origin; the signed
  // token in the URL is what authorises them.
  const oneClickPaths = new Set([ONE_CLICK_UNSUBSCRIBE_PATH, MAIL_OFF_ONE_CLICK_PATH]);
  app.use('/api/*', (c, next) => (oneClickPaths.has(c.req.path) ? next() : checkOrigin(c, next)));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const mail = {
    db: deps.db,
    transport: deps.mailTransport,
    clock: deps.clock,
    logger: logger.child({ module: 'mail' }),
    mailFrom: config.mailFrom,
  };
  const auth = createAuth({
    db: deps.db,
    config,
    secret: deps.sessionSecret,
    mail,
    logger: logger.child({ module: 'auth' }),
  });
  app.use('/api/*', sessionMiddleware(auth));
  app.use('/api/admin/*', staffGuard(deps));

  const pageContent = createPageContentSource({ db: deps.db, clock: deps.clock, appUrl: config.appUrl });
  const api = new OpenAPIHono<AppEnv>();
  api.route('/', healthRoutes(deps));
  api.route('/', siteRoutes({ pageContent, config }));
  api.route('/', videoRoutes(deps));
  api.route(
    '/',
    waitlistRoutes({
      db: deps.db,
      mail,
      appUrl: config.appUrl,
      secret: deps.sessionSecret,
      storage: deps.storage,
      config,
    }),
  );
  api.route(
    '/',
    journalRoutes({ db: deps.db, clock: deps.clock, ai: config.ai, secret: deps.sessionSecret }),
  );
  api.route('/', historyRoutes({ db: deps.db, clock: deps.clock }));
  api.route('/', insightRoutes({ db: deps.db, clock: deps.clock }));
  api.route('/', bubbleRoutes({ db: deps.db, clock: deps.clock }));
  api.route('/', accountRoutes({ db: deps.db, auth, clock: deps.clock, config, secret: deps.sessionSecret }));
  api.route(
    '/',
    adminRoutes({
      db: deps.db,
      clock: deps.clock,
      config,
      secret: deps.sessionSecret,
      mail,
      pageContent,
      changes: deps.changes,
      logger: logger.child({ module: 'admin' }),
      storage: deps.storage,
    }),
  );
  app.route('/api', api);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Mirror API', version: '1' },
  });
  app.all('/api/*', (c) => apiError(c, 404, 'not_found'));

  app.route('/', mediaRoutes(deps));
  app.route('/', siteDocumentRoutes(deps));
  if (deps.clientAssets) {
    app.use(
      '*',
      serveSpa(deps.clientAssets, {
        renderHead: createPageHeadRenderer({ pageContent, config }),
        renderBody: deps.ssrRender && pageBodyRenderer(deps.ssrRender),
      }),
    );
  }
  app.notFound((c) => c.text('Not found', 404));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      // Hono's validators answer a body that is not JSON with a plain-text 400; the API speaks one shape.
      if (error.status === 400 && !error.res && c.req.path.startsWith('/api/')) {
        return apiError(c, 400, 'validation');
      }
      return error.getResponse();
    }
    (c.get('logger') ?? logger).error({ err: error }, 'unhandled error');
    return c.req.path.startsWith('/api/')
      ? apiError(c, 500, 'internal')
      : c.text('Internal server error', 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

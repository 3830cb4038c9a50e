import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { matchRoute, ROUTES } from '@shared/routes';
import type { SsrRender } from '@shared/ssr';
import type { Context } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { Config } from './config';
import type { Database, MigrationLevel } from './db/client';
import { type AppEnv, apiError } from './lib/api';
import { requestBodyLimit } from './lib/body-limit';
import type { ChangeFeed } from './lib/change-feed';
import type { ClientAssets } from './lib/client-assets';
import type { Clock } from './lib/clock';
import type { FieldCipher } from './lib/field-cipher';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import type { Logger } from './lib/logger';
import { memoizeAsync } from './lib/memoize';
import { type Metrics, noMetrics } from './lib/metrics';
import { httpsRedirect, securityHeaders } from './lib/security-headers';
import { type PageBodyRenderer, serveSpa } from './lib/spa';
import type { Storage } from './lib/storage/storage';
import { createAuth } from './modules/accounts/auth';
import { accountRoutes, hasSessionCookie, sessionMiddleware } from './modules/accounts/routes';
import { sessionLanguage, setAccountLanguage } from './modules/accounts/service';
import { adminRoutes, staffGuard } from './modules/admin/routes';
import { staffRoleHint } from './modules/admin/session-cookie';
import { bubbleRoutes } from './modules/bubbles/routes';
import { healthRoutes, metricsRoutes } from './modules/health/routes';
import { historyRoutes } from './modules/history/routes';
import { insightRoutes } from './modules/insights/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { journalRoutes } from './modules/journal/routes';
import { MAIL_OFF_ONE_CLICK_PATH } from './modules/journal/service';
import type { MailTransport } from './modules/mail/transport';
import { mediaRoutes, videoRoutes } from './modules/media/routes';
import { siteDocumentRoutes, siteRoutes } from './modules/site/routes';
import { createPageHeadRenderer } from './modules/site/seo';
import { createPageContentSource, messagesFor } from './modules/site/service';
import { MAIL_WEBHOOK_PATH, mailWebhookRoutes } from './modules/suppression/routes';
import { testSupportRoutes } from './modules/test-support/routes';
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
  /** Seals and opens private text at rest: reflections, answers, insights, bubble names (decision 045). */
  cipher: FieldCipher;
  /** The built client; absent when only the API is served (tests, `npm run dev`). */
  clientAssets?: ClientAssets;
  /** Server rendering of public pages (dist/ssr); without it the browser renders them. */
  ssrRender?: SsrRender;
  /**
   * The real time where the app's `clock` may be shifted (CLOCK_OFFSET_MS): what authenticator apps show
   * codes for. Defaults to `clock` (tests move both with one fake clock).
   */
  wallClock?: Clock;
  /** The newest migration of this code: `GET /api/ready` answers 503 until the database has it. */
  migrations: MigrationLevel;
  /** Shutting down: readiness answers 503 and answers close their connections. Default: never. */
  lifecycle?: Lifecycle;
  /** Shared with the workers (server.ts); needed with METRICS_TOKEN. Default: switched off. */
  metrics?: Metrics;
};

/**
 * Renders each distinct page (path and the query parameters it reads, language, content, veil) once and
 * reuses the markup. The host is not part of the key: the markup holds no absolute address of its own.
 */
function pageBodyRenderer(render: SsrRender): PageBodyRenderer {
  const pageOf = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname + search;
  };
  return memoizeAsync(
    (input: Parameters<PageBodyRenderer>[0]) =>
      render({ ...input, messages: { ...messagesFor(input.locale) } }),
    {
      key: (input) =>
        JSON.stringify([
          pageOf(input.url),
          input.locale,
          input.revealed,
          input.homeClear,
          input.signedOut,
          input.pageContent,
        ]),
      max: 256,
    },
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
// Files are logged at debug only: a stored file's path names it (an upload's file name), and a page of them
// is many requests. The staff preview of videos (`/api/admin/storage/videos/<name>`) is such a file too.
const QUIET_PATHS = /^\/(api\/health$|api\/ready$|metrics$|assets\/|media\/|api\/admin\/storage\/videos\/)/;

/**
 * The metrics label of the route that answered: its pattern (`/api/journal/days/:day`), never the raw
 * path, so label values stay few. The single-page app answers every page from one handler (`*`); its
 * pages are told apart by the product's route table, and any other path is `unmatched`.
 */
function routeLabel(c: Context): string {
  const pattern = routePath(c);
  if (pattern !== '*' && pattern !== '/*') return pattern;
  if (c.req.path.startsWith('/assets/')) return '/assets/*';
  const page = matchRoute(c.req.path);
  return page ? ROUTES[page.id].path : 'unmatched';
}

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const lifecycle = deps.lifecycle ?? createLifecycle();
  const metrics = deps.metrics ?? noMetrics;
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
    // A process that is shutting down lets no connection stay open for another request.
    if (lifecycle.shuttingDown) c.res.headers.set('Connection', 'close');
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest({ method: c.req.method, route: routeLabel(c), status: c.res.status, seconds });
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(seconds * 10_000) / 10,
    };
    if (QUIET_PATHS.test(c.req.path)) log.debug(fields, 'request');
    else log.info(fields, 'request');
  });
  app.use('*', securityHeaders({ https: config.secureCookies }));
  app.use('*', httpsRedirect({ appUrl: config.appUrl, trustProxy: config.trustProxy }));
  app.use('*', requestBodyLimit());
  const checkOrigin = csrf({ origin: new URL(config.appUrl).origin });
  // Mail providers POST one-click unsubscribes (RFC 8058) from their servers, with no Origin; the signed
  // token in the URL is what authorises them.
  // The provider's webhook is signed (decision 043).
  const oneClickPaths = new Set([ONE_CLICK_UNSUBSCRIBE_PATH, MAIL_OFF_ONE_CLICK_PATH, MAIL_WEBHOOK_PATH]);
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

  /** What the modules that hold a person's private text need. */
  const personal = { db: deps.db, clock: deps.clock, cipher: deps.cipher };
  const pageContent = createPageContentSource({ db: deps.db, clock: deps.clock, appUrl: config.appUrl });
  const api = new OpenAPIHono<AppEnv>();
  api.route(
    '/',
    healthRoutes({ db: deps.db, storage: deps.storage, lifecycle, migrations: deps.migrations }),
  );
  api.route(
    '/',
    siteRoutes({
      pageContent,
      config,
      rememberAccountLanguage: (userId, locale) => setAccountLanguage(deps.db, userId, locale),
    }),
  );
  api.route('/', videoRoutes(deps));
  api.route(
    '/',
    waitlistRoutes({
      db: deps.db,
      mail,
      appUrl: config.appUrl,
      secret: deps.sessionSecret,
      config,
    }),
  );
  api.route('/', journalRoutes({ ...personal, ai: config.ai, secret: deps.sessionSecret }));
  api.route('/', historyRoutes(personal));
  api.route('/', insightRoutes(personal));
  api.route('/', bubbleRoutes(personal));
  api.route('/', accountRoutes({ ...personal, auth, config, secret: deps.sessionSecret }));
  api.route('/', invitationRoutes({ db: deps.db, clock: deps.clock, secret: deps.sessionSecret }));
  api.route(
    '/',
    mailWebhookRoutes({
      db: deps.db,
      clock: deps.wallClock ?? deps.clock,
      secret: config.mailWebhookSecret,
      logger: logger.child({ module: 'mail-webhook' }),
    }),
  );
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
      auth,
      wallClock: deps.wallClock ?? deps.clock,
      metrics,
    }),
  );
  app.route('/api', api);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Mirror API', version: '1' },
  });
  app.all('/api/*', (c) => apiError(c, 404, 'not_found'));

  app.route('/', metricsRoutes({ token: config.metricsToken, metrics }));
  app.route('/', testSupportRoutes({ db: deps.db, token: config.testSupportToken }));
  app.route('/', mediaRoutes(deps));
  app.route('/', siteDocumentRoutes(deps));
  if (deps.clientAssets) {
    app.use(
      '*',
      serveSpa(deps.clientAssets, {
        renderHead: createPageHeadRenderer({ pageContent, config }),
        renderBody: deps.ssrRender && pageBodyRenderer(deps.ssrRender),
        signedOut: (c) => !hasSessionCookie(c.req.header('cookie')),
        staffRole: (c) => staffRoleHint(c, config),
        accountLocale: async (c) =>
          hasSessionCookie(c.req.header('cookie'))
            ? sessionLanguage({ auth, db: deps.db }, c.req.raw.headers)
            : null,
        secureCookies: config.secureCookies,
      }),
    );
  }
  app.notFound((c) => c.text('Not found', 404));

  app.onError((error, c) => {
    // Whoever read the body (a validator, a handler) failed because it passed the route's limit.
    if (c.get('bodyAllowance')?.exceeded) {
      c.header('Connection', 'close');
      return c.req.path.startsWith('/api/')
        ? apiError(c, 413, 'payload_too_large')
        : c.text('Payload too large', 413);
    }
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

import { createRoute } from '@hono/zod-openapi';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type TLocale } from '@shared/domain/locale';
import { isSeoPage } from '@shared/domain/seo';
import {
  ZPageContent,
  ZPageContentParams,
  ZPageContentQuery,
  ZSetLocale,
  ZSiteConfig,
} from '@shared/schemas/site';
import { Hono } from 'hono';
import type { Config } from '../../config';
import { type AppEnv, createApiRouter, errorResponse, jsonBody } from '../../lib/api';
import { setAppCookie } from '../../lib/cookies';
import { renderRobotsTxt, renderSitemapXml } from './seo';
import type { PageContentSource } from './service';

const setLocaleRoute = createRoute({
  method: 'put',
  path: '/locale',
  tags: ['site'],
  summary: 'Remember the visitor’s language in the locale cookie (365 days), and on a signed-in account',
  request: { body: jsonBody(ZSetLocale) },
  responses: {
    204: { description: 'The cookie is set' },
    400: errorResponse('Not a supported language'),
  },
});

const pageContentRoute = createRoute({
  method: 'get',
  path: '/site/pages/{page}',
  tags: ['site'],
  summary: 'Texts and search-engine metadata of a public page in one language',
  request: { params: ZPageContentParams, query: ZPageContentQuery },
  responses: {
    200: {
      description: 'Editable texts (live, else draft, else built-in) and the page’s head',
      content: { 'application/json': { schema: ZPageContent } },
    },
    400: errorResponse('Not a supported language'),
    404: errorResponse('Not a public page'),
  },
});

const siteConfigRoute = createRoute({
  method: 'get',
  path: '/site/config',
  tags: ['site'],
  summary: 'Public settings of this installation that pages use in the browser',
  responses: {
    200: {
      description: 'The perfume shop address of the test home',
      content: { 'application/json': { schema: ZSiteConfig } },
    },
  },
});

export function siteRoutes(deps: {
  pageContent: PageContentSource;
  config: Config;
  /** Keeps a signed-in person's choice on their account too: their next device, and their e-mails. */
  rememberAccountLanguage: (userId: string, locale: TLocale) => Promise<void>;
}) {
  return createApiRouter()
    .openapi(setLocaleRoute, async (c) => {
      const { locale } = c.req.valid('json');
      setAppCookie(c, LOCALE_COOKIE, locale, {
        secure: deps.config.secureCookies,
        maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
      });
      const user = c.get('user');
      if (user) await deps.rememberAccountLanguage(user.id, locale);
      return c.body(null, 204);
    })
    .openapi(pageContentRoute, async (c) => {
      const { page } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      if (!isSeoPage(page)) return c.json({ error: { code: 'not_found' as const } }, 404);
      c.header('Cache-Control', 'no-store');
      return c.json(await deps.pageContent.get(page, locale), 200);
    })
    .openapi(siteConfigRoute, (c) =>
      c.json({ fragranceShopUrl: deps.config.fragranceShopUrl, inviteOnly: deps.config.inviteOnly }, 200),
    );
}

/** robots.txt and sitemap.xml at the root of the site, answered before the single-page app. */
export function siteDocumentRoutes(deps: { config: Config }) {
  const robots = renderRobotsTxt(deps.config.appUrl);
  const sitemap = renderSitemapXml(deps.config.appUrl);
  const cacheControl = 'public, max-age=3600';
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) =>
      c.body(robots, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl }),
    )
    .get('/sitemap.xml', (c) =>
      c.body(sitemap, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': cacheControl,
      }),
    );
}

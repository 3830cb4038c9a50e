import { createRoute } from '@hono/zod-openapi';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@shared/domain/locale';
import { ZSetLocale } from '@shared/schemas/site';
import type { Config } from '../../config';
import { createApiRouter, errorResponse, jsonBody } from '../../lib/api';
import { setAppCookie } from '../../lib/cookies';

const setLocaleRoute = createRoute({
  method: 'put',
  path: '/locale',
  tags: ['site'],
  summary: 'Remember the visitor’s language in the locale cookie (365 days)',
  request: { body: jsonBody(ZSetLocale) },
  responses: {
    204: { description: 'The cookie is set' },
    400: errorResponse('Not a supported language'),
  },
});

export function siteRoutes(deps: { config: Config }) {
  return createApiRouter().openapi(setLocaleRoute, (c) => {
    const { locale } = c.req.valid('json');
    setAppCookie(c, LOCALE_COOKIE, locale, {
      secure: deps.config.secureCookies,
      maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
    });
    return c.body(null, 204);
  });
}

import type { MiddlewareHandler } from 'hono';
import { forwardedProtocol, type TrustProxy } from './client-ip';

/**
 * Security headers on every response (docs/decisions/004-security-headers.md). Scripts only from our own
 * origin, no inline scripts. Inline styles stay allowed: sonner and Radix's scroll lock insert <style>
 * elements at run time (the latter's text varies, so no hash fits) and the server-rendered landing carries
 * its posters in a style attribute; decision 035 says what dropping it would take.
 */
export function buildContentSecurityPolicy(options: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

const PUBLIC_MEDIA_PREFIX = '/media/';

/**
 * Responses a browser only ever uses from inside a page and never runs or shows as a document of their own:
 * scripts, style sheets, fonts, raster images, audio and video. (SVG is a document that can run scripts,
 * so it is not one of them.)
 */
const SUBRESOURCE_TYPE =
  /^(text\/javascript|application\/javascript|text\/css|font\/|image\/(?!svg)|audio\/|video\/)/;

export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const everywhere: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    // Also the policy of the requests a style sheet makes (its fonts and images).
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  if (options.https) everywhere.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  // What only a document reads: its script and frame rules, features and window group. Browsers ignore
  // them on a script, style sheet, font or image, where they only cost bytes on every request: about
  // 650 of them, four times on the way to a public page's first paint (decision 057).
  const documents: [string, string][] = [
    ...everywhere,
    ['Content-Security-Policy', buildContentSecurityPolicy(options)],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];

  return async (c, next) => {
    await next();
    const subresource = SUBRESOURCE_TYPE.test(c.res.headers.get('content-type') ?? '');
    for (const [name, value] of subresource ? everywhere : documents) c.res.headers.set(name, value);
    // Public media (newsletter GIFs, videos) is meant to be shown elsewhere: in webmail and the composer's
    // sandboxed preview, which have other origins. Everything else stays same-origin.
    const corp = c.req.path.startsWith(PUBLIC_MEDIA_PREFIX) ? 'cross-origin' : 'same-origin';
    c.res.headers.set('Cross-Origin-Resource-Policy', corp);
  };
}

/** Load balancers check this over plain http; a redirect would read as "down". */
const HEALTH_CHECK_PATH = '/api/health';

/**
 * Behind a trusted proxy that terminates TLS, sends a request that reached the proxy over plain http to the
 * same path on the https origin of APP_URL (never to the request's own Host, which the client chose):
 * 301 for GET and HEAD, 308 for the rest so a method and body are not silently turned into a GET. HSTS
 * keeps browsers on https after the first visit; this covers that first visit and old links.
 */
export function httpsRedirect(options: { appUrl: string; trustProxy: TrustProxy }): MiddlewareHandler {
  const secureOrigin = new URL(options.appUrl).protocol === 'https:' ? new URL(options.appUrl).origin : null;
  return async (c, next) => {
    if (!secureOrigin || options.trustProxy.kind === 'none' || c.req.path === HEALTH_CHECK_PATH)
      return next();
    if (forwardedProtocol(c, options.trustProxy) !== 'http') return next();
    const url = new URL(c.req.url);
    const status = c.req.method === 'GET' || c.req.method === 'HEAD' ? 301 : 308;
    return c.redirect(`${secureOrigin}${url.pathname}${url.search}`, status);
  };
}

import type { MiddlewareHandler } from 'hono';

/**
 * Security headers on every response (docs/decisions/004-security-headers.md). Scripts only from our own
 * origin, no inline scripts. Inline styles stay allowed: sonner and Radix insert <style> elements at run time.
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

export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', buildContentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.https) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);

  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    // Public media (newsletter GIFs, videos) is meant to be shown elsewhere: in webmail and the composer's
    // sandboxed preview, which have other origins. Everything else stays same-origin.
    const corp = c.req.path.startsWith(PUBLIC_MEDIA_PREFIX) ? 'cross-origin' : 'same-origin';
    c.res.headers.set('Cross-Origin-Resource-Policy', corp);
  };
}

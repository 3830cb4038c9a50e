import { LOCALE_COOKIE, toLocale } from '@shared/domain/locale';
import { matchRoute } from '@shared/routes';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './api';
import {
  type ClientAssets,
  compressVariants,
  type Encoding,
  etagOf,
  pickEncoding,
  type StaticFile,
} from './client-assets';

const HTML_CACHE_LIMIT = 256;

function respond(c: Context, file: StaticFile, options: { status: number; cacheControl: string }) {
  const encoding = pickEncoding(c.req.header('accept-encoding'), Object.keys(file.variants) as Encoding[]);
  const body = file.variants[encoding] ?? file.variants.identity;
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': options.cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  if (options.status === 200 && c.req.header('if-none-match') === file.etag) {
    return c.body(null, 304, headers);
  }
  headers['Content-Length'] = String(body.byteLength);
  // Buffers read from disk sit on a plain ArrayBuffer, never a SharedArrayBuffer.
  return c.body(body as Uint8Array<ArrayBuffer>, options.status as 200, headers);
}

/**
 * Serves the built client: static files, then the app's HTML for every route of the shared route table
 * (200) and for anything else (404, the client shows its not-found screen).
 */
export function serveSpa(assets: ClientAssets): MiddlewareHandler<AppEnv> {
  const htmlCache = new Map<string, StaticFile>();

  const htmlFile = (html: string): StaticFile => {
    const cached = htmlCache.get(html);
    if (cached) return cached;
    const identity = Buffer.from(html, 'utf8');
    const file: StaticFile = {
      contentType: 'text/html; charset=utf-8',
      etag: etagOf(identity),
      immutable: false,
      variants: { identity, ...compressVariants(identity) },
    };
    if (htmlCache.size >= HTML_CACHE_LIMIT) htmlCache.clear();
    htmlCache.set(html, file);
    return file;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const pathname = c.req.path;

    if (pathname.length > 1 && pathname.endsWith('/')) {
      const url = new URL(c.req.url);
      return c.redirect(`${pathname.replace(/\/+$/, '') || '/'}${url.search}`, 301);
    }

    const file = assets.files.get(pathname);
    if (file) {
      return respond(c, file, {
        status: 200,
        cacheControl: file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (pathname.startsWith('/assets/')) {
      return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    }

    const locale = toLocale(getCookie(c, LOCALE_COOKIE));
    const status = matchRoute(pathname) ? 200 : 404;
    return respond(c, htmlFile(assets.renderHtml({ locale })), { status, cacheControl: 'no-cache' });
  };
}

import {
  ADMIN_OPEN_SECTIONS_COOKIE,
  ADMIN_SESSION_PATH,
  contentReadPath,
  DIRECT_INVITATIONS_PATH,
  parseOpenSectionsCookie,
} from '@shared/domain/admin';
import { hasAuthLink } from '@shared/domain/auth-link';
import {
  isLocale,
  LANG_QUERY_PARAM,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALES,
  type TLocale,
} from '@shared/domain/locale';
import { resolvePageLocale } from '@shared/domain/seo';
import { roleAllows, type StaffRole } from '@shared/domain/staff';
import { FIRST_WAITLIST_PAGE, waitlistPageSearch } from '@shared/domain/waitlist-list';
import {
  href,
  matchRoute,
  PUBLIC_ROUTES,
  pageModuleSource,
  type RouteId,
  type RouteMatch,
} from '@shared/routes';
import type { TPageContent } from '@shared/schemas/site';
import { HOME_CLEAR_COOKIE, REVEALED_COOKIE, SESSION_HINT_ELEMENT_ID } from '@shared/ssr';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from './api';
import {
  type ClientAssets,
  compressVariants,
  type Encoding,
  etagOf,
  pickEncoding,
  type StaticFile,
} from './client-assets';
import { setAppCookie } from './cookies';
import type { Logger } from './logger';

const REFLECT_DAY_WITHOUT_NUMBER = '/reflect/day';

const HTML_CACHE_LIMIT = 256;

/**
 * The query parameters a server-rendered page reads while it renders. Only these reach the renderer, whose
 * results are remembered per address (app.ts), so `?utm_source=…` or a cache-busting `?r=…` cannot make
 * every request a new render. `?lang=` picks the language; no public page reads another parameter in its
 * first render. A page that starts to must be listed here (per route), or the server's markup would not be
 * the browser's first render.
 */
const RENDERED_QUERY_PARAMS: readonly string[] = [LANG_QUERY_PARAM];
const RENDERED_QUERY_PARAMS_OF_ROUTE: Partial<Record<RouteId, readonly string[]>> = {};

/** The address the server renders: the path and the parameters the route reads, sorted, nothing else. */
export function renderedUrl(url: URL, route: RouteMatch): string {
  const kept = [...RENDERED_QUERY_PARAMS, ...(RENDERED_QUERY_PARAMS_OF_ROUTE[route.id] ?? [])];
  const search = new URLSearchParams();
  for (const name of kept.toSorted()) {
    const value = url.searchParams.get(name);
    if (value !== null) search.set(name, value);
  }
  const query = search.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** What the server knows about the page an HTML response shows. */
export type PageHeadInput = { route: RouteMatch | null; locale: TLocale; logger: Logger };
/** The page's own <head> elements (escaped HTML), optional inline data for the client, and that data. */
export type PageHead = { head: string; data?: string; content?: TPageContent };

/** Server rendering of a page's body (#root); null or a throw leaves the page to the browser. */
export type PageBodyRenderer = (input: {
  url: string;
  locale: TLocale;
  pageContent: TPageContent;
  revealed: boolean;
  homeClear: boolean;
  signedOut: boolean;
}) => Promise<{ html: string; modules: string[] } | null>;
export type PageHeadRenderer = (input: PageHeadInput) => Promise<PageHead>;

/**
 * The language of an HTML response (resolvePageLocale): `?lang=`, the locale cookie, the signed-in person's
 * account (asked for only when neither says), the browser's `Accept-Language`, English.
 */
export async function htmlLocale(
  c: Context<AppEnv>,
  accountLocale?: (c: Context<AppEnv>) => Promise<TLocale | null>,
): Promise<TLocale> {
  const query = c.req.query(LANG_QUERY_PARAM);
  const cookie = getCookie(c, LOCALE_COOKIE);
  const undecided = !isLocale(query) && !isLocale(cookie);
  const account = undecided && accountLocale ? await accountLocale(c) : null;
  return resolvePageLocale(query, cookie, { account, acceptLanguage: c.req.header('accept-language') });
}

/**
 * A link's `?lang=` (an invitation, a reminder, an hreflang alternate) is kept: the person goes on in the
 * language they arrived in, on this page's next visit and every other, until they choose another.
 */
function keepLinkLocale(c: Context, locale: TLocale, secure: boolean) {
  if (!isLocale(c.req.query(LANG_QUERY_PARAM)) || getCookie(c, LOCALE_COOKIE) === locale) return;
  setAppCookie(c, LOCALE_COOKIE, locale, { secure, maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS });
}

function respond(
  c: Context,
  file: StaticFile,
  options: { status: number; cacheControl: string; vary?: string },
) {
  const encoding = pickEncoding(c.req.header('accept-encoding'), Object.keys(file.variants) as Encoding[]);
  const body = file.variants[encoding] ?? file.variants.identity;
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': options.cacheControl,
    ETag: file.etag,
    Vary: options.vary ?? 'Accept-Encoding',
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
 * The path without trailing slashes and with one leading slash. Built from the URL's own (encoded) pathname,
 * in which `\` already reads as `/`: `//evil.example/` would otherwise become a redirect to another host.
 */
export function canonicalPath(pathname: string): string {
  return `/${pathname.replace(/^\/+|\/+$/g, '')}`;
}

/**
 * Serves the built client: static files, then the app's HTML for every route of the shared route table
 * (200) and for anything else (404, the client shows its not-found screen). `renderHead` writes each page's
 * title, metadata and initial data; without it the static head of index.html is served.
 */
export function serveSpa(
  assets: ClientAssets,
  options: {
    renderHead?: PageHeadRenderer;
    renderBody?: PageBodyRenderer;
    /** Whether the request carries no session cookie (nobody is signed in); unknown counts as false. */
    signedOut?: (c: Context<AppEnv>) => boolean;
    /** The role a staff page's request says its signed-in staff session has, or null (decision 060). */
    staffRole?: (c: Context<AppEnv>) => StaffRole | null;
    /** The signed-in person's language, for a device that has no locale cookie (null: nobody, or unknown). */
    accountLocale?: (c: Context<AppEnv>) => Promise<TLocale | null>;
    /** Whether cookies are set `Secure` (served over https). */
    secureCookies?: boolean;
  } = {},
): MiddlewareHandler<AppEnv> {
  // Keyed by the final HTML, so the compressed variants are reused while a page's content stays the same and
  // a changed CMS value simply makes a new entry. Least recently used entries go first.
  const htmlCache = new Map<string, StaticFile>();

  const htmlFile = (html: string): StaticFile => {
    const cached = htmlCache.get(html);
    if (cached) {
      htmlCache.delete(html);
      htmlCache.set(html, cached);
      return cached;
    }
    const identity = Buffer.from(html, 'utf8');
    const file: StaticFile = {
      contentType: 'text/html; charset=utf-8',
      etag: etagOf(identity),
      immutable: false,
      variants: { identity, ...compressVariants(identity) },
    };
    if (htmlCache.size >= HTML_CACHE_LIMIT) {
      const oldest = htmlCache.keys().next();
      if (!oldest.done) htmlCache.delete(oldest.value);
    }
    htmlCache.set(html, file);
    return file;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const pathname = c.req.path;

    if (pathname.length > 1 && pathname.endsWith('/')) {
      const url = new URL(c.req.url);
      return c.redirect(`${canonicalPath(url.pathname)}${url.search}`, 301);
    }

    // Spec §2: the reflection's day is an integer, default 1.
    if (pathname === REFLECT_DAY_WITHOUT_NUMBER) {
      return c.redirect(`${href('reflectDay', { day: 1 })}${new URL(c.req.url).search}`, 302);
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

    const locale = await htmlLocale(c, options.accountLocale);
    keepLinkLocale(c, locale, options.secureCookies ?? false);
    const route = matchRoute(pathname);
    const page = options.renderHead
      ? await options.renderHead({ route, locale, logger: c.get('logger') })
      : undefined;
    const url = new URL(c.req.url);
    const signedOut = options.signedOut?.(c) ?? false;
    // Asked for once (a language switch on the landing, or its logo followed before the app ran): used up here.
    const homeClear = route?.id === 'home' && getCookie(c, HOME_CLEAR_COOKIE) === '1';
    if (homeClear) deleteCookie(c, HOME_CLEAR_COOKIE, { path: '/' });
    const body =
      route && page?.content && options.renderBody && rendersOnServer(route.id, url, signedOut)
        ? await options
            .renderBody({
              url: renderedUrl(url, route),
              locale,
              pageContent: page.content,
              revealed: getCookie(c, REVEALED_COOKIE) === '1',
              homeClear,
              signedOut,
            })
            .catch((error: unknown) => {
              c.get('logger').error(
                { err: error, path: pathname },
                'server rendering failed; the browser renders',
              );
              return null;
            })
        : null;
    const html = assets.renderHtml({
      locale,
      head: page?.head,
      data: body && signedOut ? `${page?.data ?? ''}${SIGNED_OUT_HINT}` : page?.data,
      body: body?.html,
      script: route ? PAGE_SCRIPTS[route.id] : undefined,
      waitsForSomeone: route ? WHOLE_AS_SERVED.has(route.id) : false,
      modules: body?.modules ?? (route ? browserRenderedModules(route.id, locale) : undefined),
      fetches:
        route && STAFF_PAGES.has(route.id)
          ? firstRequests(route.id, {
              role: options.staffRole?.(c) ?? null,
              openSections: getCookie(c, ADMIN_OPEN_SECTIONS_COOKIE),
            })
          : [],
    });
    return respond(c, htmlFile(html), {
      status: route ? 200 : 404,
      cacheControl: 'no-cache',
      // The HTML depends on the locale cookie and the browser's languages; caches must not hand one
      // visitor's language to another.
      vary: 'Accept-Encoding, Accept-Language, Cookie',
    });
  };
}

/**
 * Server-rendered pages run by a small script of their own instead of the app (decision 059), as Vite
 * manifest keys: the landing, whose veil, video and language switch need no framework. Its links are plain
 * links; the app starts on the page they lead to. Only where the server rendered the page: otherwise the
 * browser renders it with the app as before.
 */
const PAGE_SCRIPTS: Partial<Record<RouteId, string>> = { home: 'src/client/landing.ts' };

/**
 * Server-rendered pages that are whole as the server sends them: text, plain links, forms that keep what is
 * typed, buttons whose taps the app repeats. Their code starts once someone is there (decision 062). Not so
 * the landing, whose background video plays by itself, nor /videos, which shows placeholders until its code
 * has fetched the published videos: their code starts after the first paint, unless the reveal veil covers
 * them (decision 056).
 */
const WHOLE_AS_SERVED: ReadonlySet<RouteId> = new Set(['invite', 'waitingList', 'legal', 'auth']);

/** What a server-rendered page tells the client when the request had no session cookie (decision 054). */
const SIGNED_OUT_HINT = `<script type="application/json" id="${SESSION_HINT_ELEMENT_ID}">{"user":null}</script>`;

/**
 * Whether the server renders a public page's body. /auth only for a signed-out visitor without an e-mail
 * link: a signed-in visitor is sent on from there, and a link opens a view that first reads its token, so
 * the browser renders those (decision 054).
 */
function rendersOnServer(id: RouteId, url: URL, signedOut: boolean): boolean {
  return id !== 'auth' || (signedOut && !hasAuthLink(url.searchParams));
}

/** The staff pages, whose HTML starts their first API requests (decision 050). */
const STAFF_PAGES: ReadonlySet<RouteId> = new Set(['adminList', 'adminVideos']);

/**
 * The API requests a staff page makes first, which the browser starts with the page instead of after its
 * code (decisions 050, 060): the session check of every staff page (spec §4); on /list, for a signed-in
 * staff member (the role the session's hint cookie names), what the role sees at once: the legal notice's
 * texts behind the warning at the top, and, when the newsletter list was left open (the cookie the page
 * keeps its open sections in), its first page and the direct invitations below it. Without a signed-in
 * session only the check, which sends the visitor to the sign-in page: anything more would be refused.
 * Addresses as the page's code spells them, so its fetch() takes the answers over.
 */
export function firstRequests(
  id: RouteId,
  staff: { role: StaffRole | null; openSections: string | undefined },
): string[] {
  if (!STAFF_PAGES.has(id)) return [];
  const api = (path: string) => `/api/admin${path}`;
  const requests = [api(ADMIN_SESSION_PATH)];
  const { role } = staff;
  if (id !== 'adminList' || role === null) return requests;
  const listOpen =
    roleAllows(role, 'waitlist') && parseOpenSectionsCookie(staff.openSections).includes('newsletterList');
  // In the order the page needs them: its first render waits for the list and the texts, not the invitations.
  if (listOpen) requests.push(api(`/waitlist${waitlistPageSearch(FIRST_WAITLIST_PAGE)}`));
  if (roleAllows(role, 'content')) {
    requests.push(...LOCALES.map((locale) => api(contentReadPath({ kind: 'texts', page: 'legal', locale }))));
  }
  if (listOpen) requests.push(api(DIRECT_INVITATIONS_PATH));
  return requests;
}

/**
 * What a page the browser renders needs before it can show anything: its page module and, beyond the public
 * pages, the rest of the texts. Preloaded with the entry, they arrive together instead of one after the other
 * (the staff list, the signed-in app).
 */
function browserRenderedModules(id: RouteId, locale: TLocale): string[] {
  const page = pageModuleSource(id);
  return PUBLIC_ROUTES.has(id) ? [page] : [page, `src/shared/i18n/${locale}.rest.json`];
}

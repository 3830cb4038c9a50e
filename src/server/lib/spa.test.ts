import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ADMIN_OPEN_SECTIONS_COOKIE } from '@shared/domain/admin';
import { FIRST_WAITLIST_PAGE, waitlistPageSearch } from '@shared/domain/waitlist-list';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import { ROUTE_IDS, ROUTES } from '@shared/routes';
import type { TPageContent } from '@shared/schemas/site';
import { HOME_CLEAR_COOKIE, REVEALED_COOKIE, type SsrRender, type TSsrInput } from '@shared/ssr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsTexts } from '../db/schema/site';
import { PAGE_CONTENT_TTL_MS } from '../modules/site/service';
import { createSignedInStaff, halfSignedInStaff } from '../test/staff';
import { createTestApp, type TestContext } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { createSignedInUser } from '../test/users';
import { loadClientAssets, pickEncoding } from './client-assets';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Mirror</title>
    <meta name="description" content="The static description for npm run dev." />
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SCRIPT = `console.log(${JSON.stringify('mirror '.repeat(200))});`;

let dir: string;
let t: TestContext;

function write(relative: string, body: string | Buffer) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-client-'));
  write('index.html', INDEX);
  write('assets/index-AbCd1234.js', SCRIPT);
  write('assets/index-AbCd1234.js.br', brotliCompressSync(SCRIPT));
  write('assets/index-AbCd1234.js.gz', gzipSync(SCRIPT));
  write('assets/de-XyZ98765.js', 'export default {}');
  write('assets/boot-BoOt1234.js', '(()=>{})();');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'src/shared/i18n/de.public.json': { file: 'assets/de-XyZ98765.js' },
      'src/shared/i18n/de.rest.json': { file: 'assets/de.rest-ReSt1234.js' },
      'src/client/app/routes/list.tsx': { file: 'assets/list-LiSt1234.js', imports: ['_panel.js'] },
      '_panel.js': { file: 'assets/panel-PaNe1234.js' },
      'src/client/app/routes/invite.tsx': { file: 'assets/invite-InVi1234.js' },
      'src/client/landing.ts': {
        file: 'assets/landing-LaNd1234.js',
        isEntry: true,
        imports: ['_runtime.js'],
      },
      '_runtime.js': { file: 'assets/runtime-RuNt1234.js' },
    }),
  );
  t = await createTestApp({ clientAssets: await loadClientAssets(dir) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const samplePath = (pattern: string) => pattern.replace(':day', '3').replace(':week', '2026-11-23');

describe('serving the single-page app', () => {
  it('answers every route of the route table with the app and 200', async () => {
    for (const id of ROUTE_IDS) {
      const response = await t.app.request(samplePath(ROUTES[id].path));
      expect(response.status, id).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers unknown paths with the app and 404, so the client shows its not-found screen', async () => {
    for (const unknown of [
      '/nope',
      '/reflect/day/9',
      '/reflect/day/x',
      '/admin',
      '/index.html',
      '/list/extra',
    ]) {
      const response = await t.app.request(unknown);
      expect(response.status, unknown).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('sets <html lang> from the locale cookie and preloads that language', async () => {
    const german = await (await t.app.request('/invite', { headers: { cookie: 'locale=de' } })).text();
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('<link rel="modulepreload" crossorigin href="/assets/de-XyZ98765.js">');
    const english = await (await t.app.request('/invite', { headers: { cookie: 'locale=fr' } })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).not.toContain('de-XyZ98765');
  });

  it('keeps the language a link arrived in, so the next visit opens in it too', async () => {
    const arrived = await t.app.request('/invite?lang=de', { headers: { cookie: 'locale=en' } });
    expect(await arrived.text()).toContain('<html lang="de"');
    const kept = arrived.headers.getSetCookie().find((cookie) => cookie.startsWith('locale='));
    expect(kept).toMatch(/^locale=de;.*Max-Age=31536000/);
    // Already the language of the device: nothing to keep.
    const same = await t.app.request('/invite?lang=de', { headers: { cookie: 'locale=de' } });
    expect(same.headers.getSetCookie().filter((cookie) => cookie.startsWith('locale='))).toEqual([]);
    const plain = await t.app.request('/invite');
    expect(plain.headers.getSetCookie().filter((cookie) => cookie.startsWith('locale='))).toEqual([]);
  });

  it("opens a device's first page in the browser's language, unless the device chose one", async () => {
    const page = async (headers: Record<string, string>) =>
      (await t.app.request('/invite', { headers })).text();
    expect(await page({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toContain('<html lang="de"');
    expect(await page({ 'accept-language': 'fr-FR,fr;q=0.9' })).toContain('<html lang="en"');
    expect(await page({ 'accept-language': 'de', cookie: 'locale=en' })).toContain('<html lang="en"');
  });

  it("opens a signed-in person's page in their account's language on a device that never chose one", async () => {
    const person = await createSignedInUser(t, { language: 'de' });
    const session = person.cookie
      .split('; ')
      .filter((pair) => !pair.startsWith('locale='))
      .join('; ');
    const html = async (cookie: string, extra: Record<string, string> = {}) =>
      (await t.app.request('/dashboard', { headers: { cookie, ...extra } })).text();
    expect(await html(session, { 'accept-language': 'en' })).toContain('<html lang="de"');
    // This device's choice wins over the account's.
    expect(await html(`${session}; locale=en`)).toContain('<html lang="en"');
    // A cookie that names no valid session is nobody's language.
    expect(await html('mirror.session_token=forged')).toContain('<html lang="en"');
  });

  it('preloads the code and texts a page the browser renders needs, beside the entry', async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
    const list = await (await t.app.request('/list', { headers: { cookie: 'locale=de' } })).text();
    for (const file of ['list-LiSt1234.js', 'panel-PaNe1234.js', 'de.rest-ReSt1234.js']) {
      expect(list).toContain(preload(file));
    }
    // A public page makes do with the public texts; an unknown path preloads no page.
    const invite = await (await t.app.request('/invite', { headers: { cookie: 'locale=de' } })).text();
    expect(invite).toContain(preload('invite-InVi1234.js'));
    expect(invite).not.toContain('de.rest-');
    const unknown = await (await t.app.request('/nope', { headers: { cookie: 'locale=de' } })).text();
    expect(unknown).not.toMatch(/list-|invite-|de\.rest-/);
  });

  it("has the browser start a staff page's first API requests with the page, as its code spells them", async () => {
    const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;
    const session = fetchPreload('/api/admin/session');
    const firstListPage = fetchPreload('/api/admin/waitlist?sort=joined&amp;dir=desc&amp;page=1');
    const directInvitations = fetchPreload('/api/admin/invitations/direct');
    const legalTexts = ['en', 'de'].map((locale) =>
      fetchPreload(`/api/admin/content/texts/legal?locale=${locale}`),
    );
    const staff = await createSignedInStaff(t, { role: 'editor' });
    const page = async (path: string, cookie = '') =>
      (await t.app.request(path, { headers: { cookie } })).text();
    const listOpen = `${ADMIN_OPEN_SECTIONS_COOKIE}=people,newsletterList,gone`;

    // Signed in, with the list closed: the session check and the legal texts behind the warning at the top.
    const closed = await page('/list', staff.cookie);
    expect(closed).toContain(session);
    for (const texts of legalTexts) expect(closed).toContain(texts);
    expect(closed).not.toContain('/api/admin/waitlist');
    expect(closed).not.toContain(directInvitations);
    // The newsletter list left open (with others, or unknown names beside it): its first page and the direct
    // invitations below it too, after the page's code, which the browser needs most.
    const open = await page('/list', `${staff.cookie}; ${listOpen}`);
    for (const request of [session, firstListPage, directInvitations, ...legalTexts]) {
      expect(open).toContain(request);
      expect(open.indexOf(request)).toBeGreaterThan(open.lastIndexOf('rel="modulepreload"'));
    }
    // What the first render waits for goes first; the invitations, shown below the list, last.
    for (const needed of [firstListPage, ...legalTexts]) {
      expect(open.indexOf(needed)).toBeLessThan(open.indexOf(directInvitations));
    }
    expect(await page('/list', `${staff.cookie}; ${ADMIN_OPEN_SECTIONS_COOKIE}=people`)).not.toContain(
      '/api/admin/waitlist',
    );
    // Without a signed-in session only the check, which sends the visitor to the sign-in page: anything
    // else would be refused. Nor while a sign-in waits for its second factor.
    const { cookie: halfwayCookie } = await halfSignedInStaff(t);
    for (const cookie of [
      listOpen,
      `mirror.admin=${'x'.repeat(40)}; ${listOpen}`,
      `${halfwayCookie}; ${listOpen}`,
    ]) {
      const signedOut = await page('/list', cookie);
      expect(signedOut).toContain(session);
      expect(signedOut.match(/rel="preload" as="fetch"/g)).toHaveLength(1);
    }
    expect(await page('/admin/videos', staff.cookie)).toContain(session);
    expect((await page('/admin/videos', staff.cookie)).match(/rel="preload" as="fetch"/g)).toHaveLength(1);
    // Nobody else's pages ask the staff API anything.
    for (const path of ['/', '/invite', '/dashboard', '/admin-login', '/nope']) {
      expect(await page(path, `${staff.cookie}; ${listOpen}`), path).not.toContain('/api/');
    }
  });

  it('builds the first list page address as the browser does', () => {
    expect(`/api/admin/waitlist${waitlistPageSearch(FIRST_WAITLIST_PAGE)}`).toBe(
      '/api/admin/waitlist?sort=joined&dir=desc&page=1',
    );
  });

  it('puts the security headers on pages', async () => {
    const response = await t.app.request('/nope');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses HTML for clients that accept it', async () => {
    const br = await t.app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('<div id="root">');
    const gzip = await t.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<div id="root">');
  });

  it('serves hashed assets for a year, immutable, with the precompressed variant', async () => {
    const response = await t.app.request('/assets/index-AbCd1234.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await t.app.request('/assets/index-AbCd1234.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('revalidates files without a hash in their name, answering 304 when unchanged', async () => {
    const first = await t.app.request('/favicon.svg');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('image/svg+xml');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.request('/favicon.svg', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await t.app.request('/assets/gone-12345678.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it('does not serve build metadata', async () => {
    expect((await t.app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('redirects a trailing slash to the canonical path, keeping the query', async () => {
    const response = await t.app.request('/invite/?ref=mail');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/invite?ref=mail');
  });

  it('sends /reflect/day without a number to day 1 (spec §2), keeping the query', async () => {
    const direct = await t.app.request('/reflect/day?lang=de');
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('/reflect/day/1?lang=de');
  });

  it('redirects only ever to a path of its own origin (no //host or /\\host)', async () => {
    const origin = 'http://localhost';
    for (const attempt of [
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '/\\/evil.example/',
      '/%5Cevil.example/',
      '/%2F%2Fevil.example/',
      '//evil.example/?next=1',
    ]) {
      const response = await t.app.request(`${origin}${attempt}`);
      expect(response.status, attempt).toBe(301);
      const location = response.headers.get('location') ?? '';
      expect(location, attempt).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `${origin}/`).origin, attempt).toBe(origin);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await t.app.request('/videos', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('the head of each page', () => {
  const APP = 'http://localhost:3000';
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await t.app.request(path, { headers });
    return { response, html: await response.text() };
  };
  const initialData = (html: string): TPageContent | null => {
    const match = /<script type="application\/json" id="mirror-initial-data">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1] ?? '') as TPageContent) : null;
  };

  it('describes a public page in English: title, description, canonical, alternates, social tags, JSON-LD', async () => {
    const { html } = await page('/invite');
    expect(html).toContain(`<title>${en['seo.invite.title']}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('The static description');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${en['seo.invite.description']}">`);
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(html).toContain(`<link rel="canonical" href="${APP}/invite">`);
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="${APP}/invite?lang=de">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${APP}/invite">`);
    expect(html).toContain(`<meta property="og:title" content="${en['seo.invite.title']}">`);
    expect(html).toContain(`<meta property="og:url" content="${APP}/invite">`);
    expect(html).toContain(`<meta property="og:image" content="${APP}/og-image.png">`);
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
    // The head keeps its place: before the app's script.
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('renders German for ?lang=de and for the cookie; ?lang= wins over the cookie', async () => {
    for (const [path, headers] of [
      ['/invite?lang=de', {}],
      ['/invite', { cookie: 'locale=de' }],
    ] as const) {
      const { html } = await page(path, headers);
      expect(html, path).toContain('<html lang="de"');
      expect(html).toContain(`<title>${de['seo.invite.title']}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${APP}/invite?lang=de">`);
      expect(html).toContain('<meta property="og:locale" content="de_DE">');
      expect(html).toContain('de-XyZ98765.js');
      expect(initialData(html)?.locale).toBe('de');
    }
    const { html } = await page('/invite?lang=en', { cookie: 'locale=de' });
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`<link rel="canonical" href="${APP}/invite">`);
    expect((await page('/invite?lang=fr', { cookie: 'locale=de' })).html).toContain('<html lang="de"');
  });

  it('embeds the page content for the first render', async () => {
    const data = initialData((await page('/')).html);
    expect(data).toMatchObject({ locale: 'en', page: 'home' });
    expect(data?.texts['hero.title']).toBe(en['cms.home.hero.title']);
    expect(data?.seo.canonical).toBe(`${APP}/`);
    expect(initialData((await page('/videos')).html)?.texts).toEqual({});
  });

  it('keeps the app, the admin area and unknown paths out of search engines', async () => {
    for (const [path, title] of [
      ['/dashboard', `${en['routes.dashboard']} · Mirror`],
      ['/reflect/day/3', 'Day 3 reflection · Mirror'],
      ['/nope', `${en['routes.notFound']} · Mirror`],
      ['/reflect/day/9', `${en['routes.notFound']} · Mirror`],
    ]) {
      const { html } = await page(path ?? '');
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('hreflang=');
      expect(html).not.toContain('application/ld+json');
      expect(initialData(html)).toBeNull();
    }
    expect((await page('/dashboard', { cookie: 'locale=de' })).html).toContain(
      `<title>${de['routes.dashboard']} · Mirror</title>`,
    );
  });

  it('escapes CMS values, so none can break out of the head or the initial data', async () => {
    const hostile = '</script><script>alert(1)</script>';
    await t.database.db.insert(cmsTexts).values([
      { page: 'home', textKey: 'hero.title', locale: 'en', liveValue: hostile },
      { page: 'home', textKey: 'seo_meta_title', locale: 'en', liveValue: `"><script>alert(2)</script>` },
      {
        page: 'home',
        textKey: 'seo_schema_webpage',
        locale: 'en',
        liveValue: JSON.stringify({ name: hostile }),
      },
    ]);
    t.clock.advance(PAGE_CONTENT_TTL_MS);
    try {
      const { html } = await page('/');
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;</title>');
      expect(initialData(html)?.texts['hero.title']).toBe(hostile);
      const ldJson = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(ldJson).name).toBe(hostile);
    } finally {
      await t.database.db.delete(cmsTexts).where(eq(cmsTexts.page, 'home'));
      t.clock.advance(PAGE_CONTENT_TTL_MS);
    }
  });

  it('shows a CMS change made elsewhere once the content cache has expired', async () => {
    const before = await page('/invite');
    expect(initialData(before.html)?.texts['invite.cta']).toBe(en['cms.invite.invite.cta']);
    await t.database.db
      .insert(cmsTexts)
      .values({ page: 'invite', textKey: 'seo_meta_title', locale: 'en', liveValue: 'Come in' });
    await t.database.db
      .insert(cmsTexts)
      .values({ page: 'invite', textKey: 'invite.cta', locale: 'en', draftValue: 'Draft button' });
    // Written behind the app's back (as by another app process): visible within PAGE_CONTENT_TTL_MS.
    expect((await page('/invite')).html).not.toContain('<title>Come in</title>');
    t.clock.advance(PAGE_CONTENT_TTL_MS);
    const after = await page('/invite');
    expect(after.html).toContain('<title>Come in</title>');
    expect(initialData(after.html)?.texts['invite.cta']).toBe('Draft button');
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    await t.database.db
      .update(cmsTexts)
      .set({ liveValue: 'Live button' })
      .where(eq(cmsTexts.textKey, 'invite.cta'));
    t.clock.advance(PAGE_CONTENT_TTL_MS);
    expect(initialData((await page('/invite')).html)?.texts['invite.cta']).toBe('Live button');
    await t.database.db.delete(cmsTexts).where(eq(cmsTexts.page, 'invite'));
    t.clock.advance(PAGE_CONTENT_TTL_MS);
    expect((await page('/invite')).html).toContain(`<title>${en['seo.invite.title']}</title>`);
  });

  it('answers 304 for an unchanged page and tells caches that the cookie matters', async () => {
    const first = await page('/legal');
    expect(first.response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const etag = first.response.headers.get('etag') ?? '';
    const again = await t.app.request('/legal', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('still serves public pages with built-in texts when the database fails', async () => {
    const broken = await createTestApp({
      clientAssets: await loadClientAssets(dir),
      database: await createTestDatabase({ reusable: false }),
    });
    await broken.database.close();
    const response = await broken.app.request('/invite');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${en['seo.invite.title']}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${APP}/invite">`);
    expect(initialData(html)).toBeNull();
    await broken.close();
  });
});

describe('the server-rendering cache', () => {
  let rendered: TSsrInput[];
  let served: TestContext;

  beforeAll(async () => {
    rendered = [];
    // Renders markup that shows the address it was given, so a page served from the cache shows which
    // render it came from.
    const ssrRender: SsrRender = async (input) => {
      rendered.push(input);
      const { pathname, search } = new URL(input.url);
      return { html: `<main data-render="${rendered.length}">${pathname}${search}</main>`, modules: [] };
    };
    served = await createTestApp({ clientAssets: await loadClientAssets(dir), ssrRender });
  });
  afterAll(() => served.close());

  const renderOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await served.app.request(url, { headers });
    expect(response.status, url).toBe(200);
    return /<main data-render="(\d+)">([^<]*)<\/main>/.exec(await response.text())?.slice(1);
  };

  it('ignores query parameters that do not change the page, so they cannot bypass it', async () => {
    const [first] = (await renderOf('/?utm_source=x&r=123')) ?? [];
    expect(first).toBeDefined();
    for (const url of ['/', '/?utm_source=newsletter&r=124', '/?fbclid=abc', '/?&&=', '/?r=%E2%9C%93']) {
      expect(await renderOf(url), url).toEqual([first, '/']);
    }
    // Nor does the Host header a client sends.
    expect(await renderOf('http://other.example/?r=1')).toEqual([first, '/']);
    expect(rendered.map((input) => new URL(input.url).search)).toEqual(['']);
  });

  it('still renders each page and each ?lang= once of its own', async () => {
    const before = rendered.length;
    const german = await renderOf('/?lang=de&utm_source=x');
    expect(german?.[1]).toBe('/?lang=de');
    expect(await renderOf('/?utm_medium=y&lang=de')).toEqual(german);
    expect(rendered.at(-1)?.locale).toBe('de');
    const invite = await renderOf('/invite?r=9');
    expect(invite?.[1]).toBe('/invite');
    expect(new Set([german?.[0], invite?.[0]]).size).toBe(2);
    // The veil is part of the page too.
    const revealed = await renderOf('/invite?r=10', { cookie: `${REVEALED_COOKIE}=1` });
    expect(revealed?.[0]).not.toBe(invite?.[0]);
    expect(rendered.length - before).toBe(3);
  });

  it("runs the landing with its own script instead of the app, without the app's data (decision 059)", async () => {
    const landing = await (await served.app.request('/')).text();
    expect(landing).toContain(
      '<meta name="mirror-boot" data-entry="/assets/landing-LaNd1234.js" data-modules="/assets/runtime-RuNt1234.js">',
    );
    expect(landing).not.toContain('index-AbCd1234.js');
    expect(landing).not.toContain('application/json');
    expect(landing).toContain('<script src="/assets/boot-BoOt1234.js"></script>');
    // Every other page runs the app.
    const invite = await (await served.app.request('/invite')).text();
    expect(invite).toContain('<meta name="mirror-boot"');
    expect(invite).not.toContain('landing-LaNd1234.js');
  });

  it('has the pages that are whole as served wait for someone before their code starts (decision 062)', async () => {
    const bootMeta = async (page: string) =>
      /<meta name="mirror-boot"[^>]*>/.exec(await (await served.app.request(page)).text())?.[0];
    for (const page of ['/invite', '/waiting-list', '/legal', '/auth']) {
      expect(await bootMeta(page), page).toContain(' data-wait="someone"');
    }
    // The landing's video plays by itself and the videos arrive with the page's code: they start after the
    // first paint (unless under the veil).
    for (const page of ['/', '/videos']) {
      const meta = await bootMeta(page);
      expect(meta, page).toBeDefined();
      expect(meta, page).not.toContain('data-wait');
    }
  });

  it('runs the boot script in the head, before the page is parsed, and caches it for a year (decision 061)', async () => {
    for (const page of ['/', '/invite', '/auth']) {
      const html = await (await served.app.request(page)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // Classic and parser-blocking: no type="module", defer or async, which would let the page paint first.
      expect(head, page).toContain('<script src="/assets/boot-BoOt1234.js"></script>');
      // The only script the head runs (the others hold data: JSON-LD).
      expect(head.match(/<script(?![^>]*application\/)[^>]*>/g), page).toEqual([
        '<script src="/assets/boot-BoOt1234.js">',
      ]);
    }
    const script = await served.app.request('/assets/boot-BoOt1234.js');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('refuses to start on a client build without its boot script', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-client-'));
    try {
      fs.writeFileSync(path.join(bare, 'index.html'), INDEX);
      await expect(loadClientAssets(bare)).rejects.toThrow(/no boot script/);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('draws the landing clear once after a language switch there, and only the landing', async () => {
    const cookie = `${HOME_CLEAR_COOKIE}=1`;
    const veiled = await renderOf('/');
    const answer = await served.app.request('/', { headers: { cookie } });
    // Used up by the answer: the next visit to / is veiled again (spec §4).
    expect(answer.headers.get('set-cookie')).toMatch(new RegExp(`^${HOME_CLEAR_COOKIE}=; Max-Age=0; Path=/`));
    const clear = await renderOf('/', { cookie });
    expect(rendered.at(-1)?.homeClear).toBe(true);
    expect(clear?.[0]).not.toBe(veiled?.[0]);
    expect(await renderOf('/', { cookie })).toEqual(clear);
    await renderOf('/invite?fresh=1', { cookie: `${cookie}; ${REVEALED_COOKIE}=1; x=1` });
    expect(rendered.findLast((input) => input.url.endsWith('/invite'))?.homeClear).toBe(false);
  });

  it('renders /auth only for a signed-out visitor without an e-mail link, and tells the client so', async () => {
    const html = async (url: string, cookie?: string) =>
      (await served.app.request(url, { headers: cookie ? { cookie } : {} })).text();
    const hint = '<script type="application/json" id="mirror-session">{"user":null}</script>';

    const signedOut = await html('/auth?next=%2Fsettings');
    expect(signedOut).toMatch(/<main data-render="\d+">\/auth<\/main>/);
    expect(signedOut).toContain(hint);
    expect(rendered.at(-1)?.signedOut).toBe(true);
    expect(signedOut).toContain('<meta name="robots" content="index, follow">');

    // Whoever has a session cookie is sent on by the page; the browser renders it, without the hint.
    const withCookie = await html('/auth', 'mirror.session_token=abc.def');
    expect(withCookie).not.toContain('data-render=');
    expect(withCookie).not.toContain(hint);
    // A link from an e-mail opens its own view, which reads the token first.
    for (const link of ['reset=tok', 'invitation=tok', 'verify=tok', 'verified=1', 'verifyError=invalid']) {
      expect(await html(`/auth?${link}`), link).not.toContain('data-render=');
    }
    // Other server-rendered pages carry the hint when nobody is signed in, and not otherwise.
    expect(await html('/invite')).toContain(hint);
    const invite = await html('/invite', 'mirror.session_token=abc.def');
    expect(invite).toContain('data-render=');
    expect(invite).not.toContain(hint);
  });
});

describe('choosing an encoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
  ])('%j gives %s', (header, expected) => {
    expect(pickEncoding(header, all)).toBe(expected);
  });

  it('only picks what is available', () => {
    expect(pickEncoding('br, gzip', ['identity'])).toBe('identity');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMS_PAGES } from '@shared/domain/cms';
import { SEO_KEYS } from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import type { TContentItem, TContentPage, TPublishResult } from '@shared/schemas/admin';
import type { TApiError } from '@shared/schemas/common';
import type { TPageContent } from '@shared/schemas/site';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { cmsTexts } from '../../db/schema/site';
import { loadClientAssets } from '../../lib/client-assets';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import { createTestApp, sendJson, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser } from '../../test/users';
import { PAGE_CONTENT_TTL_MS } from '../site/service';

const APP_URL = 'https://mirror.example.com';
let t: TestContext;
let staff: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  staff = await createSignedInStaff(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(cmsTexts);
  await t.database.db.delete(adminAuditLog);
  // Whatever a test left in the public page cache is outdated now.
  t.clock.advance(PAGE_CONTENT_TTL_MS);
});

async function getContent(kind: string, page: string, locale: string): Promise<TContentPage> {
  const response = await t.app.request(`/api/admin/content/${kind}/${page}?locale=${locale}`, {
    headers: staffHeaders(t, staff),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TContentPage;
}

function saveDrafts(kind: string, page: string, locale: string, drafts: Record<string, string>) {
  return sendJson(t.app, {
    method: 'PUT',
    path: `/api/admin/content/${kind}/${page}/${locale}`,
    body: { drafts },
    headers: staffHeaders(t, staff),
  });
}

async function publish(kind: string, page: string, locale: string): Promise<number> {
  const response = await t.app.request(`/api/admin/content/${kind}/${page}/${locale}/publish`, {
    method: 'POST',
    headers: staffHeaders(t, staff),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as TPublishResult).published;
}

async function publicTexts(page: string, locale: string): Promise<TPageContent> {
  const response = await t.app.request(`/api/site/pages/${page}?locale=${locale}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TPageContent;
}

function item(content: TContentPage, key: string): TContentItem {
  const found = content.items.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no item ${key}`);
  return found;
}

const rowsOf = (page: string, textKey: string) =>
  t.database.db
    .select()
    .from(cmsTexts)
    .where(and(eq(cmsTexts.page, page), eq(cmsTexts.textKey, textKey)));

describe('GET /api/admin/content/{kind}/{page}', () => {
  it('lists every text key of a page with its built-in translation, different per language', async () => {
    const english = await getContent('texts', 'home', 'en');
    const german = await getContent('texts', 'home', 'de');
    expect(english.items.map((entry) => entry.key)).toEqual([...CMS_PAGES.home]);
    expect(item(english, 'hero.title')).toEqual({
      key: 'hero.title',
      defaultValue: en['cms.home.hero.title'],
      draftValue: null,
      liveValue: null,
      updatedAt: null,
      updatedBy: null,
      publishedAt: null,
      unpublished: false,
    });
    expect(item(german, 'hero.title').defaultValue).toBe(de['cms.home.hero.title']);
    expect(item(german, 'hero.title').defaultValue).not.toBe(item(english, 'hero.title').defaultValue);
    expect((await getContent('texts', 'legal', 'de')).items).toHaveLength(CMS_PAGES.legal.length);
  });

  it('lists every SEO key with what the page shows without a stored value', async () => {
    const german = await getContent('seo', 'invite', 'de');
    expect(german.items.map((entry) => entry.key)).toEqual([...SEO_KEYS]);
    const defaults = Object.fromEntries(german.items.map((entry) => [entry.key, entry.defaultValue]));
    expect(defaults).toMatchObject({
      seo_meta_title: de['seo.invite.title'],
      seo_meta_description: de['seo.invite.description'],
      seo_keywords: de['seo.keywords'],
      seo_site_name: de['seo.siteName'],
      seo_og_title: de['seo.invite.title'],
      seo_og_description: de['seo.invite.description'],
      seo_robots: 'index, follow',
      seo_canonical_url: `${APP_URL}/invite?lang=de`,
      seo_og_image_url: `${APP_URL}/og-image.png`,
      seo_hero_image_alt: de['seo.heroImageAlt'],
      seo_logo_alt: de['seo.logoAlt'],
      seo_og_image_alt: de['seo.ogImageAlt'],
    });
    expect(JSON.parse(defaults.seo_schema_webpage ?? '')).toMatchObject({
      '@type': 'WebPage',
      name: de['seo.invite.title'],
      url: `${APP_URL}/invite?lang=de`,
      inLanguage: 'de',
    });
    expect(defaults.seo_schema_webpage).toContain('\n  "');
    expect(JSON.parse(defaults.seo_schema_organization ?? '')).toMatchObject({
      '@type': 'Organization',
      logo: `${APP_URL}/favicon.svg`,
    });

    const english = await getContent('seo', 'invite', 'en');
    expect(item(english, 'seo_meta_title').defaultValue).toBe(en['seo.invite.title']);
    expect(item(english, 'seo_canonical_url').defaultValue).toBe(`${APP_URL}/invite`);
    expect((await getContent('seo', 'videos', 'en')).items).toHaveLength(SEO_KEYS.length);
  });

  it('derives the social defaults from a stored title, as the page does', async () => {
    expect((await saveDrafts('seo', 'home', 'en', { seo_meta_title: 'Stored title' })).status).toBe(200);
    const content = await getContent('seo', 'home', 'en');
    expect(item(content, 'seo_meta_title').defaultValue).toBe(en['seo.home.title']);
    expect(item(content, 'seo_og_title').defaultValue).toBe('Stored title');
    expect(JSON.parse(item(content, 'seo_schema_webpage').defaultValue)).toMatchObject({
      name: 'Stored title',
    });
  });

  it('answers 404 for a page the kind does not have and 400 for an unknown kind or language', async () => {
    for (const url of ['texts/videos', 'texts/toString', 'seo/dashboard', 'seo/constructor', 'texts/nope']) {
      const response = await t.app.request(`/api/admin/content/${url}?locale=en`, {
        headers: staffHeaders(t, staff),
      });
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found' } });
    }
    for (const url of ['pages/home?locale=en', 'texts/home?locale=fr', 'texts/home']) {
      const response = await t.app.request(`/api/admin/content/${url}`, { headers: staffHeaders(t, staff) });
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as TApiError).error.code).toBe('validation');
    }
  });
});

describe('PUT /api/admin/content/{kind}/{page}/{locale}', () => {
  it('creates a draft row, then updates the same row; an empty value clears the draft', async () => {
    const first = await saveDrafts('texts', 'home', 'de', { 'hero.title': 'Erster Entwurf' });
    expect(first.status).toBe(200);
    const created = item((await first.json()) as TContentPage, 'hero.title');
    expect(created).toMatchObject({
      draftValue: 'Erster Entwurf',
      liveValue: null,
      updatedBy: staff.email,
      updatedAt: t.clock.now().toISOString(),
      publishedAt: null,
      unpublished: true,
    });
    expect(await rowsOf('home', 'hero.title')).toHaveLength(1);

    t.clock.advance(60_000);
    const second = await saveDrafts('texts', 'home', 'de', {
      'hero.title': 'Zweiter Entwurf',
      'hero.subtitle': 'Untertitel',
    });
    expect(second.status).toBe(200);
    const updated = (await second.json()) as TContentPage;
    expect(item(updated, 'hero.title')).toMatchObject({
      draftValue: 'Zweiter Entwurf',
      updatedAt: t.clock.now().toISOString(),
    });
    expect(item(updated, 'hero.subtitle').draftValue).toBe('Untertitel');
    const rows = await rowsOf('home', 'hero.title');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: 'de', draftValue: 'Zweiter Entwurf', updatedBy: staff.email });
    expect(item(await getContent('texts', 'home', 'en'), 'hero.title').draftValue).toBeNull();

    const cleared = await saveDrafts('texts', 'home', 'de', { 'hero.title': '' });
    expect(item((await cleared.json()) as TContentPage, 'hero.title')).toMatchObject({
      draftValue: null,
      unpublished: false,
    });
    expect((await rowsOf('home', 'hero.title'))[0]?.draftValue).toBeNull();
  });

  it('writes nothing when one JSON-LD value is not a JSON object', async () => {
    for (const bad of ['{"name": ', '[1, 2]', '"text"', 'null']) {
      const response = await saveDrafts('seo', 'home', 'de', {
        seo_meta_title: 'Titel',
        seo_schema_organization: '{"name": "Mirror"}',
        seo_schema_webpage: bad,
      });
      expect(response.status, bad).toBe(400);
      const body = (await response.json()) as TApiError;
      expect(body.error.code).toBe('invalid_json');
      expect(body.error.issues?.map((issue) => issue.path)).toEqual(['seo_schema_webpage']);
    }
    expect(await t.database.db.select().from(cmsTexts)).toEqual([]);
    expect(await t.database.db.select().from(adminAuditLog)).toEqual([]);

    const good = await saveDrafts('seo', 'home', 'de', {
      seo_schema_webpage: '{"name": "Mirror"}',
      seo_schema_organization: '',
    });
    expect(good.status).toBe(200);
    expect(item((await good.json()) as TContentPage, 'seo_schema_webpage').draftValue).toBe(
      '{"name": "Mirror"}',
    );
  });

  it('refuses keys the kind does not have on the page, naming them, and writes nothing', async () => {
    const textsWithSeoKey = await saveDrafts('texts', 'home', 'en', {
      'hero.title': 'Fine',
      seo_meta_title: 'Not a text',
      'invite.cta': 'Another page',
    });
    expect(textsWithSeoKey.status).toBe(400);
    const body = (await textsWithSeoKey.json()) as TApiError;
    expect(body.error.code).toBe('validation');
    expect(body.error.issues?.map((issue) => issue.path).sort()).toEqual(['invite.cta', 'seo_meta_title']);

    const seoWithTextKey = await saveDrafts('seo', 'home', 'en', { 'hero.title': 'Not SEO' });
    expect(seoWithTextKey.status).toBe(400);
    expect(((await seoWithTextKey.json()) as TApiError).error.issues?.[0]?.path).toBe('hero.title');
    expect(await t.database.db.select().from(cmsTexts)).toEqual([]);

    expect((await saveDrafts('texts', 'videos', 'en', { 'hero.title': 'x' })).status).toBe(404);
  });

  it('returns text as text: markup comes back verbatim', async () => {
    const markup = '<script>alert("hi")</script> & <b>bold</b>';
    const saved = await saveDrafts('texts', 'home', 'en', { 'hero.title': markup });
    expect(item((await saved.json()) as TContentPage, 'hero.title').draftValue).toBe(markup);
    expect((await publicTexts('home', 'en')).texts['hero.title']).toBe(markup);
  });
});

describe('POST /api/admin/content/{kind}/{page}/{locale}/publish', () => {
  it('copies drafts to live for that page, language and kind only', async () => {
    await saveDrafts('texts', 'home', 'de', { 'hero.title': 'Neuer Titel', 'hero.subtitle': 'Neu' });
    await saveDrafts('texts', 'home', 'en', { 'hero.title': 'New title' });
    await saveDrafts('texts', 'invite', 'de', { 'invite.cta': 'Mitmachen' });
    await saveDrafts('seo', 'home', 'de', { seo_meta_title: 'SEO-Titel' });

    t.clock.advance(5_000);
    expect(await publish('texts', 'home', 'de')).toBe(2);
    const german = await getContent('texts', 'home', 'de');
    expect(item(german, 'hero.title')).toMatchObject({
      liveValue: 'Neuer Titel',
      draftValue: 'Neuer Titel',
      publishedAt: t.clock.now().toISOString(),
      unpublished: false,
    });
    expect(item(german, 'hero.description')).toMatchObject({ liveValue: null, publishedAt: null });
    expect(item(await getContent('texts', 'home', 'en'), 'hero.title')).toMatchObject({
      liveValue: null,
      unpublished: true,
    });
    expect(item(await getContent('texts', 'invite', 'de'), 'invite.cta').liveValue).toBeNull();
    expect(item(await getContent('seo', 'home', 'de'), 'seo_meta_title')).toMatchObject({
      liveValue: null,
      unpublished: true,
    });

    // Nothing is waiting any more.
    expect(await publish('texts', 'home', 'de')).toBe(0);
    expect(await publish('seo', 'home', 'de')).toBe(1);
    expect(item(await getContent('seo', 'home', 'de'), 'seo_meta_title').liveValue).toBe('SEO-Titel');
    expect(item(await getContent('texts', 'home', 'en'), 'hero.title').liveValue).toBeNull();
  });

  it('shows the published text on the public page at once', async () => {
    await saveDrafts('texts', 'home', 'de', { 'hero.title': 'Alter Titel' });
    await publish('texts', 'home', 'de');
    expect((await publicTexts('home', 'de')).texts['hero.title']).toBe('Alter Titel');

    // A new draft of a published key waits for publishing (live wins over draft).
    await saveDrafts('texts', 'home', 'de', { 'hero.title': 'Neuer Titel' });
    expect((await publicTexts('home', 'de')).texts['hero.title']).toBe('Alter Titel');
    // The clock stands still: only the invalidation after publishing makes the page read afresh.
    await publish('texts', 'home', 'de');
    expect((await publicTexts('home', 'de')).texts['hero.title']).toBe('Neuer Titel');
    expect((await publicTexts('home', 'en')).texts['hero.title']).toBe(en['cms.home.hero.title']);
  });

  it('publishing a cleared draft removes the live text, and the page shows its default again', async () => {
    await saveDrafts('texts', 'invite', 'de', { 'invite.cta': 'Jetzt anfragen' });
    await publish('texts', 'invite', 'de');
    expect((await publicTexts('invite', 'de')).texts['invite.cta']).toBe('Jetzt anfragen');

    await saveDrafts('texts', 'invite', 'de', { 'invite.cta': '' });
    const cleared = item(await getContent('texts', 'invite', 'de'), 'invite.cta');
    expect(cleared).toMatchObject({ draftValue: null, liveValue: 'Jetzt anfragen', unpublished: true });
    // Until it is published, the live text stays.
    expect((await publicTexts('invite', 'de')).texts['invite.cta']).toBe('Jetzt anfragen');
    expect(await publish('texts', 'invite', 'de')).toBe(1);
    expect(item(await getContent('texts', 'invite', 'de'), 'invite.cta')).toMatchObject({
      liveValue: null,
      unpublished: false,
    });
    expect((await publicTexts('invite', 'de')).texts['invite.cta']).toBe(de['cms.invite.invite.cta']);
  });

  it('answers 404 for a page the kind does not have', async () => {
    const response = await t.app.request('/api/admin/content/texts/videos/en/publish', {
      method: 'POST',
      headers: staffHeaders(t, staff),
    });
    expect(response.status).toBe(404);
  });
});

describe('audit and access', () => {
  it('records each save and publish with the staff member, the page and the keys', async () => {
    await saveDrafts('texts', 'home', 'de', { 'hero.title': 'Titel', 'hero.subtitle': 'Unter' });
    await saveDrafts('seo', 'invite', 'en', { seo_keywords: 'mirror, journal' });
    await publish('texts', 'home', 'de');
    await publish('seo', 'invite', 'en');
    const rows = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.action, ['cms.save', 'cms.publish', 'seo.save', 'seo.publish']));
    const byAction = new Map(rows.map((row) => [row.action, row]));
    const keysOf = (action: string) => [...((byAction.get(action)?.details.keys as string[]) ?? [])].sort();
    expect(rows).toHaveLength(4);
    expect(byAction.get('cms.save')).toMatchObject({
      staffId: staff.id,
      staffEmail: staff.email,
      target: 'home:de',
      createdAt: t.clock.now(),
    });
    expect(keysOf('cms.save')).toEqual(['hero.subtitle', 'hero.title']);
    expect(byAction.get('cms.publish')).toMatchObject({ staffEmail: staff.email, target: 'home:de' });
    expect(keysOf('cms.publish')).toEqual(['hero.subtitle', 'hero.title']);
    expect(byAction.get('seo.save')).toMatchObject({ target: 'invite:en' });
    expect(keysOf('seo.save')).toEqual(['seo_keywords']);
    expect(byAction.get('seo.publish')).toMatchObject({ target: 'invite:en' });
    expect(keysOf('seo.publish')).toEqual(['seo_keywords']);
  });

  it('answers 401 without a staff session, also to a signed-in user', async () => {
    const user = await createSignedInUser(t);
    const calls = [
      { method: 'GET', path: '/api/admin/content/texts/home?locale=en' },
      { method: 'PUT', path: '/api/admin/content/texts/home/en', body: { drafts: { 'hero.title': 'x' } } },
      { method: 'POST', path: '/api/admin/content/texts/home/en/publish' },
    ];
    for (const call of calls) {
      const anonymous = await t.app.request(call.path, {
        method: call.method,
        headers: { 'content-type': 'application/json', origin: new URL(APP_URL).origin },
        body: call.body && JSON.stringify(call.body),
      });
      expect(anonymous.status, call.path).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { code: 'admin_session_missing' } });
      const asUser = await authedRequest(t, user.cookie, call.path, { method: call.method, body: call.body });
      expect(asUser.status, call.path).toBe(401);
      expect(await asUser.json()).toEqual({ error: { code: 'admin_session_missing' } });
    }
    expect(await t.database.db.select().from(cmsTexts)).toEqual([]);
  });
});

describe('the public HTML page', () => {
  it('renders stored markup escaped in the head and inert in the initial data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-client-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Mirror</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'boot-BoOt1234.js'), '(()=>{})();');
    const html = await createTestApp({ env: { APP_URL }, clientAssets: await loadClientAssets(dir) });
    try {
      const htmlStaff = await createSignedInStaff(html);
      const save = (kind: string, drafts: Record<string, string>) =>
        sendJson(html.app, {
          method: 'PUT',
          path: `/api/admin/content/${kind}/home/de`,
          body: { drafts },
          headers: staffHeaders(html, htmlStaff),
        });
      expect((await save('texts', { 'hero.title': '<script>alert("title")</script>' })).status).toBe(200);
      expect((await save('seo', { seo_meta_title: '</title><script>alert("seo")</script>' })).status).toBe(
        200,
      );
      for (const kind of ['texts', 'seo']) {
        const published = await html.app.request(`/api/admin/content/${kind}/home/de/publish`, {
          method: 'POST',
          headers: staffHeaders(html, htmlStaff),
        });
        expect(published.status).toBe(200);
      }
      const page = await (await html.app.request('/?lang=de')).text();
      expect(page).toContain(
        '<title>&lt;/title&gt;&lt;script&gt;alert(&quot;seo&quot;)&lt;/script&gt;</title>',
      );
      expect(page).toContain('\\u003cscript>alert(\\"title\\")\\u003c/script>');
      expect(page).not.toContain('<script>alert');
    } finally {
      await html.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

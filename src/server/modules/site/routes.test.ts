import de from '@shared/i18n/de.json';
import type { TPageContent } from '@shared/schemas/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsTexts } from '../../db/schema/site';
import { createTestApp, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: 'https://mirror.example.com', FRAGRANCE_SHOP_URL: 'https://shop.example.com/perfume' },
  });
});
afterAll(() => t.close());

describe('GET /api/site/pages/:page', () => {
  it('answers texts and the head of a page in the asked language', async () => {
    await t.database.db.insert(cmsTexts).values([
      { page: 'invite', textKey: 'invite.cta', locale: 'de', liveValue: 'Jetzt eintragen' },
      { page: 'invite', textKey: 'seo_meta_title', locale: 'de', draftValue: 'Einladung (Entwurf)' },
    ]);
    const response = await t.app.request('/api/site/pages/invite?locale=de');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as TPageContent;
    expect(body.locale).toBe('de');
    expect(body.page).toBe('invite');
    expect(body.texts['invite.cta']).toBe('Jetzt eintragen');
    expect(body.texts['invite.paragraph1']).toBe(de['cms.invite.invite.paragraph1']);
    expect(body.seo.title).toBe('Einladung (Entwurf)');
    expect(body.seo.canonical).toBe('https://mirror.example.com/invite?lang=de');
    expect(body.seo.jsonLd).toHaveLength(2);
  });

  it('answers pages without editable texts with no texts', async () => {
    const response = await t.app.request('/api/site/pages/videos?locale=en');
    expect(response.status).toBe(200);
    const body = (await response.json()) as TPageContent;
    expect(body.texts).toEqual({});
    expect(body.seo.canonical).toBe('https://mirror.example.com/videos');
  });

  it('answers 404 for a page that is not public and 400 for an unknown language', async () => {
    for (const page of ['dashboard', 'nope', 'toString']) {
      const response = await t.app.request(`/api/site/pages/${page}?locale=en`);
      expect(response.status, page).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found' } });
    }
    for (const query of ['?locale=fr', '']) {
      const response = await t.app.request(`/api/site/pages/invite${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation');
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/site/pages/{page}');
  });
});

describe('GET /api/site/config', () => {
  it('answers the perfume shop address the operator configured', async () => {
    const response = await t.app.request('/api/site/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      fragranceShopUrl: 'https://shop.example.com/perfume',
      inviteOnly: true,
    });
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/site/config');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt as plain text with the absolute sitemap URL', async () => {
    const response = await t.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await response.text();
    expect(body).toContain('Disallow: /admin');
    expect(body).toContain('Sitemap: https://mirror.example.com/sitemap.xml');
  });

  it('serves sitemap.xml as XML', async () => {
    const response = await t.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toContain('<loc>https://mirror.example.com/waiting-list?lang=de</loc>');
  });
});

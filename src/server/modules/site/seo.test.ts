import { buildSeo, type SeoDefaults } from '@shared/domain/seo';
import type { TPageContent } from '@shared/schemas/site';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  renderInitialData,
  renderRobotsTxt,
  renderSeoHead,
  renderSitemapXml,
  scriptJson,
} from './seo';

const APP = 'https://mirror.example.com';
const DEFAULTS: SeoDefaults = {
  title: 'Title',
  description: 'Description',
  keywords: 'k',
  siteName: 'Mirror',
  heroImageAlt: 'Hero',
  logoAlt: 'Logo',
  ogImageAlt: 'Card',
};
const HOSTILE = `</script><script>alert(1)</script>"'&<!--`;

describe('rendering the head', () => {
  it('writes title, meta, canonical, alternates, Open Graph, Twitter and JSON-LD', () => {
    const head = renderSeoHead(
      buildSeo({ page: 'invite', locale: 'de', values: {}, defaults: DEFAULTS, appUrl: APP }),
    );
    expect(head).toContain('<title>Title</title>');
    expect(head).toContain('<meta name="description" content="Description">');
    expect(head).toContain('<meta name="robots" content="index, follow">');
    expect(head).toContain(`<link rel="canonical" href="${APP}/invite?lang=de">`);
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${APP}/invite">`);
    expect(head).toContain(`<link rel="alternate" hreflang="de" href="${APP}/invite?lang=de">`);
    expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${APP}/invite">`);
    expect(head).toContain('<meta property="og:locale" content="de_DE">');
    expect(head).toContain('<meta property="og:locale:alternate" content="en_US">');
    expect(head).toContain(`<meta property="og:image" content="${APP}/og-image.png">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
  });

  it('escapes every value, in text, attributes and JSON-LD', () => {
    const head = renderSeoHead(
      buildSeo({
        page: 'home',
        locale: 'en',
        values: {
          seo_meta_title: HOSTILE,
          seo_meta_description: HOSTILE,
          seo_schema_webpage: JSON.stringify({ name: HOSTILE }),
        },
        defaults: DEFAULTS,
        appUrl: APP,
      }),
    );
    expect(head).not.toContain('<script>');
    expect(head).not.toContain('</script><');
    expect(head).not.toContain('<!--');
    expect(head).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;!--</title>',
    );
    expect(head).toContain('content="&lt;/script&gt;');
    const ldJson = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? ''),
    );
    expect(ldJson[0].name).toBe(HOSTILE);
  });

  it('embeds initial data that parses back and cannot leave its script element', () => {
    const content = {
      locale: 'en',
      page: 'home',
      texts: { 'hero.title': HOSTILE },
      seo: buildSeo({ page: 'home', locale: 'en', values: {}, defaults: DEFAULTS, appUrl: APP }),
    } satisfies TPageContent;
    const html = renderInitialData(content);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    const json = html
      .replace(/^<script type="application\/json" id="mirror-initial-data">/, '')
      .replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual(content);
  });

  it('escapes HTML and script JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(scriptJson({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });
});

describe('robots.txt', () => {
  it('opens the public pages, closes the app, the admin area and the API, and names the sitemap', () => {
    const robots = renderRobotsTxt(APP);
    const lines = robots.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/', '/invite', '/waiting-list', '/videos', '/legal', '/auth'])
      expect(lines).toContain(`Allow: ${path}`);
    for (const path of [
      '/list',
      '/admin',
      '/admin-login',
      '/dashboard',
      '/onboarding',
      '/settings',
      '/reflect',
      '/choose-lane',
      '/app',
      '/profile',
      '/testhome',
      '/gdpr-confirmation',
      '/ok',
      '/byebye',
      '/api/',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${APP}/sitemap.xml`);
    expect(robots.endsWith('\n')).toBe(true);
  });
});

describe('sitemap.xml', () => {
  it('lists every public page in both languages with their alternates', () => {
    const xml = renderSitemapXml(APP);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${APP}/`,
      `${APP}/?lang=de`,
      `${APP}/invite`,
      `${APP}/invite?lang=de`,
      `${APP}/waiting-list`,
      `${APP}/waiting-list?lang=de`,
      `${APP}/videos`,
      `${APP}/videos?lang=de`,
      `${APP}/legal`,
      `${APP}/legal?lang=de`,
      `${APP}/auth`,
      `${APP}/auth?lang=de`,
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(12);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(36);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${APP}/invite"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${APP}/invite?lang=de"/>`);
  });
});

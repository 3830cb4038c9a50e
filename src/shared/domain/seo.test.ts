import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { ROUTE_IDS, ROUTES } from '../routes';
import { CMS_PAGES, cmsFallbackKey, hasBuiltInTexts } from './cms';
import {
  buildSeo,
  isSeoPage,
  languageAlternates,
  localizedUrl,
  ROBOTS_NOINDEX,
  resolvePageLocale,
  routeDocumentTitle,
  SEO_META_KEYS,
  SEO_PAGE_IDS,
  SEO_PAGES,
  type SeoDefaults,
  seoDefaults,
  seoMetaTags,
  seoPageOfRoute,
} from './seo';

const APP = 'https://mirror.example.com';
const DEFAULTS: SeoDefaults = {
  title: 'Built-in title',
  description: 'Built-in description',
  keywords: 'a, b',
  siteName: 'Mirror',
  heroImageAlt: 'Hero',
  logoAlt: 'Logo',
  ogImageAlt: 'Card',
};

const translateIn = (messages: Record<string, string>) => (key: string, params?: Record<string, unknown>) =>
  (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

describe('SEO pages and routes', () => {
  it('maps exactly the public routes to SEO pages, with the same paths', () => {
    const mapped = ROUTE_IDS.flatMap((id) => {
      const page = seoPageOfRoute(id);
      return page ? [page] : [];
    });
    expect(mapped.sort()).toEqual([...SEO_PAGE_IDS].sort());
    for (const id of ROUTE_IDS) {
      const page = seoPageOfRoute(id);
      if (page) expect(SEO_PAGES[page]).toBe(ROUTES[id].path);
    }
    expect(seoPageOfRoute('dashboard')).toBeNull();
    expect(isSeoPage('invite')).toBe(true);
    expect(isSeoPage('toString')).toBe(false);
  });

  it('has built-in SEO and CMS texts for every page in both languages', () => {
    for (const messages of [en, de] as Record<string, string>[]) {
      for (const page of SEO_PAGE_IDS) {
        expect(messages[`seo.${page}.title`], page).toBeTruthy();
        expect(messages[`seo.${page}.description`], page).toBeTruthy();
      }
      for (const [page, keys] of Object.entries(CMS_PAGES)) {
        const cmsPage = page as keyof typeof CMS_PAGES;
        for (const key of keys) {
          // The legal notice has none: only the operator knows its texts (decision 049).
          if (hasBuiltInTexts(cmsPage)) expect(messages[cmsFallbackKey(cmsPage, key)], key).toBeTruthy();
          else expect(messages[cmsFallbackKey(cmsPage, key)], key).toBeUndefined();
        }
      }
    }
  });
});

describe('page language', () => {
  it('takes ?lang= over the cookie over English', () => {
    expect(resolvePageLocale('de', 'en')).toBe('de');
    expect(resolvePageLocale('en', 'de')).toBe('en');
    expect(resolvePageLocale(undefined, 'de')).toBe('de');
    expect(resolvePageLocale('fr', 'de')).toBe('de');
    expect(resolvePageLocale(null, 'xx')).toBe('en');
    expect(resolvePageLocale(undefined, undefined)).toBe('en');
    // Without a choice on this device: the account's language, then the browser's.
    expect(resolvePageLocale(undefined, undefined, { account: 'de', acceptLanguage: 'en' })).toBe('de');
    expect(resolvePageLocale(undefined, 'en', { account: 'de' })).toBe('en');
    expect(resolvePageLocale(undefined, undefined, { acceptLanguage: 'de-AT,de;q=0.9' })).toBe('de');
    expect(resolvePageLocale(undefined, undefined, { account: null, acceptLanguage: 'fr' })).toBe('en');
  });

  it('gives English the plain path and German ?lang=de', () => {
    expect(localizedUrl(APP, '/invite', 'en')).toBe(`${APP}/invite`);
    expect(localizedUrl(APP, '/invite', 'de')).toBe(`${APP}/invite?lang=de`);
    expect(localizedUrl(APP, '/', 'de')).toBe(`${APP}/?lang=de`);
    expect(languageAlternates(APP, '/legal')).toEqual([
      { hreflang: 'en', href: `${APP}/legal` },
      { hreflang: 'de', href: `${APP}/legal?lang=de` },
      { hreflang: 'x-default', href: `${APP}/legal` },
    ]);
  });
});

describe('buildSeo', () => {
  const build = (overrides: Partial<Parameters<typeof buildSeo>[0]> = {}) =>
    buildSeo({ page: 'invite', locale: 'en', values: {}, defaults: DEFAULTS, appUrl: APP, ...overrides });

  it('uses the built-in texts, the page URL in its language and the default image', () => {
    const seo = build({ locale: 'de' });
    expect(seo).toMatchObject({
      lang: 'de',
      title: 'Built-in title',
      description: 'Built-in description',
      keywords: 'a, b',
      robots: 'index, follow',
      canonical: `${APP}/invite?lang=de`,
      siteName: 'Mirror',
      ogTitle: 'Built-in title',
      ogDescription: 'Built-in description',
      ogImage: `${APP}/og-image.png`,
      ogImageAlt: 'Card',
      ogLocale: 'de_DE',
      ogLocaleAlternate: ['en_US'],
      twitterCard: 'summary_large_image',
      heroImageAlt: 'Hero',
      logoAlt: 'Logo',
    });
    expect(seo.alternates).toEqual(languageAlternates(APP, '/invite'));
    expect(build().canonical).toBe(`${APP}/invite`);
    expect(build().ogLocale).toBe('en_US');
  });

  it('prefers stored values and treats blank ones as missing', () => {
    const seo = build({
      values: {
        seo_meta_title: 'Stored title',
        seo_meta_description: '   ',
        seo_keywords: 'x',
        seo_robots: 'noindex',
        seo_site_name: 'Mirror Co',
        seo_og_title: 'Social title',
        seo_og_description: 'Social description',
        seo_og_image_url: '/media/card.png',
        seo_og_image_alt: 'Stored card',
        seo_hero_image_alt: 'Stored hero',
        seo_logo_alt: 'Stored logo',
      },
    });
    expect(seo).toMatchObject({
      title: 'Stored title',
      description: 'Built-in description',
      keywords: 'x',
      robots: 'noindex',
      siteName: 'Mirror Co',
      ogTitle: 'Social title',
      ogDescription: 'Social description',
      ogImage: `${APP}/media/card.png`,
      ogImageAlt: 'Stored card',
      heroImageAlt: 'Stored hero',
      logoAlt: 'Stored logo',
    });
  });

  it('takes a stored canonical URL, absolute or as a path, and ignores anything else', () => {
    expect(build({ values: { seo_canonical_url: 'https://other.example/x' } }).canonical).toBe(
      'https://other.example/x',
    );
    expect(build({ values: { seo_canonical_url: '/invite' }, locale: 'de' }).canonical).toBe(`${APP}/invite`);
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'not a url']) {
      expect(build({ values: { seo_canonical_url: bad } }).canonical, bad).toBe(`${APP}/invite`);
      expect(build({ values: { seo_og_image_url: bad } }).ogImage, bad).toBe(`${APP}/og-image.png`);
    }
  });

  it('generates WebPage and Organization JSON-LD', () => {
    const [webPage, organization] = build({ locale: 'de' }).jsonLd;
    expect(webPage).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Built-in title',
      url: `${APP}/invite?lang=de`,
      description: 'Built-in description',
      inLanguage: 'de',
    });
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Mirror',
      url: `${APP}/`,
      logo: `${APP}/favicon.svg`,
    });
  });

  it('uses stored JSON-LD objects and ignores invalid JSON, arrays and scalars', () => {
    const stored = build({
      values: {
        seo_schema_webpage: '{"@type":"AboutPage","name":"About"}',
        seo_schema_organization: '{"name":"Mirror GmbH","sameAs":["https://x.example"]}',
      },
    });
    expect(stored.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'AboutPage',
      name: 'About',
    });
    expect(stored.jsonLd[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Mirror GmbH',
      sameAs: ['https://x.example'],
    });
    for (const bad of ['{not json', '[1,2]', '"text"', 'null', '42']) {
      const seo = build({ values: { seo_schema_webpage: bad, seo_schema_organization: bad } });
      expect(seo.jsonLd, bad).toEqual(build().jsonLd);
    }
  });

  it('keeps pages that are not public out of search engines', () => {
    const seo = build({ page: null, values: { seo_meta_title: 'ignored', seo_canonical_url: '/x' } });
    expect(seo).toMatchObject({
      title: 'Built-in title',
      robots: ROBOTS_NOINDEX,
      canonical: null,
      alternates: [],
      jsonLd: [],
    });
    expect(seoMetaTags(seo).some((tag) => tag.key === 'og:url')).toBe(false);
  });

  it('keeps values as plain text; escaping is left to rendering', () => {
    const title = '</title><script>alert("x")</script>';
    expect(build({ values: { seo_meta_title: title } }).title).toBe(title);
  });

  it('always produces a complete head for any stored values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('seo_meta_title', 'seo_canonical_url', 'seo_schema_webpage'),
          fc.string(),
        ),
        fc.constantFrom('en' as const, 'de' as const),
        (values, locale) => {
          const seo = build({ values, locale });
          return seo.title.length > 0 && seo.canonical !== null && seo.jsonLd.length === 2;
        },
      ),
    );
  });
});

describe('head tags and titles', () => {
  it('lists description, robots, Open Graph and Twitter tags, each key a managed one', () => {
    const tags = seoMetaTags(
      buildSeo({ page: 'home', locale: 'en', values: {}, defaults: DEFAULTS, appUrl: APP }),
    );
    const keys = tags.map((tag) => tag.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'description',
        'keywords',
        'robots',
        'og:title',
        'og:url',
        'og:image',
        'twitter:card',
      ]),
    );
    for (const key of keys) expect(SEO_META_KEYS).toContain(key);
    expect(tags.find((tag) => tag.key === 'og:title')?.attribute).toBe('property');
    expect(tags.find((tag) => tag.key === 'twitter:card')?.attribute).toBe('name');
  });

  it('builds defaults and route titles from the translations', () => {
    const t = translateIn(de as Record<string, string>);
    expect(seoDefaults(t, 'legal').title).toBe('Impressum · Mirror');
    expect(seoDefaults(t, null).title).toBe('Mirror');
    expect(seoDefaults(t, null, 'Übersicht · Mirror').title).toBe('Übersicht · Mirror');
    expect(routeDocumentTitle(t, { id: 'home' })).toBe('Mirror');
    expect(routeDocumentTitle(t, { id: 'reflectDay', params: { day: '3' } })).toBe(
      'Reflexion Tag 3 · Mirror',
    );
    expect(routeDocumentTitle(translateIn(en), null)).toBe('Page not found · Mirror');
  });
});

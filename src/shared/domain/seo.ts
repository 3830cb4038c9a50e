import type { RouteId } from '../routes';
import {
  DEFAULT_LOCALE,
  isLocale,
  LANG_QUERY_PARAM,
  LOCALES,
  localeFromAcceptLanguage,
  type TLocale,
} from './locale';

/**
 * Search-engine metadata (spec §3 SEO keys): stored per page and locale as CMS texts with these keys.
 * Pages without a stored value use the built-in defaults `seo.<page>.title` / `seo.<page>.description`.
 */
export const SEO_KEYS = [
  'seo_meta_title',
  'seo_meta_description',
  'seo_keywords',
  'seo_canonical_url',
  'seo_robots',
  'seo_site_name',
  'seo_og_title',
  'seo_og_description',
  'seo_og_image_url',
  'seo_hero_image_alt',
  'seo_logo_alt',
  'seo_og_image_alt',
  'seo_schema_webpage',
  'seo_schema_organization',
] as const;
export type SeoKey = (typeof SEO_KEYS)[number];

/** Spec §9: counters turn red above these lengths. */
export const SEO_LIMITS: Partial<Record<SeoKey, number>> = {
  seo_meta_title: 60,
  seo_meta_description: 160,
  seo_og_title: 70,
  seo_og_description: 200,
};

/** The public pages that carry SEO metadata, with their path. Other routes are `noindex`. */
export const SEO_PAGES = {
  home: '/',
  invite: '/invite',
  'waiting-list': '/waiting-list',
  videos: '/videos',
  legal: '/legal',
  auth: '/auth',
} as const;
export type SeoPage = keyof typeof SEO_PAGES;

export const SEO_PAGE_IDS = Object.keys(SEO_PAGES) as SeoPage[];

export function isSeoPage(value: unknown): value is SeoPage {
  return typeof value === 'string' && Object.hasOwn(SEO_PAGES, value);
}

const SEO_PAGE_OF_ROUTE: Partial<Record<RouteId, SeoPage>> = {
  home: 'home',
  invite: 'invite',
  waitingList: 'waiting-list',
  videos: 'videos',
  legal: 'legal',
  auth: 'auth',
};

/** The SEO page a route shows, or null for routes that search engines should not index. */
export function seoPageOfRoute(routeId: RouteId): SeoPage | null {
  return SEO_PAGE_OF_ROUTE[routeId] ?? null;
}

/**
 * The language of an HTML page: `?lang=` (a link's, kept in the cookie from then on), then the locale cookie
 * (the person's choice on this device), then the signed-in person's account (a new device, a cleared
 * cookie), then the browser's `Accept-Language`, then English.
 */
export function resolvePageLocale(
  queryLang: string | null | undefined,
  cookie: string | null | undefined,
  fallbacks: { account?: TLocale | null; acceptLanguage?: string | null } = {},
): TLocale {
  if (isLocale(queryLang)) return queryLang;
  if (isLocale(cookie)) return cookie;
  return fallbacks.account ?? localeFromAcceptLanguage(fallbacks.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The address of a page in one language: English is the plain path, other languages add `?lang=`. */
export function localizedUrl(appUrl: string, path: string, locale: TLocale): string {
  const url = `${appUrl}${path}`;
  return locale === DEFAULT_LOCALE ? url : `${url}?${LANG_QUERY_PARAM}=${locale}`;
}

export type OgLocale = 'en_US' | 'de_DE';
export const OG_LOCALES: Record<TLocale, OgLocale> = { en: 'en_US', de: 'de_DE' };

/** The inline JSON block in which the server hands the first page's content to the client. */
export const INITIAL_DATA_ELEMENT_ID = 'mirror-initial-data';

export const OG_IMAGE_PATH = '/og-image.png';
export const ORGANIZATION_LOGO_PATH = '/favicon.svg';
const SCHEMA_ORG = 'https://schema.org';

export type SeoAlternate = { hreflang: TLocale | 'x-default'; href: string };

/** Every language version of a path, and the x-default (English) for everyone else. */
export function languageAlternates(appUrl: string, path: string): SeoAlternate[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: localizedUrl(appUrl, path, locale) })),
    { hreflang: 'x-default', href: localizedUrl(appUrl, path, DEFAULT_LOCALE) },
  ];
}

/** Everything the <head> of a page says about it. Plain text: escaping happens when rendering. */
export type SeoData = {
  lang: TLocale;
  title: string;
  description: string;
  keywords: string;
  robots: string;
  /** Absent on pages that are not indexed. */
  canonical: string | null;
  siteName: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  ogImageAlt: string;
  ogLocale: OgLocale;
  ogLocaleAlternate: OgLocale[];
  twitterCard: 'summary_large_image';
  alternates: SeoAlternate[];
  jsonLd: Record<string, unknown>[];
  /** Alt texts the pages use for their images (spec §3 seo_hero_image_alt, seo_logo_alt). */
  heroImageAlt: string;
  logoAlt: string;
};

/** The built-in texts of a page, from the translations, used where no SEO value is stored. */
export type SeoDefaults = {
  title: string;
  description: string;
  keywords: string;
  siteName: string;
  heroImageAlt: string;
  logoAlt: string;
  ogImageAlt: string;
};

export type BuildSeoInput = {
  /** null: a page that is not public (or not found); it is kept out of search engines. */
  page: SeoPage | null;
  locale: TLocale;
  values: Partial<Record<SeoKey, string>>;
  defaults: SeoDefaults;
  /** Absolute origin of the app without a trailing slash, e.g. https://mirror.example.com */
  appUrl: string;
};

export const ROBOTS_INDEX = 'index, follow';
export const ROBOTS_NOINDEX = 'noindex, nofollow';

type TranslateParams = Readonly<Record<string, string | undefined>>;
type Translate = (key: string, params?: TranslateParams) => string;

/**
 * The built-in SEO texts of a page in one language. `title` is used for pages without SEO metadata
 * (say the route's own title); without it they get the site name.
 */
export function seoDefaults(translate: Translate, page: SeoPage | null, title?: string): SeoDefaults {
  return {
    title: page ? translate(`seo.${page}.title`) : (title ?? translate('seo.siteName')),
    description: translate(`seo.${page ?? 'home'}.description`),
    keywords: translate('seo.keywords'),
    siteName: translate('seo.siteName'),
    heroImageAlt: translate('seo.heroImageAlt'),
    logoAlt: translate('seo.logoAlt'),
    ogImageAlt: translate('seo.ogImageAlt'),
  };
}

/** The document title of a route (`Dashboard · Mirror`); null stands for the not-found page. */
export function routeDocumentTitle(
  translate: Translate,
  route: { id: RouteId; params?: TranslateParams } | null,
): string {
  const appName = translate('app.name');
  if (!route) return `${translate('routes.notFound')} · ${appName}`;
  if (route.id === 'home') return appName;
  return `${translate(`routes.${route.id}`, route.params)} · ${appName}`;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** An absolute http(s) URL; a path is taken relative to the app. Anything else is ignored. */
function absoluteUrl(value: string | undefined, appUrl: string): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return `${appUrl}${value}`;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A stored JSON-LD value, when it parses to a JSON object; anything else is ignored. */
function jsonObject(value: string | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The head of a page (spec §2 "per page search-engine metadata"): stored values first, then the defaults. */
export function buildSeo({ page, locale, values, defaults, appUrl }: BuildSeoInput): SeoData {
  const ogImage = absoluteUrl(present(values.seo_og_image_url), appUrl) ?? `${appUrl}${OG_IMAGE_PATH}`;
  const common = {
    lang: locale,
    siteName: present(values.seo_site_name) ?? defaults.siteName,
    ogImage,
    ogImageAlt: present(values.seo_og_image_alt) ?? defaults.ogImageAlt,
    ogLocale: OG_LOCALES[locale],
    ogLocaleAlternate: LOCALES.filter((other) => other !== locale).map((other) => OG_LOCALES[other]),
    twitterCard: 'summary_large_image' as const,
    heroImageAlt: present(values.seo_hero_image_alt) ?? defaults.heroImageAlt,
    logoAlt: present(values.seo_logo_alt) ?? defaults.logoAlt,
  };

  if (!page) {
    return {
      ...common,
      title: defaults.title,
      description: defaults.description,
      keywords: defaults.keywords,
      robots: ROBOTS_NOINDEX,
      canonical: null,
      ogTitle: defaults.title,
      ogDescription: defaults.description,
      alternates: [],
      jsonLd: [],
    };
  }

  const path = SEO_PAGES[page];
  const canonical =
    absoluteUrl(present(values.seo_canonical_url), appUrl) ?? localizedUrl(appUrl, path, locale);
  const title = present(values.seo_meta_title) ?? defaults.title;
  const description = present(values.seo_meta_description) ?? defaults.description;
  const siteUrl = `${appUrl}/`;

  const webPage = {
    '@context': SCHEMA_ORG,
    '@type': 'WebPage',
    ...(jsonObject(values.seo_schema_webpage) ?? {
      name: title,
      url: canonical,
      description,
      inLanguage: locale,
      isPartOf: { '@type': 'WebSite', name: common.siteName, url: siteUrl },
    }),
  };
  const organization = {
    '@context': SCHEMA_ORG,
    '@type': 'Organization',
    ...(jsonObject(values.seo_schema_organization) ?? {
      name: common.siteName,
      url: siteUrl,
      logo: `${appUrl}${ORGANIZATION_LOGO_PATH}`,
    }),
  };

  return {
    ...common,
    title,
    description,
    keywords: present(values.seo_keywords) ?? defaults.keywords,
    robots: present(values.seo_robots) ?? ROBOTS_INDEX,
    canonical,
    ogTitle: present(values.seo_og_title) ?? title,
    ogDescription: present(values.seo_og_description) ?? description,
    alternates: languageAlternates(appUrl, path),
    jsonLd: [webPage, organization],
  };
}

/** A <meta> element of the head: `name="…"` or `property="…"` (Open Graph) with its content. */
export type SeoMetaTag = { attribute: 'name' | 'property'; key: string; content: string };

/** Every meta key the head may carry; the client removes those a new page does not have. */
export const SEO_META_KEYS = [
  'description',
  'keywords',
  'robots',
  'og:type',
  'og:site_name',
  'og:title',
  'og:description',
  'og:url',
  'og:image',
  'og:image:alt',
  'og:locale',
  'og:locale:alternate',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
  'twitter:image:alt',
] as const;

/** The meta elements of a page, in order; written by the server and kept in step by the client. */
export function seoMetaTags(seo: SeoData): SeoMetaTag[] {
  const name = (key: string, content: string): SeoMetaTag => ({ attribute: 'name', key, content });
  const property = (key: string, content: string): SeoMetaTag => ({ attribute: 'property', key, content });
  const tags = [
    name('description', seo.description),
    name('keywords', seo.keywords),
    name('robots', seo.robots),
    property('og:type', 'website'),
    property('og:site_name', seo.siteName),
    property('og:title', seo.ogTitle),
    property('og:description', seo.ogDescription),
    ...(seo.canonical ? [property('og:url', seo.canonical)] : []),
    property('og:image', seo.ogImage),
    property('og:image:alt', seo.ogImageAlt),
    property('og:locale', seo.ogLocale),
    ...seo.ogLocaleAlternate.map((locale) => property('og:locale:alternate', locale)),
    name('twitter:card', seo.twitterCard),
    name('twitter:title', seo.ogTitle),
    name('twitter:description', seo.ogDescription),
    name('twitter:image', seo.ogImage),
    name('twitter:image:alt', seo.ogImageAlt),
  ];
  return tags.filter((tag) => tag.content !== '');
}

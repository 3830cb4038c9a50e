import { LOCALES } from '@shared/domain/locale';
import {
  buildSeo,
  INITIAL_DATA_ELEMENT_ID,
  languageAlternates,
  localizedUrl,
  routeDocumentTitle,
  SEO_PAGE_IDS,
  SEO_PAGES,
  type SeoData,
  seoDefaults,
  seoMetaTags,
  seoPageOfRoute,
} from '@shared/domain/seo';
import { ROUTE_IDS, ROUTES } from '@shared/routes';
import type { TPageContent } from '@shared/schemas/site';
import type { PageHeadRenderer } from '../../lib/spa';
import { type PageContentSource, translate } from './service';

/** Text for HTML text and attribute values (quoted with "). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for an inline <script> data block. `<` becomes \u003c, so no value can close the element
 * (`</script>`) or open a comment (`<!--`); JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The <head> elements that describe a page: title, meta, canonical and language links, JSON-LD. */
export function renderSeoHead(seo: SeoData): string {
  const lines = [`<title>${escapeHtml(seo.title)}</title>`];
  for (const tag of seoMetaTags(seo)) {
    lines.push(`<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`);
  }
  if (seo.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(seo.canonical)}">`);
  for (const alternate of seo.alternates) {
    lines.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    );
  }
  for (const block of seo.jsonLd) {
    lines.push(`<script type="application/ld+json">${scriptJson(block)}</script>`);
  }
  return lines.join('\n    ');
}

/** The first page's data for the client, so its first render needs no API call. */
export function renderInitialData(content: TPageContent): string {
  return `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(content)}</script>`;
}

/**
 * Renders the head (and, on public pages, the initial data) of an HTML response, from the page content
 * source (CMS values, read again at least every few seconds). If the database fails, the page is still
 * served with the built-in texts; the client then asks the API.
 */
export function createPageHeadRenderer(deps: {
  pageContent: PageContentSource;
  config: { appUrl: string };
}): PageHeadRenderer {
  const { pageContent, config } = deps;
  return async ({ route, locale, logger }) => {
    const page = route ? seoPageOfRoute(route.id) : null;
    const translateIn = (key: string, params?: Readonly<Record<string, string | undefined>>) =>
      translate(locale, key, params);
    if (page) {
      try {
        const content = await pageContent.get(page, locale);
        return { head: renderSeoHead(content.seo), data: renderInitialData(content), content };
      } catch (error) {
        logger.warn({ err: error, page }, 'page texts unavailable; serving built-in texts');
      }
    }
    const title = routeDocumentTitle(translateIn, route);
    const seo = buildSeo({
      page,
      locale,
      values: {},
      defaults: seoDefaults(translateIn, page, title),
      appUrl: config.appUrl,
    });
    return { head: renderSeoHead(seo) };
  };
}

/** The first path segment of every route that is not a public page, for robots.txt. */
function privatePathPrefixes(): string[] {
  const publicPaths = new Set<string>(Object.values(SEO_PAGES));
  const prefixes = new Set<string>();
  for (const id of ROUTE_IDS) {
    const path: string = ROUTES[id].path;
    if (publicPaths.has(path)) continue;
    const first = path.split('/').find(Boolean);
    if (first) prefixes.add(`/${first}`);
  }
  return [...prefixes];
}

/** robots.txt: the public pages are open, the app, the admin area and the API are not. */
export function renderRobotsTxt(appUrl: string): string {
  const lines = [
    'User-agent: *',
    ...SEO_PAGE_IDS.map((page) => `Allow: ${SEO_PAGES[page]}`),
    ...privatePathPrefixes().map((prefix) => `Disallow: ${prefix}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * sitemap.xml: every public page in every language, each entry listing all language versions and the
 * x-default (the form search engines ask for).
 */
export function renderSitemapXml(appUrl: string): string {
  const entries: string[] = [];
  for (const page of SEO_PAGE_IDS) {
    const path = SEO_PAGES[page];
    const links = languageAlternates(appUrl, path).map(
      (link) =>
        `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(link.href)}"/>`,
    );
    for (const locale of LOCALES) {
      const loc = escapeHtml(localizedUrl(appUrl, path, locale));
      entries.push(['  <url>', `    <loc>${loc}</loc>`, ...links, '  </url>'].join('\n'));
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

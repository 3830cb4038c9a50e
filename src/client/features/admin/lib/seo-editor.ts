import type { TLocale } from '@shared/domain/locale';
import { buildSeo, SEO_LIMITS, type SeoDefaults, type SeoKey, type SeoPage } from '@shared/domain/seo';
import type { TContentItem } from '@shared/schemas/admin';
import { type ContentEdits, fieldValue } from './content-editor';

/** The SEO manager's tabs and the keys each holds, in the order they are shown. */
export const SEO_GROUPS = {
  basic: ['seo_meta_title', 'seo_meta_description', 'seo_keywords', 'seo_canonical_url', 'seo_robots'],
  social: ['seo_site_name', 'seo_og_title', 'seo_og_description'],
  images: ['seo_og_image_url', 'seo_hero_image_alt', 'seo_logo_alt', 'seo_og_image_alt'],
  technical: ['seo_schema_webpage', 'seo_schema_organization'],
} as const satisfies Record<string, readonly SeoKey[]>;
export type SeoGroup = keyof typeof SEO_GROUPS;
export const SEO_GROUP_IDS = Object.keys(SEO_GROUPS) as SeoGroup[];

export function isSeoGroup(value: unknown): value is SeoGroup {
  return typeof value === 'string' && Object.hasOwn(SEO_GROUPS, value);
}

export const SEO_JSON_KEYS = ['seo_schema_webpage', 'seo_schema_organization'] as const satisfies SeoKey[];
const MULTILINE_KEYS: readonly SeoKey[] = ['seo_meta_description', 'seo_og_description', ...SEO_JSON_KEYS];

export function isJsonKey(key: string): boolean {
  return (SEO_JSON_KEYS as readonly string[]).includes(key);
}

export function isMultilineKey(key: string): boolean {
  return (MULTILINE_KEYS as readonly string[]).includes(key);
}

export function groupOfKey(key: string): SeoGroup | undefined {
  return SEO_GROUP_IDS.find((group) => (SEO_GROUPS[group] as readonly string[]).includes(key));
}

export type CounterState = { length: number; limit: number; over: boolean };

/** Spec §9 counters: characters (not UTF-16 units) against the advised maximum; null for keys without one. */
export function seoCounter(key: string, value: string): CounterState | null {
  const limit = SEO_LIMITS[key as SeoKey];
  if (limit === undefined) return null;
  const length = [...value].length;
  return { length, limit, over: length > limit };
}

export type JsonCheck = 'ok' | 'invalid' | 'notObject';

/**
 * A structured-data field must be empty (the built-in data is used) or a JSON object: the page's head merges
 * only an object into its JSON-LD.
 */
export function checkJsonField(value: string): JsonCheck {
  if (!value.trim()) return 'ok';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'invalid';
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? 'ok' : 'notObject';
}

/** The JSON fields of a page whose current value would be refused, with the reason. */
export function jsonProblems(
  items: readonly TContentItem[],
  edits: ContentEdits,
): Partial<Record<SeoKey, Exclude<JsonCheck, 'ok'>>> {
  const problems: Partial<Record<SeoKey, Exclude<JsonCheck, 'ok'>>> = {};
  for (const item of items) {
    if (!isJsonKey(item.key)) continue;
    const check = checkJsonField(fieldValue(item, edits));
    if (check !== 'ok') problems[item.key as SeoKey] = check;
  }
  return problems;
}

/**
 * Cut a text the way a result page does: at a word boundary before `max` characters (unless that loses too
 * much), with an ellipsis.
 */
export function truncateForPreview(text: string, max: number): string {
  const value = text.trim().replace(/\s+/g, ' ');
  const chars = [...value];
  if (chars.length <= max) return value;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space >= Math.floor(max * 0.6) ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** "mirror.example.com › invite": how a result page shows an address. */
export function displayUrl(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    const parts = pathname.split('/').filter(Boolean);
    return [host, ...parts].join(' › ');
  } catch {
    return url;
  }
}

/** The image of the social card, when the preview may load it: only from this site (the CSP allows no other). */
export function previewImageSrc(imageUrl: string, appUrl: string): string | null {
  try {
    return new URL(imageUrl).origin === new URL(appUrl).origin ? imageUrl : null;
  } catch {
    return null;
  }
}

export type SeoPreview = {
  title: string;
  url: string;
  description: string;
  siteName: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  ogImageAlt: string;
};

const defaultOf = (items: readonly TContentItem[], key: SeoKey) =>
  items.find((item) => item.key === key)?.defaultValue ?? '';

/**
 * What search engines and social cards would show if the page were published now: each field's draft (as
 * edited here), else its live value, else the default, put together by the same `buildSeo` as the page head.
 */
export function seoPreview({
  page,
  locale,
  items,
  edits,
  appUrl,
}: {
  page: SeoPage;
  locale: TLocale;
  items: readonly TContentItem[];
  edits: ContentEdits;
  appUrl: string;
}): SeoPreview {
  const values: Partial<Record<SeoKey, string>> = {};
  for (const item of items) {
    const value = fieldValue(item, edits).trim() || item.liveValue?.trim();
    if (value) values[item.key as SeoKey] = value;
  }
  const defaults: SeoDefaults = {
    title: defaultOf(items, 'seo_meta_title'),
    description: defaultOf(items, 'seo_meta_description'),
    keywords: defaultOf(items, 'seo_keywords'),
    siteName: defaultOf(items, 'seo_site_name'),
    heroImageAlt: defaultOf(items, 'seo_hero_image_alt'),
    logoAlt: defaultOf(items, 'seo_logo_alt'),
    ogImageAlt: defaultOf(items, 'seo_og_image_alt'),
  };
  const seo = buildSeo({ page, locale, values, defaults, appUrl });
  return {
    title: seo.title,
    url: seo.canonical ?? appUrl,
    description: seo.description,
    siteName: seo.siteName,
    ogTitle: seo.ogTitle,
    ogDescription: seo.ogDescription,
    ogImage: seo.ogImage,
    ogImageAlt: seo.ogImageAlt,
  };
}

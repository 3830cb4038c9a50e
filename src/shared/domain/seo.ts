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
} as const;
export type SeoPage = keyof typeof SEO_PAGES;

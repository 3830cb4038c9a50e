import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { SEO_PAGE_IDS, type SeoPage } from '../domain/seo';

export const ZLocale = z.enum(LOCALES);

export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealth = z.infer<typeof ZHealth>;

export const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable', 'shutting_down']),
  /** Absent while shutting down: nothing is checked then. */
  checks: z
    .object({
      database: z.enum(['ok', 'failed']),
      migrations: z.enum(['ok', 'pending', 'unknown']),
      storage: z.enum(['ok', 'failed']),
    })
    .optional(),
});
export type TReadiness = z.infer<typeof ZReadiness>;

export const ZSetLocale = z.object({ locale: ZLocale });
export type TSetLocale = z.infer<typeof ZSetLocale>;

export const ZSeoPage = z.enum(SEO_PAGE_IDS as [SeoPage, ...SeoPage[]]);

const ZOgLocale = z.enum(['en_US', 'de_DE']);

/** The head of a page, as `buildSeo` (src/shared/domain/seo.ts) makes it. */
export const ZSeoData = z.object({
  lang: ZLocale,
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  robots: z.string(),
  canonical: z.string().nullable(),
  siteName: z.string(),
  ogTitle: z.string(),
  ogDescription: z.string(),
  ogImage: z.string(),
  ogImageAlt: z.string(),
  ogLocale: ZOgLocale,
  ogLocaleAlternate: z.array(ZOgLocale),
  twitterCard: z.literal('summary_large_image'),
  alternates: z.array(z.object({ hreflang: z.enum([...LOCALES, 'x-default']), href: z.string() })),
  jsonLd: z.array(z.record(z.string(), z.unknown())).describe('schema.org WebPage and Organization'),
  heroImageAlt: z.string(),
  logoAlt: z.string(),
});
export type TSeoData = z.infer<typeof ZSeoData>;

export const ZPageContentParams = z.object({
  page: z.string().describe('One of the public pages: home, invite, waiting-list, videos, legal'),
});
export const ZPageContentQuery = z.object({ locale: ZLocale });

/**
 * What a public page needs from the server: its editable texts (live, else draft, else built-in; `{}` for
 * pages without CMS keys) and its head. The server also embeds this in the HTML as `#mirror-initial-data`.
 */
export const ZPageContent = z.object({
  locale: ZLocale,
  page: ZSeoPage,
  texts: z.record(z.string(), z.string()),
  seo: ZSeoData,
});
export type TPageContent = z.infer<typeof ZPageContent>;

/** Public settings the operator chose (environment variables) that pages need in the browser. */
export const ZSiteConfig = z.object({
  fragranceShopUrl: z.url().describe('FRAGRANCE_SHOP_URL: the perfume shop the test home links to'),
  inviteOnly: z.boolean().describe('INVITE_ONLY: sign-up needs an invitation'),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

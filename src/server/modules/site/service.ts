import { CMS_PAGES, type CmsPage, cmsFallbackKey, effectiveCmsValue, isCmsPage } from '@shared/domain/cms';
import { DEFAULT_LOCALE, type TLocale } from '@shared/domain/locale';
import { buildSeo, SEO_KEYS, type SeoKey, type SeoPage, seoDefaults } from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import type { TPageContent } from '@shared/schemas/site';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { cmsTexts } from '../../db/schema/site';
import type { Clock } from '../../lib/clock';

const MESSAGES: Record<TLocale, Readonly<Record<string, string>>> = { en, de };

/** All translations of a language, as the client has them (for server rendering). */
export function messagesFor(locale: TLocale): Readonly<Record<string, string>> {
  return MESSAGES[locale];
}

/**
 * A built-in translation on the server, with `{{name}}` placeholders filled in. Falls back to English, then
 * to the key itself, as i18next does in the browser.
 */
export function translate(
  locale: TLocale,
  key: string,
  params?: Readonly<Record<string, string | undefined>>,
): string {
  const text = MESSAGES[locale][key] ?? MESSAGES[DEFAULT_LOCALE][key] ?? key;
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}

type CmsRow = { textKey: string; liveValue: string | null; draftValue: string | null };

async function readPageRows(db: DbExecutor, page: string, locale: TLocale): Promise<Map<string, CmsRow>> {
  const rows = await db
    .select({ textKey: cmsTexts.textKey, liveValue: cmsTexts.liveValue, draftValue: cmsTexts.draftValue })
    .from(cmsTexts)
    .where(and(eq(cmsTexts.page, page), eq(cmsTexts.locale, locale)));
  return new Map(rows.map((row) => [row.textKey, row]));
}

function textsFrom(rows: Map<string, CmsRow>, page: CmsPage, locale: TLocale): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of CMS_PAGES[page]) {
    texts[key] = effectiveCmsValue(rows.get(key)) ?? translate(locale, cmsFallbackKey(page, key));
  }
  return texts;
}

function seoValuesFrom(rows: Map<string, CmsRow>): Partial<Record<SeoKey, string>> {
  const values: Partial<Record<SeoKey, string>> = {};
  for (const key of SEO_KEYS) {
    const value = effectiveCmsValue(rows.get(key));
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** Spec §3: every editable text of a page, live, else draft, else the built-in translation. */
export async function getPageTexts(
  db: DbExecutor,
  page: CmsPage,
  locale: TLocale,
): Promise<Record<string, string>> {
  return textsFrom(await readPageRows(db, page, locale), page, locale);
}

/** The stored SEO values of a page (live, else draft); keys without a value are left out. */
export async function getSeoValues(
  db: DbExecutor,
  page: SeoPage,
  locale: TLocale,
): Promise<Partial<Record<SeoKey, string>>> {
  return seoValuesFrom(await readPageRows(db, page, locale));
}

/** Texts and head of a public page, from one query: what the API answers and the HTML embeds. */
export async function getPageContent(
  db: DbExecutor,
  input: { page: SeoPage; locale: TLocale; appUrl: string },
): Promise<TPageContent> {
  const { page, locale, appUrl } = input;
  const rows = await readPageRows(db, page, locale);
  return {
    locale,
    page,
    texts: isCmsPage(page) ? textsFrom(rows, page, locale) : {},
    seo: buildSeo({
      page,
      locale,
      values: seoValuesFrom(rows),
      defaults: seoDefaults((key) => translate(locale, key), page),
      appUrl,
    }),
  };
}

export type PageContentSource = {
  get(page: SeoPage, locale: TLocale): Promise<TPageContent>;
  /** Forgets what was read, so the next request reads afresh: call after changing CMS texts. */
  invalidate(): void;
};

/** How long one process serves a page's texts before reading them again. */
export const PAGE_CONTENT_TTL_MS = 2000;

/**
 * Page content for every page view, read from the database at most once per page, language and
 * PAGE_CONTENT_TTL_MS in each process (without it, serving a page costs a database read each time). A change
 * made through this process shows at once (`invalidate`); other app processes show it within the TTL.
 */
export function createPageContentSource(deps: {
  db: DbExecutor;
  clock: Clock;
  appUrl: string;
  ttlMs?: number;
}): PageContentSource {
  const ttlMs = deps.ttlMs ?? PAGE_CONTENT_TTL_MS;
  const cache = new Map<string, { readAt: number; content: Promise<TPageContent> }>();
  return {
    get(page, locale) {
      const key = `${page}:${locale}`;
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && now - hit.readAt < ttlMs) return hit.content;
      const content = getPageContent(deps.db, { page, locale, appUrl: deps.appUrl });
      cache.set(key, { readAt: now, content });
      content.catch(() => cache.delete(key));
      return content;
    },
    invalidate: () => cache.clear(),
  };
}

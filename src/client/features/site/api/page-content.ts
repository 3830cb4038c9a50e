import { apiRequest } from '@client/lib/api-client';
import { readEmbeddedJson } from '@client/lib/embedded-json';
import { applySeo } from '@client/lib/head';
import { type CmsPage, type CmsTextKey, cmsFallbackKey, hasBuiltInTexts } from '@shared/domain/cms';
import { type TLocale, toLocale } from '@shared/domain/locale';
import {
  buildSeo,
  INITIAL_DATA_ELEMENT_ID,
  type SeoData,
  type SeoPage,
  seoDefaults,
} from '@shared/domain/seo';
import type en from '@shared/i18n/en.json';
import type { TPageContent } from '@shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type MessageKey = keyof typeof en;
type Translate = (key: string, params?: Readonly<Record<string, string | undefined>>) => string;

/** The page content the server embedded in the HTML, read once when the app starts. */
function readInitialContent(): TPageContent | null {
  const parsed = readEmbeddedJson(INITIAL_DATA_ELEMENT_ID);
  return parsed && typeof parsed === 'object' && 'page' in parsed && 'locale' in parsed
    ? (parsed as TPageContent)
    : null;
}
const initialContent = readInitialContent();
const startedAt = Date.now();

export function pageContentQueryOptions(page: SeoPage, locale: TLocale) {
  return queryOptions({
    queryKey: ['page-content', page, locale] as const,
    queryFn: ({ signal }) =>
      apiRequest<TPageContent>(`/site/pages/${encodeURIComponent(page)}?locale=${locale}`, { signal }),
    // The server's copy for the page it rendered: no request and no flash of built-in text on first load.
    initialData: () =>
      initialContent?.page === page && initialContent.locale === locale ? initialContent : undefined,
    initialDataUpdatedAt: startedAt,
  });
}

/** Translation with keys made at run time (`cms.<page>.<key>`, `seo.<page>.title`); tests keep them in step. */
function useLocaleTranslate(): { locale: TLocale; translate: Translate } {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is bound to the language, which locale names
  const translate = useCallback<Translate>((key, params) => t(key as MessageKey, params), [t, locale]);
  return { locale, translate };
}

/** The head a page has before (or without) its stored values: built-in texts, the right URLs. */
function useBuiltInSeo(page: SeoPage | null, title: string | undefined): SeoData {
  const { locale, translate } = useLocaleTranslate();
  return useMemo(
    () =>
      buildSeo({
        page,
        locale,
        values: {},
        defaults: seoDefaults(translate, page, title),
        // Only a fallback while the server's data loads; the server render always has that data.
        appUrl: typeof window === 'undefined' ? '' : window.location.origin,
      }),
    [page, locale, translate, title],
  );
}

type PageTextKey<P extends SeoPage> = P extends CmsPage ? CmsTextKey<P> : never;

export type PageContent<P extends SeoPage> = {
  /**
   * The editable text: live, else draft, else built-in; the built-in one while loading or on error. Empty
   * on a page without built-in texts (the legal notice) until staff have written it.
   */
  text: (key: PageTextKey<P>) => string;
  /** The page's head; built-in values until the server's answer is there. */
  seo: SeoData;
  isLoading: boolean;
};

/** Texts and SEO data of a public page in the current language; refetches when the language changes. */
export function usePageContent<P extends SeoPage>(page: P): PageContent<P> {
  const { locale, translate } = useLocaleTranslate();
  const query = useQuery(pageContentQueryOptions(page, locale));
  const builtInSeo = useBuiltInSeo(page, undefined);
  const texts = query.data?.texts;
  const text = useCallback(
    (key: PageTextKey<P>) =>
      texts?.[key] ||
      (hasBuiltInTexts(page as CmsPage) ? translate(cmsFallbackKey(page as CmsPage, key)) : ''),
    [texts, translate, page],
  );
  return { text, seo: query.data?.seo ?? builtInSeo, isLoading: query.isLoading };
}

/**
 * Writes a page's head into the document (title, meta, canonical, hreflang, Open Graph, JSON-LD). Public
 * pages use the server's SeoData; other pages (page null) get `title` and `noindex`. The shell calls this
 * for the current route; pages need not.
 */
export function usePageSeo(page: SeoPage | null, options: { title?: string } = {}): void {
  const { locale } = useLocaleTranslate();
  const query = useQuery({ ...pageContentQueryOptions(page ?? 'home', locale), enabled: page !== null });
  const builtInSeo = useBuiltInSeo(page, options.title);
  const seo = page !== null && query.data ? query.data.seo : builtInSeo;
  useEffect(() => applySeo(seo), [seo]);
}

/** Languages of the product (spec §1, §9). Plain values: the browser bundle must not pull in zod. */
export const LOCALES = ['en', 'de'] as const;
export type TLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: TLocale = 'en';
export const LOCALE_COOKIE = 'locale';
/** The query parameter that picks the language of a page: `?lang=de` (English needs none). */
export const LANG_QUERY_PARAM = 'lang';
/** Spec §9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a stored value stands for, falling back to the default for anything unknown. */
export function toLocale(value: unknown): TLocale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

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

/**
 * The first of our languages the browser asks for in `Accept-Language` (RFC 9110 §12.5.4), by weight and
 * then by order: `de-CH,de;q=0.9,en;q=0.8` is German, `fr,en;q=0.5` English, `fr` none. A range's weight
 * of 0 refuses it; `*` stands for any language not named, so it picks the first one not refused.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): TLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 50)
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const weight = params
        .map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1])
        .find(Boolean);
      return { tag: range.trim().toLowerCase(), q: weight === undefined ? 1 : Number(weight), order };
    })
    .filter((range) => range.tag !== '');
  const refused = new Set(ranges.filter((range) => range.q === 0).map((range) => range.tag.split('-')[0]));
  const wanted = ranges.filter((range) => range.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of wanted) {
    if (tag === '*') return LOCALES.find((locale) => !refused.has(locale)) ?? null;
    const primary = tag.split('-')[0];
    if (isLocale(primary) && !refused.has(tag)) return primary;
  }
  return null;
}

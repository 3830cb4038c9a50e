import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  localeFromAcceptLanguage,
  toLocale,
} from './locale';

describe('locale', () => {
  it('knows English and German, and defaults to English', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('de')).toBe(true);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(toLocale('de')).toBe('de');
    expect(toLocale('DE')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });

  it('maps any value to a supported locale', () => {
    fc.assert(fc.property(fc.anything(), (value) => ['en', 'de'].includes(toLocale(value))));
  });

  it('keeps the cookie for 365 days', () => {
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it('reads the browser’s languages by weight, then by order, and ignores the ones we do not have', () => {
    expect(localeFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4')).toBe('de');
    expect(localeFromAcceptLanguage('en;q=0.3, DE;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('en-GB')).toBe('en');
    expect(localeFromAcceptLanguage('fr')).toBeNull();
    expect(localeFromAcceptLanguage('de;q=0, *')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0,*;q=0.1')).toBe('de');
    expect(localeFromAcceptLanguage('de;q=0')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it('answers any header with one of ours or none, never a throw', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const locale = localeFromAcceptLanguage(header);
        return locale === null || isLocale(locale);
      }),
    );
  });
});

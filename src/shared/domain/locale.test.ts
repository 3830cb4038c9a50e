import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_MAX_AGE_SECONDS, toLocale } from './locale';

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
});

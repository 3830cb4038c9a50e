import type { TLocale } from '@shared/domain/locale';
import { buildSeo, type SeoPage, seoDefaults } from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import dePublic from '@shared/i18n/de.public.json';
import deRest from '@shared/i18n/de.rest.json';
import en from '@shared/i18n/en.json';
import enPublic from '@shared/i18n/en.public.json';
import enRest from '@shared/i18n/en.rest.json';
import type { TPageContent } from '@shared/schemas/site';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { messagesOfTier } from './message-tiers';

const ALL: Record<TLocale, Record<string, string>> = { en, de };
const PUBLIC: Record<TLocale, Record<string, string>> = { en: enPublic, de: dePublic };

function content(page: SeoPage, locale: TLocale): TPageContent {
  const translate = (key: string) => ALL[locale][key] ?? key;
  const seo = buildSeo({
    page,
    locale,
    values: {},
    defaults: seoDefaults(translate, page),
    appUrl: 'https://mirror.test',
  });
  return { page, locale, texts: {}, seo };
}

async function html(
  path: string,
  page: SeoPage,
  locale: TLocale,
  messages: Record<string, string>,
  revealed: boolean,
) {
  const output = await render({
    url: `https://mirror.test${path}`,
    locale,
    messages,
    pageContent: content(page, locale),
    revealed,
    homeClear: false,
    signedOut: true,
  });
  if (!output) throw new Error(`no output for ${path}`);
  return output.html;
}

describe('the two translation chunks per language', () => {
  it('split every key into exactly one of them, as the build does', () => {
    for (const [locale, messages] of Object.entries(ALL)) {
      const publicMessages = messagesOfTier(messages, 'public');
      const rest = messagesOfTier(messages, 'rest');
      expect(Object.keys(publicMessages).length + Object.keys(rest).length, locale).toBe(
        Object.keys(messages).length,
      );
      expect({ ...publicMessages, ...rest }).toEqual(messages);
    }
    expect(enPublic).toEqual(messagesOfTier(en, 'public'));
    expect(enRest).toEqual(messagesOfTier(en, 'rest'));
    expect(deRest).toEqual(messagesOfTier(de, 'rest'));
  });

  it('keep the public chunk small: the staff and signed-in texts are not in it', () => {
    const size = (messages: Record<string, string>) => JSON.stringify(messages).length;
    expect(size(enPublic)).toBeLessThan(size(en) * 0.4);
    expect(Object.keys(enPublic).some((key) => key.startsWith('admin.'))).toBe(false);
    expect(enPublic['errors.second_factor_locked']).toBeUndefined();
    expect(enPublic['errors.invalid_credentials']).toBeDefined();
  });

  // The browser hydrates a public page with the public chunk only: its markup must be the server's, which
  // renders with every text. A key a public page uses but the public chunk lacks shows up here as a raw key.
  it.each([
    ['/', 'home'],
    ['/invite', 'invite'],
    ['/waiting-list', 'waiting-list'],
    ['/videos', 'videos'],
    ['/legal', 'legal'],
    ['/auth', 'auth'],
    ['/auth?mode=sign-in', 'auth'],
  ] as const)(
    'render %s the same with the public chunk as with every text',
    async (path, page) => {
      for (const locale of ['en', 'de'] as const) {
        for (const revealed of [false, true]) {
          const full = await html(path, page, locale, ALL[locale], revealed);
          expect(await html(path, page, locale, PUBLIC[locale], revealed), `${path} ${locale}`).toBe(full);
        }
      }
    },
    30_000,
  );
});

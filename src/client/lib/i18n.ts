import { DEFAULT_LOCALE, type TLocale, toLocale } from '@shared/domain/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, string>;

// One chunk per language; the server preloads the chunk of the language it put into <html lang>.
const loaders: Record<TLocale, () => Promise<{ default: Messages }>> = {
  en: () => import('@shared/i18n/en.json'),
  de: () => import('@shared/i18n/de.json'),
};

async function ensureLoaded(locale: TLocale) {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const { default: messages } = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', messages);
}

/** The language the server chose from the locale cookie and wrote into <html lang>. */
export function initialLocale(): TLocale {
  return toLocale(document.documentElement.lang);
}

/** The options of every i18next instance: the browser's and each server render's. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['en', 'de'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} as const;

export async function initI18n(locale: TLocale) {
  await i18next.use(initReactI18next).init({ ...I18N_OPTIONS, lng: locale, resources: {} });
  await ensureLoaded(locale);
  if (locale !== DEFAULT_LOCALE) void ensureLoaded(DEFAULT_LOCALE);
}

export async function changeLocale(locale: TLocale) {
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

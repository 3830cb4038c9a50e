import { DEFAULT_LOCALE, type TLocale, toLocale } from '@shared/domain/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MessageTier } from './message-tiers';

type Messages = Record<string, string>;
type Loader = () => Promise<{ default: Messages }>;

// Two chunks per language (lib/message-tiers.ts, built by vite.config.ts): the public texts, which the server
// preloads for the language it put into <html lang>, and the rest, loaded with the first page that needs them.
const loaders: Record<TLocale, Record<MessageTier, Loader>> = {
  en: {
    public: () => import('@shared/i18n/en.public.json'),
    rest: () => import('@shared/i18n/en.rest.json'),
  },
  de: {
    public: () => import('@shared/i18n/de.public.json'),
    rest: () => import('@shared/i18n/de.rest.json'),
  },
};

/** The tiers every language in use needs: the public texts, and the rest once a page asked for them. */
const wanted = new Set<MessageTier>(['public']);
const loading = new Map<string, Promise<void>>();

function loadTier(locale: TLocale, tier: MessageTier): Promise<void> {
  const key = `${locale}/${tier}`;
  let done = loading.get(key);
  if (!done) {
    done = loaders[locale][tier]().then(({ default: messages }) => {
      i18next.addResourceBundle(locale, 'translation', messages, true, true);
    });
    // A failed download (say, offline) may be tried again by the next page.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

async function ensureLoaded(locale: TLocale) {
  await Promise.all([...wanted].map((tier) => loadTier(locale, tier)));
}

/**
 * Loads the texts beyond the public pages' (the signed-in app, the staff area) in the language shown, before
 * a page that needs them renders (app/router.tsx).
 */
export async function loadAllMessages() {
  wanted.add('rest');
  await loadTier(toLocale(i18next.language), 'rest');
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
  // English, the fallback language, is not fetched beside German: both have the same keys
  // (src/shared/i18n/messages.test.ts), so a German page would download it for nothing.
  await ensureLoaded(locale);
}

export async function changeLocale(locale: TLocale) {
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

import { apiRequest, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { changeLocale } from '@client/lib/i18n';
import { toast } from '@client/lib/toast';
import { LOCALES, type TLocale, toLocale } from '@shared/domain/locale';
import type { TSetLocale } from '@shared/schemas/site';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * English/German switch. The choice applies at once and is kept in the locale cookie by the server. On a
 * landing opened from the server, landing.ts runs these buttons (`data-locale`, decision 059).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = toLocale(i18n.language);
  const [searchParams, setSearchParams] = useSearchParams();

  const choose = async (locale: TLocale) => {
    if (locale === current) return;
    await changeLocale(locale);
    // A ?lang= link (hreflang) chose the language of the first page; from now on the cookie does.
    if (searchParams.has('lang')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lang');
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
    try {
      await apiRequest('/locale', { method: 'PUT', body: { locale } satisfies TSetLocale });
    } catch (error) {
      // i18n.t, not t: the message belongs in the language just chosen.
      toast.error(i18n.t('toast.languageSaveFailed'), { description: i18n.t(errorMessageKey(error)) });
    }
  };

  return (
    <fieldset
      // What landing.ts says when saving the choice failed there (decision 059), in the page's language.
      data-save-failed={t('language.saveFailedThisPage')}
      className={cn(
        'inline-flex rounded-full border border-border bg-surface-raised/80 p-0.5 backdrop-blur',
        className,
      )}
    >
      <legend className="sr-only">{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          data-locale={locale}
          lang={locale}
          aria-pressed={locale === current}
          aria-label={`${locale.toUpperCase()}, ${t(`language.${locale}`)}`}
          onClick={() => void choose(locale)}
          className={cn(
            'min-w-11 rounded-full px-3 py-1.5 text-xs font-semibold tracking-wide transition',
            locale === current ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:text-fg',
          )}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}

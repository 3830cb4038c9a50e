import { cn } from '@client/lib/cn';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The language of an e-mail to send: a labelled group of radio buttons (arrow keys move between them). */
export function LanguageRadioGroup({
  value,
  onChange,
  className,
}: {
  value: TLocale;
  onChange: (locale: TLocale) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium">{t('admin.editor.languageLabel')}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {LOCALES.map((locale) => (
          <label
            key={locale}
            className={cn(
              'inline-flex h-12 cursor-pointer items-center gap-2 rounded-xl border border-border px-4 transition',
              'has-[:checked]:border-accent has-[:checked]:bg-accent-soft',
            )}
          >
            <input
              type="radio"
              name={name}
              value={locale}
              checked={value === locale}
              onChange={() => onChange(locale)}
              className="size-4 accent-[var(--accent)]"
            />
            {t(`admin.editor.language.${locale}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

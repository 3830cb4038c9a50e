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
          <LanguageOption
            key={locale}
            locale={locale}
            type="radio"
            name={name}
            checked={value === locale}
            onChange={() => onChange(locale)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** One language as a large tappable choice: a radio button (one language) or a checkbox (several). */
export function LanguageOption({
  locale,
  type,
  name,
  checked,
  onChange,
}: {
  locale: TLocale;
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <label
      className={cn(
        'inline-flex h-12 cursor-pointer items-center gap-2 rounded-xl border border-border px-4 transition',
        'has-[:checked]:border-accent has-[:checked]:bg-accent-soft',
      )}
    >
      <input
        type={type}
        name={name}
        value={locale}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-[var(--accent)]"
      />
      {t(`admin.editor.language.${locale}`)}
    </label>
  );
}

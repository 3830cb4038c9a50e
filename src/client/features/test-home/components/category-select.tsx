import { cn } from '@client/lib/cn';
import { ALL, CATEGORIES, type CategoryChoice, categorySlug } from '@shared/domain/bubbles';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The test home's category dropdown (spec §2, top right): All and the ten categories. A native select, so
 * phones show their own picker and every screen reader knows it.
 */
export function CategorySelect({
  value,
  onChange,
  className,
}: {
  value: CategoryChoice;
  onChange: (choice: CategoryChoice) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('bubbles.profile.categoryLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as CategoryChoice)}
        className="h-9 max-w-36 appearance-none truncate rounded-full border border-border bg-surface-raised/80 py-1 pr-8 pl-3 sm:max-w-none sm:pr-9 sm:pl-4 text-sm font-medium text-fg backdrop-blur transition hover:bg-surface-raised"
      >
        <option value={ALL}>{t('bubbles.profile.all')}</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`bubbles.category.${categorySlug(category) as Lowercase<typeof category>}`)}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 sm:right-3 -translate-y-1/2 text-fg-muted"
        aria-hidden="true"
      />
    </div>
  );
}

import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import type { Bubble } from '@shared/domain/bubbles';
import {
  ALL,
  CATEGORIES,
  type Category,
  type CategoryChoice,
  categoryFromQuery,
} from '@shared/domain/bubbles';
import { href } from '@shared/routes';
import { ChevronDown, MessageCircleQuestion, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryName, categorySummary, profileSummary } from '../lib/bubble-text';

/**
 * The "My Profile" card (spec §2 Profile): the category choice (All and the ten), the heading with the
 * summary of the person's own answers in the category (issue 14: computed, or "nothing yet"), or the
 * All-mode explanation with the summary across categories, and "answer a question", which All cannot do.
 */
export function ProfilePanel({
  category,
  onCategoryChange,
  onAnswer,
  own,
  syncFailed,
  onRetrySync,
}: {
  category: CategoryChoice;
  onCategoryChange: (category: CategoryChoice) => void;
  /** Called before going to the questionnaire (to remember the count for the highlight). */
  onAnswer: (category: Category) => void;
  /** The person's own bubbles: in the category shown, or all of them in All mode. */
  own: readonly Bubble[];
  syncFailed: boolean;
  onRetrySync: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = { select: useId(), heading: useId(), note: useId() };
  const all = category === ALL;

  return (
    <Card asChild className="p-6 sm:p-8 md:max-lg:p-6">
      <aside aria-labelledby={ids.heading}>
        <h1 id={ids.heading} className="font-display text-3xl font-semibold sm:text-4xl md:max-lg:text-3xl">
          {t('bubbles.profile.title')}
        </h1>

        <label htmlFor={ids.select} className="mt-6 block text-sm font-medium">
          {t('bubbles.profile.categoryLabel')}
        </label>
        <div className="relative mt-2">
          <select
            id={ids.select}
            value={category}
            onChange={(event) => onCategoryChange(categoryFromQuery(event.target.value, true))}
            className="block h-12 w-full appearance-none rounded-xl border border-border bg-surface-raised pr-11 pl-4 text-base text-fg transition hover:border-fg-muted/50"
          >
            <option value={ALL}>{t('bubbles.profile.all')}</option>
            {CATEGORIES.map((item) => (
              <option key={item} value={item}>
                {categoryName(t, item)}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-fg-muted"
          />
        </div>

        <h2 className="mt-8 font-display text-xl font-semibold text-balance break-words hyphens-auto sm:text-2xl md:max-lg:text-xl">
          {all ? t('bubbles.profile.allHeading') : t('bubbles.profile.summaryHeading')}
        </h2>
        <p className="mt-3 leading-relaxed text-fg-muted">
          {all ? t('bubbles.profile.allText') : categorySummary(t, { locale: i18n.language, category, own })}
        </p>
        {all && <p className="mt-3 leading-relaxed text-fg-muted">{profileSummary(t, own)}</p>}

        <div className="mt-8">
          {all ? (
            <Button
              disabled
              aria-describedby={ids.note}
              className="h-auto min-h-11 w-full py-2.5 text-center leading-snug sm:w-auto"
            >
              <MessageCircleQuestion className="size-5" aria-hidden="true" />
              {t('bubbles.profile.answer')}
            </Button>
          ) : (
            <Button asChild className="h-auto min-h-11 w-full py-2.5 text-center leading-snug sm:w-auto">
              <Link
                to={href('app', { category })}
                aria-describedby={ids.note}
                onClick={() => onAnswer(category)}
              >
                <MessageCircleQuestion className="size-5" aria-hidden="true" />
                {t('bubbles.profile.answer')}
              </Link>
            </Button>
          )}
          <p id={ids.note} className="mt-2 text-sm text-fg-muted">
            {t('bubbles.profile.answerNote')}
            {all && <span className="mt-1 block">{t('bubbles.profile.answerDisabled')}</span>}
          </p>
        </div>

        {syncFailed && (
          <div role="status" className="mt-6 rounded-2xl bg-surface-sunken p-4 text-sm text-fg-muted">
            <p>{t('bubbles.profile.syncFailed')}</p>
            <Button variant="ghost" size="sm" className="mt-2 -ml-3" onClick={onRetrySync}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('bubbles.profile.syncRetry')}
            </Button>
          </div>
        )}
      </aside>
    </Card>
  );
}

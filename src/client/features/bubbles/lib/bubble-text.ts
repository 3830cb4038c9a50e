/** The words a bubble is shown with, in the reader's language. */

import { summarizeCategory, summarizeProfile } from '@shared/domain/bubble-summary';
import { type Bubble, type Category, categorySlug, isWhenOption, WHO_OPTIONS } from '@shared/domain/bubbles';
import type en from '@shared/i18n/en.json';
import type { TFunction } from 'i18next';

type TranslationKey = keyof typeof en;
type Slug = Lowercase<Category>;
type WhoKey = Extract<TranslationKey, `bubbles.who.${string}`>;

const WHO_IDS: ReadonlySet<string> = new Set(Object.values(WHO_OPTIONS).flat());

function slugOf(category: Category): Slug {
  return categorySlug(category) as Slug;
}

/** "Trust" / "Vertrauen". */
export function categoryName(t: TFunction, category: Category): string {
  return t(`bubbles.category.${slugOf(category)}`);
}

/** "trust" / "vertrauen" (the test home shows categories in lowercase). */
export function categoryNameLower(t: TFunction, category: Category): string {
  return t(`bubbles.categoryLower.${slugOf(category)}`);
}

/** The category's who question without its question mark, as the overlay's label ("Who did you trust"). */
export function whoQuestion(t: TFunction, category: Category): string {
  return t(`bubbles.whoQuestion.${slugOf(category)}`);
}

export function nameQuestion(t: TFunction, category: Category): string {
  return t(`bubbles.nameQuestion.${slugOf(category)}`);
}

/** The questionnaire's invitation to think of a moment of this category. */
export function categoryPrompt(t: TFunction, category: Category): string {
  return t(`bubbles.prompt.${slugOf(category)}`);
}

/**
 * The summary of a category from the person's own bubbles in it (issue 14): how many, who they are about,
 * the names given and how much they matter; or that there is nothing yet.
 */
export function categorySummary(
  t: TFunction,
  input: { locale: string; category: Category; own: readonly Bubble[] },
): string {
  const name = categoryName(t, input.category);
  const summary = summarizeCategory(input.own);
  if (!summary) return t('bubbles.summary.none', { category: name });
  const list = (items: readonly string[]) =>
    new Intl.ListFormat(input.locale, { type: 'conjunction' }).format(items);
  const sentences = [t('bubbles.summary.count', { count: summary.count, category: name })];
  if (summary.who.length > 0) {
    sentences.push(t('bubbles.summary.who', { who: list(summary.who.map((id) => whoOptionText(t, id))) }));
  }
  if (summary.names.length > 0) sentences.push(t('bubbles.summary.names', { names: list(summary.names) }));
  sentences.push(
    summary.count === 1
      ? t('bubbles.summary.importanceOne', { value: summary.top.importance })
      : t('bubbles.summary.importance', {
          average: new Intl.NumberFormat(input.locale).format(summary.averageImportance),
          top: summary.top.name,
          value: summary.top.importance,
        }),
  );
  return sentences.join(' ');
}

/** All mode: how many moments across the profile, in how many categories, most of them where. */
export function profileSummary(t: TFunction, own: readonly Bubble[]): string {
  const summary = summarizeProfile(own);
  if (!summary.top) return t('bubbles.summary.allNone');
  const top = categoryName(t, summary.top);
  if (summary.categories === 1) return t('bubbles.summary.allOneCategory', { count: summary.count, top });
  return t('bubbles.summary.allMany', { count: summary.count, categories: summary.categories, top });
}

/** One answer of a who question; an id this version does not know is shown as it is. */
export function whoOptionText(t: TFunction, id: string): string {
  return WHO_IDS.has(id) ? t(`bubbles.who.${id}` as WhoKey) : id;
}

export function whoText(t: TFunction, ids: readonly string[]): string {
  return ids.map((id) => whoOptionText(t, id)).join(', ');
}

/** A when option in words, or the free text of a mock bubble ("2024"). */
export function whenText(t: TFunction, when: string): string {
  return isWhenOption(when) ? t(`bubbles.when.${when}`) : when;
}

/** The category's name for inside a bubble: with soft hyphens, so a small bubble breaks it between syllables. */
export function categoryCaption(t: TFunction, category: Category): string {
  return t(`bubbles.categoryCaption.${slugOf(category)}`);
}

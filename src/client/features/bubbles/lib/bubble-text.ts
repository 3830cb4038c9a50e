/** The words a bubble is shown with, in the reader's language. */

import { type Category, categorySlug, isWhenOption, WHO_OPTIONS } from '@shared/domain/bubbles';
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

/** The AI-style summary of a category (spec §3 category definition). */
export function categorySummary(t: TFunction, category: Category): string {
  return t(`bubbles.summary.${slugOf(category)}`);
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

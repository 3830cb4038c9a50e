/**
 * What the profile canvas shows (spec §2, §3, §9): a category's list is the person's own bubbles, oldest
 * first, then the category's mock bubbles, so the newest real bubble is at index count − 1 (spec §4) and a
 * bubble's round is its place in that list. All mode shows a shuffled sample from every category.
 */
import {
  type Bubble,
  CATEGORIES,
  type Category,
  categorySlug,
  generateMockBubbles,
  seededRandom,
} from '@shared/domain/bubbles';
import { seedFor, shuffled } from './sample';

export type CategoryLists = Record<Category, Bubble[]>;

/** Each category's mock bubbles, the same for the same session seed. */
export function mockBubblesBySeed(seed: number): CategoryLists {
  return Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      generateMockBubbles(category, seededRandom(seedFor(seed, `mock:${categorySlug(category)}`))),
    ]),
  ) as CategoryLists;
}

export function categoryLists(real: CategoryLists, mocks: CategoryLists): CategoryLists {
  return Object.fromEntries(
    CATEGORIES.map((category) => [category, [...real[category], ...mocks[category]]]),
  ) as CategoryLists;
}

/** Each bubble's round: its 1-based place in its category's list. */
export function roundNumbers(lists: CategoryLists): Map<string, number> {
  const rounds = new Map<string, number>();
  for (const category of CATEGORIES) {
    for (const [index, bubble] of lists[category].entries()) rounds.set(bubble.id, index + 1);
  }
  return rounds;
}

/** All mode's order: every category's bubbles, shuffled the same way for the same seed. */
export function allModeOrder(lists: CategoryLists, seed: number): Bubble[] {
  return shuffled(
    CATEGORIES.flatMap((category) => lists[category]),
    seededRandom(seedFor(seed, 'all')),
  );
}

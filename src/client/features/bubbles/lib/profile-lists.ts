/**
 * What the profile canvas shows (spec §2, §3, §9): a category's list is the person's own bubbles, oldest
 * first, then, where examples are shown, the category's mock bubbles, so the newest real bubble is at index
 * count − 1 (spec §4) and a bubble's round is its place in that list. All mode shows a shuffled sample from
 * every category.
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

/**
 * Whose moments a canvas shows (issue 34). The spec's mock bubbles are a demonstration for visitors: the test
 * home shows them to everyone, the profile to visitors only, labelled as examples. A signed-in person's
 * profile is theirs: their own moments alone. Until the session is known, nothing.
 */
export type CanvasView = 'loading' | 'examples' | 'own';

export function canvasView(
  scope: 'profile' | 'testHome',
  session: { known: boolean; signedIn: boolean },
): CanvasView {
  if (scope === 'testHome') return 'examples';
  if (!session.known) return 'loading';
  return session.signedIn ? 'own' : 'examples';
}

/** Each category's list: the own bubbles, then the mock ones when there are examples to show. */
export function categoryLists(real: CategoryLists, mocks: CategoryLists | null): CategoryLists {
  if (mocks === null) return real;
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

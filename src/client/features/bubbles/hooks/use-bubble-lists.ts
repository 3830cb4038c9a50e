import { type Bubble, CATEGORIES } from '@shared/domain/bubbles';
import { useMemo } from 'react';
import {
  allModeOrder,
  type CanvasView,
  type CategoryLists,
  canvasView,
  categoryLists,
  mockBubblesBySeed,
  roundNumbers,
} from '../lib/profile-lists';
import { type RealBubbles, useRealBubbles } from './use-real-bubbles';
import { useSessionSeed } from './use-session-seed';

export type BubbleLists = {
  real: RealBubbles;
  /** Whether the lists hold examples beside the person's own bubbles, only theirs, or nothing yet. */
  view: CanvasView;
  /** This page's seed for the session: the same mock bubbles, order and layout until the tab closes. */
  seed: number;
  /** Each category's list: the person's own bubbles, oldest first, then the mock ones if examples are shown. */
  lists: CategoryLists;
  /** Each bubble's round (its 1-based place in its category's list). */
  rounds: ReadonlyMap<string, number>;
  /** The ids of the person's own bubbles. */
  ownIds: ReadonlySet<string>;
  /** All mode's shuffled order of every category's bubbles. */
  allOrder: readonly Bubble[];
};

/**
 * What a canvas page shows: on the test home and to a visitor of the profile, their bubbles beside the
 * session's examples; to a signed-in person on the profile, their own bubbles alone.
 */
export function useBubbleLists(scope: 'profile' | 'testHome'): BubbleLists {
  const real = useRealBubbles();
  const seed = useSessionSeed(scope);
  const view = canvasView(scope, { known: real.ready, signedIn: real.userId !== null });
  const examples = view === 'examples';
  const mocks = useMemo(() => (examples ? mockBubblesBySeed(seed) : null), [examples, seed]);
  const lists = useMemo(() => categoryLists(real.byCategory, mocks), [real.byCategory, mocks]);
  const rounds = useMemo(() => roundNumbers(lists), [lists]);
  const allOrder = useMemo(() => allModeOrder(lists, seed), [lists, seed]);
  const ownIds = useMemo(
    () => new Set(CATEGORIES.flatMap((category) => real.byCategory[category].map((bubble) => bubble.id))),
    [real.byCategory],
  );
  return { real, view, seed, lists, rounds, ownIds, allOrder };
}

/**
 * The new-bubble highlight (spec §4): before answering, the number of the person's bubbles in the category is
 * kept in session storage, and finishing the questionnaire leaves a "just added" mark. Back on the profile,
 * the newest real bubble of that category glows when the count has grown or the mark is fresh (2 minutes) and
 * names the category. Both flags are used up either way; values that are not what we wrote are ignored.
 */
import { clearJsonFlag, readJsonFlag, writeJsonFlag } from '@client/lib/session-flags';
import { type Bubble, type Category, isCategory, JUST_ADDED_VALID_MS } from '@shared/domain/bubbles';

export type PreviousCounts = Partial<Record<Category, number>>;
export type JustAdded = { timestamp: number; category: Category };

export function parsePreviousCounts(value: unknown): PreviousCounts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const counts: PreviousCounts = {};
  for (const [category, count] of Object.entries(value)) {
    if (isCategory(category) && Number.isInteger(count) && (count as number) >= 0) {
      counts[category] = count as number;
    }
  }
  return counts;
}

export function parseJustAdded(value: unknown): JustAdded | null {
  if (typeof value !== 'object' || value === null) return null;
  const { timestamp, category } = value as Record<string, unknown>;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || !isCategory(category)) return null;
  return { timestamp, category };
}

/** Whether the newest real bubble of `category` is new to the person (see above). */
export function shouldHighlight({
  category,
  realCount,
  previousCounts,
  justAdded,
  now,
}: {
  category: Category;
  realCount: number;
  /** The raw flag values, as read from session storage. */
  previousCounts: unknown;
  justAdded: unknown;
  now: number;
}): boolean {
  if (realCount === 0) return false;
  const previous = parsePreviousCounts(previousCounts)[category];
  if (previous !== undefined && previous < realCount) return true;
  const added = parseJustAdded(justAdded);
  if (!added || added.category !== category) return false;
  const age = now - added.timestamp;
  return age >= 0 && age <= JUST_ADDED_VALID_MS;
}

/** The most recently answered bubble: the latest `createdAt`, the later one in the list on a tie. */
export function newestBubble(bubbles: readonly Bubble[]): Bubble | undefined {
  let newest: Bubble | undefined;
  for (const bubble of bubbles) {
    if (!newest || bubble.createdAt >= newest.createdAt) newest = bubble;
  }
  return newest;
}

/** Kept before the person goes to answer a question of `category`. */
export function rememberCountBeforeAnswering(category: Category, count: number) {
  writeJsonFlag('previousBubbleCount', {
    ...parsePreviousCounts(readJsonFlag('previousBubbleCount')),
    [category]: count,
  });
}

export function markJustAdded(category: Category, now: number) {
  writeJsonFlag('justAdded', { timestamp: now, category } satisfies JustAdded);
}

/** Reads the flags for `category` and clears them: the highlight is shown once. */
export function takeHighlightFlags(category: Category): { previousCounts: unknown; justAdded: unknown } {
  const previousCounts = readJsonFlag('previousBubbleCount');
  const justAdded = readJsonFlag('justAdded');
  clearJsonFlag('justAdded');
  const rest = parsePreviousCounts(previousCounts);
  delete rest[category];
  if (Object.keys(rest).length === 0) clearJsonFlag('previousBubbleCount');
  else writeJsonFlag('previousBubbleCount', rest);
  return { previousCounts, justAdded };
}

import { type Bubble, bubbleImportance, CATEGORIES, type Category } from './bubbles';

/**
 * The summary of a bubble profile (issue 14): computed from the person's own answers, never a fixed text.
 * Counts, the people the moments are about, the names given and how much they matter; the page words it.
 */

export type CategorySummary = {
  count: number;
  /** Who-answers (ids), the most frequent first, at most three. */
  who: string[];
  /** The names given, each once, the most important first, at most five. */
  names: string[];
  /** One decimal. */
  averageImportance: number;
  top: { name: string; importance: number };
};

export const SUMMARY_WHO = 3;
export const SUMMARY_NAMES = 5;

function byCount<T>(items: readonly T[]): T[] {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([item]) => item);
}

/** The summary of one category's own bubbles, or null when there are none. */
export function summarizeCategory(bubbles: readonly Bubble[]): CategorySummary | null {
  if (bubbles.length === 0) return null;
  const ranked = [...bubbles].sort(
    (a, b) => bubbleImportance(b) - bubbleImportance(a) || a.createdAt.localeCompare(b.createdAt),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  for (const bubble of ranked) {
    const name = bubble.name.trim();
    const key = name.toLocaleLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  const total = bubbles.reduce((sum, bubble) => sum + bubbleImportance(bubble), 0);
  const first = ranked[0] as Bubble;
  return {
    count: bubbles.length,
    who: byCount(bubbles.flatMap((bubble) => bubble.whoTrusted)).slice(0, SUMMARY_WHO),
    names: names.slice(0, SUMMARY_NAMES),
    averageImportance: Math.round((total / bubbles.length) * 10) / 10,
    top: { name: first.name.trim(), importance: bubbleImportance(first) },
  };
}

export type ProfileSummary = { count: number; categories: number; top: Category | null };

/** Across all categories: how many moments, in how many categories, and which has the most. */
export function summarizeProfile(bubbles: readonly Bubble[]): ProfileSummary {
  const counts = new Map<Category, number>();
  for (const bubble of bubbles) counts.set(bubble.category, (counts.get(bubble.category) ?? 0) + 1);
  const [top] = [...counts].sort(
    (a, b) => b[1] - a[1] || CATEGORIES.indexOf(a[0]) - CATEGORIES.indexOf(b[0]),
  );
  return { count: bubbles.length, categories: counts.size, top: top?.[0] ?? null };
}

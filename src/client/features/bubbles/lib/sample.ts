import { ALL_SAMPLE_SIZE, type Random } from '@shared/domain/bubbles';

/** A shuffled copy (Fisher–Yates); the same random source gives the same order. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** Spec §9: All mode shows 50 and each "load more" adds 50, as long as there are more. */
export function allModeShown(total: number, pages: number): { shown: number; hasMore: boolean } {
  const shown = Math.min(total, Math.max(1, pages) * ALL_SAMPLE_SIZE);
  return { shown, hasMore: shown < total };
}

/** A seed for one use (`label`) drawn from a session's base seed, so each use has its own repeatable stream. */
export function seedFor(base: number, label: string): number {
  let hash = (0x811c9dc5 ^ base) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

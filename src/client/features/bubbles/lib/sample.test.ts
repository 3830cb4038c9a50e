import { ALL_SAMPLE_SIZE, seededRandom } from '@shared/domain/bubbles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allModeShown, seedFor, shuffled } from './sample';

describe('shuffled', () => {
  it('is a permutation, repeatable for the same seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 0, max: 2 ** 31 }), (items, seed) => {
        const once = shuffled(items, seededRandom(seed));
        expect([...once].sort()).toEqual([...items].sort());
        expect(shuffled(items, seededRandom(seed))).toEqual(once);
      }),
    );
  });

  it('leaves its input alone and really mixes', () => {
    const items = Array.from({ length: 100 }, (_, n) => n);
    const result = shuffled(items, seededRandom(7));
    expect(items[0]).toBe(0);
    expect(result).not.toEqual(items);
  });
});

describe('allModeShown (spec §9)', () => {
  it('shows 50 and 50 more per page while there are more', () => {
    expect(ALL_SAMPLE_SIZE).toBe(50);
    expect(allModeShown(640, 1)).toEqual({ shown: 50, hasMore: true });
    expect(allModeShown(640, 2)).toEqual({ shown: 100, hasMore: true });
    expect(allModeShown(640, 13)).toEqual({ shown: 640, hasMore: false });
    expect(allModeShown(50, 1)).toEqual({ shown: 50, hasMore: false });
    expect(allModeShown(0, 1)).toEqual({ shown: 0, hasMore: false });
  });
});

describe('seedFor', () => {
  it('gives each use its own seed, the same each time', () => {
    expect(seedFor(1, 'layout:Trust')).toBe(seedFor(1, 'layout:Trust'));
    expect(seedFor(1, 'layout:Trust')).not.toBe(seedFor(1, 'layout:Growth'));
    expect(seedFor(1, 'all')).not.toBe(seedFor(2, 'all'));
  });
});

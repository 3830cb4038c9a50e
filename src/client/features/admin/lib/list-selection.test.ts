import { describe, expect, it } from 'vitest';
import {
  dayStart,
  isRowSelected,
  sameFilter,
  selectionCount,
  selectionOf,
  toggleMatching,
} from './list-selection';

describe('the list selection', () => {
  it('sends picked ids, or the filter with the unticked rows', () => {
    expect(selectionOf(new Set(), null)).toBeNull();
    expect(selectionOf(new Set(['a', 'b']), null)).toEqual({ ids: ['a', 'b'] });
    const matching = toggleMatching(
      { filter: { q: 'x', status: undefined }, total: 10, except: new Set() },
      'a',
      false,
    );
    expect(selectionOf(new Set(['z']), matching)).toEqual({ filter: { q: 'x' }, except: ['a'] });
    expect(selectionCount(new Set(), matching)).toBe(9);
    expect(isRowSelected('a', new Set(), matching)).toBe(false);
    expect(isRowSelected('b', new Set(), matching)).toBe(true);
    expect(isRowSelected('a', new Set(), toggleMatching(matching, 'a', true))).toBe(true);
  });

  it('compares filters by what they ask for', () => {
    expect(sameFilter({ q: '' }, {})).toBe(true);
    expect(sameFilter({ q: 'a' }, { q: 'a', status: undefined })).toBe(true);
    expect(sameFilter({ q: 'a' }, { q: 'b' })).toBe(false);
  });

  it('turns calendar days into instants, the day after for an end', () => {
    expect(dayStart('2026-03-02')).toBe(new Date(2026, 2, 2).toISOString());
    expect(dayStart('2026-03-31', true)).toBe(new Date(2026, 3, 1).toISOString());
    expect(dayStart('')).toBeUndefined();
  });
});

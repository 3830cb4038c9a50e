import { describe, expect, it } from 'vitest';
import {
  confirmedIds,
  emailLines,
  filterByEmail,
  newEntryIds,
  selectAllState,
  selectedOnList,
  setRowsSelected,
  toggleSelected,
} from './waitlist-view';

const entries = [
  { id: 'a', email: 'anna@example.com' },
  { id: 'b', email: 'Bob@Example.org' },
  { id: 'c', email: 'carla@mail.test' },
];

describe('filterByEmail', () => {
  it('keeps e-mails containing the search, ignoring case and spaces around it', () => {
    expect(filterByEmail(entries, 'EXAMPLE').map((e) => e.id)).toEqual(['a', 'b']);
    expect(filterByEmail(entries, '  bob@ ').map((e) => e.id)).toEqual(['b']);
    expect(filterByEmail(entries, 'nobody')).toEqual([]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterByEmail(entries, '')).toBe(entries);
    expect(filterByEmail(entries, '   ')).toBe(entries);
  });
});

describe('selection', () => {
  it('toggles one id without touching the others', () => {
    const one = toggleSelected(new Set(), 'a', true);
    const two = toggleSelected(one, 'c', true);
    expect([...two]).toEqual(['a', 'c']);
    expect([...toggleSelected(two, 'a', false)]).toEqual(['c']);
    expect([...one]).toEqual(['a']);
  });

  it('says whether all, some or none of the shown rows are selected', () => {
    expect(selectAllState(new Set(), entries)).toBe(false);
    expect(selectAllState(new Set(['a']), entries)).toBe('mixed');
    expect(selectAllState(new Set(['a', 'b', 'c']), entries)).toBe(true);
    expect(selectAllState(new Set(['x']), entries)).toBe(false);
    expect(selectAllState(new Set(['a']), [])).toBe(false);
  });

  it('selects and unselects the shown rows only', () => {
    const shown = filterByEmail(entries, 'example');
    const all = setRowsSelected(new Set(['c']), shown, true);
    expect([...all].sort()).toEqual(['a', 'b', 'c']);
    expect([...setRowsSelected(all, shown, false)]).toEqual(['c']);
  });

  it('forgets selected ids that left the list', () => {
    expect(selectedOnList(new Set(['a', 'gone', 'c']), entries)).toEqual(['a', 'c']);
    expect(selectedOnList(new Set(), entries)).toEqual([]);
  });

  it('handles thousands of rows in linear time', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => ({ id: `id${i}`, email: `p${i}@example.com` }));
    const started = performance.now();
    const selected = setRowsSelected(new Set(), big, true);
    expect(selectAllState(selected, big)).toBe(true);
    expect(selectedOnList(selected, big)).toHaveLength(20_000);
    expect(filterByEmail(big, '19999@')).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('newEntryIds', () => {
  it('finds nothing new on the first load', () => {
    expect(newEntryIds(null, entries).size).toBe(0);
  });

  it('finds the ids the previous list did not have', () => {
    expect([...newEntryIds(new Set(['a', 'c']), entries)]).toEqual(['b']);
    expect(newEntryIds(new Set(['a', 'b', 'c', 'd']), entries).size).toBe(0);
  });
});

describe('emailLines', () => {
  it('puts one e-mail on each line', () => {
    expect(emailLines(entries)).toBe('anna@example.com\nBob@Example.org\ncarla@mail.test');
    expect(emailLines([])).toBe('');
  });
});

describe('confirmedIds', () => {
  it('picks the confirmed entries, never the unconfirmed or unsubscribed ones', () => {
    const list = [
      { id: 'a', status: 'confirmed' as const },
      { id: 'b', status: 'unconfirmed' as const },
      { id: 'c', status: 'unsubscribed' as const },
      { id: 'd', status: 'confirmed' as const },
    ];
    expect([...confirmedIds(list)]).toEqual(['a', 'd']);
    expect(confirmedIds(list.slice(1, 3)).size).toBe(0);
  });
});

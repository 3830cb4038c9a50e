import { describe, expect, it } from 'vitest';
import { createSelectionStore, keepOnList } from './recipient-selection';
import { setRowsSelected, toggleSelected } from './waitlist-view';

describe('the shared selection store', () => {
  it('starts empty and tells every listener about a change, with a new version', () => {
    const store = createSelectionStore();
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.get().version));
    store.subscribe(() => heard.push(store.get().ids.size));

    expect(store.get().ids.size).toBe(0);
    store.update((ids) => toggleSelected(ids, 'a', true));
    expect([...store.get().ids]).toEqual(['a']);
    expect(heard).toEqual([1, 1]);
  });

  it('gives the same snapshot until something changes (what useSyncExternalStore needs)', () => {
    const store = createSelectionStore();
    store.update((ids) => setRowsSelected(ids, [{ id: 'a' }, { id: 'b' }], true));
    const before = store.get();
    expect(store.get()).toBe(before);

    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.update((ids) => ids);
    expect(store.get()).toBe(before);
    expect(calls).toBe(0);
  });

  it('clears, and clearing an empty selection changes nothing', () => {
    const store = createSelectionStore();
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.clear();
    expect(calls).toBe(0);

    store.update((ids) => toggleSelected(ids, 'a', true));
    store.clear();
    expect(store.get().ids.size).toBe(0);
    expect(store.get().version).toBe(2);
    expect(calls).toBe(2);
  });

  it('resets: clears the ids and counts the reset, telling listeners even when no id was selected', () => {
    const store = createSelectionStore();
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.update((ids) => toggleSelected(ids, 'a', true));
    store.reset();
    expect(store.get().ids.size).toBe(0);
    expect(store.get().resets).toBe(1);
    // "All that match" of a filter too large to send keeps no ids; a reset must still reach the list.
    store.reset();
    expect(store.get().resets).toBe(2);
    expect(calls).toBe(3);
    // A plain clear is no reset.
    store.update((ids) => toggleSelected(ids, 'b', true));
    store.clear();
    expect(store.get().resets).toBe(2);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const store = createSelectionStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.update((ids) => toggleSelected(ids, 'a', true));
    unsubscribe();
    store.update((ids) => toggleSelected(ids, 'b', true));
    expect(calls).toBe(1);
    expect([...store.get().ids].sort()).toEqual(['a', 'b']);
  });

  it('keeps separate stores apart', () => {
    const one = createSelectionStore();
    const two = createSelectionStore();
    one.update((ids) => toggleSelected(ids, 'a', true));
    expect(two.get().ids.size).toBe(0);
  });
});

describe('keepOnList', () => {
  const entries = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('drops selected ids that left the list', () => {
    expect([...keepOnList(new Set(['a', 'x', 'c']), entries)].sort()).toEqual(['a', 'c']);
    expect(keepOnList(new Set(['x']), entries).size).toBe(0);
  });

  it('answers the same set when every selected id is still there', () => {
    const ids = new Set(['a', 'b']);
    expect(keepOnList(ids, entries)).toBe(ids);
    const none = new Set<string>();
    expect(keepOnList(none, [])).toBe(none);
  });
});

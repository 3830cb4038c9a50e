import { describe, expect, it } from 'vitest';
import {
  afterSave,
  type DraftStore,
  draftKey,
  draftToRestore,
  mergedTexts,
  readDraft,
  removeDraft,
  writeDraft,
} from './reflection-draft';

function memoryStore(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const SAVED_AT = '2025-03-17T09:00:00.000Z';
const entry = { contentText: 'saved words', updatedAt: SAVED_AT };

describe('reflection drafts', () => {
  it('keys drafts by week and day', () => {
    expect(draftKey('week-1', 3)).not.toBe(draftKey('week-2', 3));
    expect(draftKey('week-1', 3)).not.toBe(draftKey('week-1', 4));
  });

  it('writes, reads and removes a draft; unreadable values count as none', () => {
    const store = memoryStore();
    const key = draftKey('w', 1);
    const draft = { text: 'hello', writtenAt: 1, baseUpdatedAt: SAVED_AT };
    writeDraft(store, key, draft);
    expect(readDraft(store, key)).toEqual(draft);
    removeDraft(store, key);
    expect(readDraft(store, key)).toBeNull();
    store.setItem(key, '{not json');
    expect(readDraft(store, key)).toBeNull();
    store.setItem(key, JSON.stringify({ text: 5 }));
    expect(readDraft(store, key)).toBeNull();
    expect(readDraft(null, key)).toBeNull();
  });

  it('survives a store that throws', () => {
    const broken: DraftStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeDraft(broken, 'k', { text: 'a', writtenAt: 1, baseUpdatedAt: SAVED_AT })).not.toThrow();
    expect(readDraft(broken, 'k')).toBeNull();
    expect(() => removeDraft(broken, 'k')).not.toThrow();
  });

  it('restores a draft written over the version the server still has', () => {
    const draft = { text: 'saved words and more', writtenAt: 0, baseUpdatedAt: SAVED_AT };
    expect(draftToRestore(draft, entry)).toBe('saved words and more');
  });

  it('restores a draft written after the last save, by time, when the base is unknown', () => {
    const later = Date.parse(SAVED_AT) + 60_000;
    const draft = { text: 'newer', writtenAt: later, baseUpdatedAt: 'older-version' };
    expect(draftToRestore(draft, entry)).toBe('newer');
  });

  it('ignores a draft that is older than a later save, or the same as the saved text', () => {
    const earlier = Date.parse(SAVED_AT) - 60_000;
    expect(draftToRestore({ text: 'stale', writtenAt: earlier, baseUpdatedAt: 'older' }, entry)).toBeNull();
    expect(
      draftToRestore({ text: 'saved words', writtenAt: Date.now(), baseUpdatedAt: SAVED_AT }, entry),
    ).toBeNull();
    expect(draftToRestore(null, entry)).toBeNull();
  });

  it('after a save, drops a draft that holds the saved text and moves one typed on to the new base', () => {
    const store = memoryStore();
    const key = draftKey('w', 2);
    writeDraft(store, key, { text: 'abc', writtenAt: 1, baseUpdatedAt: 'v1' });
    afterSave(store, key, { contentText: 'abc', updatedAt: 'v2' });
    expect(readDraft(store, key)).toBeNull();

    writeDraft(store, key, { text: 'abcdef', writtenAt: 1, baseUpdatedAt: 'v1' });
    afterSave(store, key, { contentText: 'abc', updatedAt: 'v2' });
    expect(readDraft(store, key)).toEqual({ text: 'abcdef', writtenAt: 1, baseUpdatedAt: 'v2' });
    expect(draftToRestore(readDraft(store, key), { contentText: 'abc', updatedAt: 'v2' })).toBe('abcdef');
  });
});

describe('mergedTexts', () => {
  it('keeps both texts whole, the other device first, apart by one empty line', () => {
    expect(mergedTexts('A walk.\n', '\nTom called.')).toBe('A walk.\n\nTom called.');
  });

  it('is the one text when the other is empty or blank', () => {
    expect(mergedTexts('', 'Mine.')).toBe('Mine.');
    expect(mergedTexts('Theirs.', '  ')).toBe('Theirs.');
  });
});

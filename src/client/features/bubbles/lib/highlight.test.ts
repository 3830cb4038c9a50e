import { type Bubble, HIGHLIGHT_MS, JUST_ADDED_VALID_MS } from '@shared/domain/bubbles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  markJustAdded,
  newestBubble,
  parseJustAdded,
  parsePreviousCounts,
  rememberCountBeforeAnswering,
  shouldHighlight,
  takeHighlightFlags,
} from './highlight';
import { type FakeBrowser, fakeBrowser } from './test-storage';

const NOW = Date.parse('2025-03-17T09:00:00.000Z');

describe('shouldHighlight (spec §4)', () => {
  const base = { category: 'Trust' as const, realCount: 3, previousCounts: null, justAdded: null, now: NOW };

  it('highlights when the count before answering was lower', () => {
    expect(shouldHighlight({ ...base, previousCounts: { Trust: 2 } })).toBe(true);
    expect(shouldHighlight({ ...base, previousCounts: { Trust: 3 } })).toBe(false);
    expect(shouldHighlight({ ...base, previousCounts: { Growth: 0 } })).toBe(false);
  });

  it('highlights for a just-added mark of the same category, for 2 minutes', () => {
    const justAdded = (age: number, category = 'Trust') => ({ timestamp: NOW - age, category });
    expect(shouldHighlight({ ...base, justAdded: justAdded(0) })).toBe(true);
    expect(shouldHighlight({ ...base, justAdded: justAdded(JUST_ADDED_VALID_MS) })).toBe(true);
    expect(shouldHighlight({ ...base, justAdded: justAdded(JUST_ADDED_VALID_MS + 1) })).toBe(false);
    expect(shouldHighlight({ ...base, justAdded: justAdded(-1000) })).toBe(false);
    expect(shouldHighlight({ ...base, justAdded: justAdded(0, 'Growth') })).toBe(false);
  });

  it('never highlights without a real bubble', () => {
    expect(shouldHighlight({ ...base, realCount: 0, previousCounts: { Trust: 0 } })).toBe(false);
    expect(shouldHighlight({ ...base, realCount: 0, justAdded: { timestamp: NOW, category: 'Trust' } })).toBe(
      false,
    );
  });

  it('ignores flag values of the wrong shape', () => {
    for (const bad of ['text', 42, [1], { Trust: 'one' }, { Trust: -1 }, { Trust: 1.5 }]) {
      expect(shouldHighlight({ ...base, previousCounts: bad })).toBe(false);
    }
    for (const bad of [
      'text',
      { timestamp: 'now', category: 'Trust' },
      { timestamp: NOW, category: 'Nope' },
    ]) {
      expect(shouldHighlight({ ...base, justAdded: bad })).toBe(false);
    }
  });

  it('keeps the highlight for 4.5 s', () => {
    expect(HIGHLIGHT_MS).toBe(4500);
  });
});

describe('parsing', () => {
  it('keeps only known categories with whole counts', () => {
    expect(parsePreviousCounts({ Trust: 2, Nope: 1, Growth: 0, Future: '3' })).toEqual({
      Trust: 2,
      Growth: 0,
    });
    expect(parseJustAdded({ timestamp: NOW, category: 'Future', extra: true })).toEqual({
      timestamp: NOW,
      category: 'Future',
    });
  });
});

describe('newestBubble', () => {
  const at = (id: string, createdAt: string) => ({ id, createdAt }) as Bubble;

  it('is the latest answer, the later in the list on a tie', () => {
    expect(newestBubble([])).toBeUndefined();
    expect(
      newestBubble([
        at('a', '2025-03-17T09:00:00Z'),
        at('b', '2025-03-18T09:00:00Z'),
        at('c', '2025-03-01T09:00:00Z'),
      ])?.id,
    ).toBe('b');
    expect(newestBubble([at('a', '2025-03-17T09:00:00Z'), at('b', '2025-03-17T09:00:00Z')])?.id).toBe('b');
  });
});

describe('the flags in session storage', () => {
  let browser: FakeBrowser;
  beforeEach(() => {
    const fake = fakeBrowser();
    browser = fake;
    vi.stubGlobal('window', fake.window);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are read once: taking them clears the category and the just-added mark', () => {
    rememberCountBeforeAnswering('Trust', 2);
    rememberCountBeforeAnswering('Growth', 5);
    markJustAdded('Trust', NOW);
    const taken = takeHighlightFlags('Trust');
    expect(shouldHighlight({ category: 'Trust', realCount: 3, ...taken, now: NOW })).toBe(true);

    const again = takeHighlightFlags('Trust');
    expect(shouldHighlight({ category: 'Trust', realCount: 3, ...again, now: NOW })).toBe(false);
    expect(parsePreviousCounts(again.previousCounts)).toEqual({ Growth: 5 });
  });

  it('ignore bad JSON silently', () => {
    browser.sessionStorage.setItem('mirror.previousBubbleCount', '{bad');
    browser.sessionStorage.setItem('mirror.justAdded', 'not json');
    const taken = takeHighlightFlags('Trust');
    expect(taken).toEqual({ previousCounts: null, justAdded: null });
    rememberCountBeforeAnswering('Trust', 1);
    expect(JSON.parse(browser.sessionStorage.getItem('mirror.previousBubbleCount') ?? '')).toEqual({
      Trust: 1,
    });
  });
});

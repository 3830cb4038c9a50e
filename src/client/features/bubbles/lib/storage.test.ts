import type { Bubble } from '@shared/domain/bubbles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerCookieName,
  appendToHistory,
  historyCookieName,
  historyCookieValue,
  historyKey,
  markOwner,
  parseHistory,
  parseOwners,
  readHistory,
  readOwners,
  sessionSeed,
} from './storage';
import { type FakeBrowser, fakeBrowser } from './test-storage';

function bubble(overrides: Partial<Bubble> = {}): Bubble {
  return {
    id: '5b0f8f4e-2c1a-4b7e-9a55-0d6c2f1e3a10',
    category: 'Trust',
    whoTrusted: ['partner'],
    name: 'Emma',
    when: 'today',
    importance: 7,
    createdAt: '2025-03-17T09:00:00.000Z',
    ...overrides,
  };
}

let browser: FakeBrowser;
beforeEach(() => {
  const fake = fakeBrowser();
  browser = fake;
  vi.stubGlobal('window', fake.window);
  vi.stubGlobal('document', fake.document);
});
afterEach(() => vi.unstubAllGlobals());

describe('keys and cookie names (spec §3)', () => {
  it('are the product prefix, the lowercase category and "history"', () => {
    expect(historyKey('Trust')).toBe('mirror.trusthistory');
    expect(historyKey('Self-Worth')).toBe('mirror.self-worthhistory');
    expect(answerCookieName('Trust')).toBe('mirror_trust_answer');
    expect(historyCookieName('Future')).toBe('mirror_future_history');
  });
});

describe('parseHistory', () => {
  it('reads a stored list back', () => {
    expect(parseHistory(JSON.stringify([bubble()]), 'Trust')).toEqual([bubble()]);
  });

  it('treats bad JSON, a non-list and nothing as an empty history', () => {
    expect(parseHistory('{not json', 'Trust')).toEqual([]);
    expect(parseHistory('{"a":1}', 'Trust')).toEqual([]);
    expect(parseHistory('null', 'Trust')).toEqual([]);
    expect(parseHistory(null, 'Trust')).toEqual([]);
  });

  it('skips entries that are not bubbles of the category, and repeated ids', () => {
    const raw = JSON.stringify([
      bubble(),
      bubble(),
      bubble({ id: 'b', category: 'Growth' }),
      { ...bubble({ id: 'c' }), name: '  ' },
      { ...bubble({ id: 'd' }), whoTrusted: [] },
      'text',
      bubble({ id: 'e', name: 'Noah' }),
    ]);
    expect(parseHistory(raw, 'Trust').map((item) => item.name)).toEqual(['Emma', 'Noah']);
  });

  it('gives a missing or odd importance 5 and rounds into 0–10 (spec §3)', () => {
    const { importance: _, ...withoutImportance } = bubble();
    const raw = JSON.stringify([
      withoutImportance,
      bubble({ id: 'b', importance: 12 }),
      bubble({ id: 'c', importance: 6.6 }),
    ]);
    expect(parseHistory(raw, 'Trust').map((item) => item.importance)).toEqual([5, 10, 7]);
  });
});

describe('appendToHistory', () => {
  it('appends once per id and writes the answer and history cookies for 365 days', () => {
    expect(appendToHistory(bubble())).toBe(true);
    expect(appendToHistory(bubble())).toBe(true);
    expect(appendToHistory(bubble({ id: 'second', name: 'Noah' }))).toBe(true);
    expect(readHistory('Trust').map((item) => item.id)).toEqual([bubble().id, 'second']);

    const last = browser.cookies.slice(-2);
    expect(last[0]).toMatch(/^mirror_trust_answer=/);
    expect(decodeURIComponent(last[0]?.split(';')[0]?.split('=')[1] ?? '')).toBe(
      JSON.stringify({ whoTrusted: ['partner'], name: 'Noah', when: 'today', importance: 7 }),
    );
    expect(last[1]).toMatch(/^mirror_trust_history=/);
    for (const cookie of last) expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
  });

  it('answers false and writes no cookie when the browser refuses to store', () => {
    browser.localStorage.refuseWrites = true;
    expect(appendToHistory(bubble())).toBe(false);
    expect(browser.cookies).toEqual([]);
  });

  it('starts afresh over a history that is not JSON', () => {
    browser.localStorage.setItem('mirror.trusthistory', '[oops');
    expect(appendToHistory(bubble())).toBe(true);
    expect(readHistory('Trust')).toEqual([bubble()]);
  });
});

describe('the history cookie', () => {
  it('stays small however long the history grows', () => {
    const history = Array.from({ length: 5000 }, (_, n) =>
      bubble({ id: crypto.randomUUID(), name: `N${n}` }),
    );
    const value = historyCookieValue(history);
    expect(value.length).toBeLessThan(1024);
    expect(JSON.parse(decodeURIComponent(value))).toMatchObject({ count: 5000 });
  });
});

describe('bubble owners', () => {
  it('are remembered per id; bad JSON means none', () => {
    markOwner(['a', 'b'], 'user-1');
    markOwner(['b'], 'user-2');
    expect(readOwners()).toEqual({ a: 'user-1', b: 'user-2' });
    expect(parseOwners('not json')).toEqual({});
    expect(parseOwners('[1,2]')).toEqual({});
    expect(parseOwners('{"a":"u","b":3}')).toEqual({ a: 'u' });
  });
});

describe('sessionSeed', () => {
  it('keeps one seed per scope in session storage', () => {
    const first = sessionSeed('test:a');
    expect(sessionSeed('test:a')).toBe(first);
    expect(JSON.parse(browser.sessionStorage.getItem('mirror.bubbleSeeds') ?? '{}')).toMatchObject({
      'test:a': first,
    });
  });
});

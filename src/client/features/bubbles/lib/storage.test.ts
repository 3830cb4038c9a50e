import type { Bubble } from '@shared/domain/bubbles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerCookieName,
  appendToHistory,
  clearAnswerDraft,
  historyCookieName,
  historyCookieValue,
  historyKey,
  markOwner,
  parseHistory,
  parseOwners,
  readAnswerDraft,
  readCookie,
  readHistory,
  readOwners,
  sessionSeed,
  writeAnswerDraft,
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
  it('appends once per id, writes the history cookie for 365 days and clears the answer in progress', () => {
    writeAnswerDraft('Trust', '{"step":3,"name":"Noah"}');
    expect(readAnswerDraft('Trust')).toBe('{"step":3,"name":"Noah"}');
    expect(appendToHistory(bubble())).toBe(true);
    expect(appendToHistory(bubble())).toBe(true);
    expect(appendToHistory(bubble({ id: 'second', name: 'Noah' }))).toBe(true);
    expect(readHistory('Trust').map((item) => item.id)).toEqual([bubble().id, 'second']);

    const history = browser.cookies.filter((cookie) => cookie.startsWith('mirror_trust_history='));
    expect(history).toHaveLength(3);
    expect(history.at(-1)).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(readAnswerDraft('Trust')).toBeNull();
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

describe('the answer cookie: the answer in progress (spec §3, §9)', () => {
  it('is kept 365 days, for /app only, and read back as it was written', () => {
    const json = JSON.stringify({ step: 3, name: 'Émile; "x" = 1', owner: null });
    writeAnswerDraft('Self-Worth', json);
    const written = browser.cookies.at(-1) ?? '';
    expect(written).toMatch(/^mirror_self-worth_answer=[^;]+; Path=\/app; Max-Age=31536000; SameSite=Lax$/);
    expect(readAnswerDraft('Self-Worth')).toBe(json);
    expect(readAnswerDraft('Trust')).toBeNull();
  });

  it('is cleared at /app and at the site root, where earlier versions kept the last answer', () => {
    browser.cookies.push('mirror_trust_answer=old; Path=/; Max-Age=31536000; SameSite=Lax');
    writeAnswerDraft('Trust', '{"step":2}');
    clearAnswerDraft('Trust');
    expect(readAnswerDraft('Trust')).toBeNull();
    expect(browser.cookies.slice(-2)).toEqual([
      'mirror_trust_answer=; Path=/app; Max-Age=0; SameSite=Lax',
      'mirror_trust_answer=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
  });

  it('reads nothing from a value that is not valid percent-encoding', () => {
    browser.cookies.push('mirror_trust_answer=%E0%A4%A; Path=/app; Max-Age=10; SameSite=Lax');
    expect(readCookie('mirror_trust_answer')).toBeNull();
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

import { describe, expect, it } from 'vitest';
import { summarizeCategory, summarizeProfile } from './bubble-summary';
import { testBubble } from './test-bubbles';

describe('the summary of a category', () => {
  it('is null when nothing was answered', () => {
    expect(summarizeCategory([])).toBeNull();
  });

  it('counts the moments, the people they are about, the names (most important first) and importance', () => {
    const summary = summarizeCategory([
      testBubble({ whoTrusted: ['partner', 'family'], name: 'Robin', importance: 4 }),
      testBubble({ whoTrusted: ['partner'], name: ' Sam ', importance: 9 }),
      testBubble({ whoTrusted: ['close_friend'], name: 'robin', importance: 6 }),
    ]);
    expect(summary).toEqual({
      count: 3,
      who: ['partner', 'family', 'close_friend'],
      names: ['Sam', 'robin'],
      averageImportance: 6.3,
      top: { name: 'Sam', importance: 9 },
    });
  });

  it('treats a missing importance as 5 (spec §3)', () => {
    const summary = summarizeCategory([testBubble({ importance: Number.NaN, name: 'Kim' })]);
    expect(summary).toMatchObject({ count: 1, averageImportance: 5, top: { name: 'Kim', importance: 5 } });
  });
});

describe('the summary of the profile', () => {
  it('says how many, in how many categories, and which has the most', () => {
    expect(summarizeProfile([])).toEqual({ count: 0, categories: 0, top: null });
    expect(
      summarizeProfile([
        testBubble({ category: 'Growth' }),
        testBubble({ category: 'Trust' }),
        testBubble({ category: 'Growth' }),
      ]),
    ).toEqual({ count: 3, categories: 2, top: 'Growth' });
  });
});

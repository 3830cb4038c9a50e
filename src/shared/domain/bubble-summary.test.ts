import { describe, expect, it } from 'vitest';
import { summarizeCategory, summarizeProfile } from './bubble-summary';
import type { Bubble } from './bubbles';

let counter = 0;
function bubble(part: Partial<Bubble>): Bubble {
  counter += 1;
  return {
    id: `b-${counter}`,
    category: 'Trust',
    whoTrusted: ['partner'],
    name: 'Robin',
    when: 'today',
    importance: 5,
    createdAt: `2026-03-0${(counter % 9) + 1}T10:00:00.000Z`,
    ...part,
  };
}

describe('the summary of a category', () => {
  it('is null when nothing was answered', () => {
    expect(summarizeCategory([])).toBeNull();
  });

  it('counts the moments, the people they are about, the names (most important first) and importance', () => {
    const summary = summarizeCategory([
      bubble({ whoTrusted: ['partner', 'family'], name: 'Robin', importance: 4 }),
      bubble({ whoTrusted: ['partner'], name: ' Sam ', importance: 9 }),
      bubble({ whoTrusted: ['close_friend'], name: 'robin', importance: 6 }),
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
    const summary = summarizeCategory([bubble({ importance: Number.NaN, name: 'Kim' })]);
    expect(summary).toMatchObject({ count: 1, averageImportance: 5, top: { name: 'Kim', importance: 5 } });
  });
});

describe('the summary of the profile', () => {
  it('says how many, in how many categories, and which has the most', () => {
    expect(summarizeProfile([])).toEqual({ count: 0, categories: 0, top: null });
    expect(
      summarizeProfile([
        bubble({ category: 'Growth' }),
        bubble({ category: 'Trust' }),
        bubble({ category: 'Growth' }),
      ]),
    ).toEqual({ count: 3, categories: 2, top: 'Growth' });
  });
});

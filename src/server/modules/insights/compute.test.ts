import { describe, expect, it } from 'vitest';
import { analyzeWeek, writeInsightParagraph } from './compute';

/**
 * Issue 34, point 6: an insight never states what its own figures contradict. Weeks with several names,
 * partial weeks and full ones, in both languages and many seeds (each seed picks other template variants).
 */

const SEEDS = Array.from({ length: 40 }, (_, index) => `week-${index}`);
const week = (days: number[], text: (day: number) => string) =>
  days.map((day) => ({ day, status: 'completed', contentText: text(day) }));

describe('the paragraph of a computed insight', () => {
  it('says "every" only when every reflection of the week was written, and always gives the count', () => {
    for (const reflected of [1, 2, 5, 6]) {
      const days = [1, 2, 3, 5, 6, 7].slice(0, reflected);
      const facts = analyzeWeek({
        entries: week(days, () => 'I thought about trust and being heard today, again.'),
        laneTopic: undefined,
        names: [],
      });
      expect(facts.daysReflected).toBe(reflected);
      for (const seed of SEEDS) {
        const en = writeInsightParagraph(facts, { locale: 'en', seed, weekStart: '2026-11-30' });
        const de = writeInsightParagraph(facts, { locale: 'de', seed, weekStart: '2026-11-30' });
        if (reflected < 6) {
          expect(en).not.toMatch(/every (reflection|one of|single day)|not one (of|day)|whole week/i);
          expect(de).not.toMatch(/jede Reflexion|jeden Tag|alle \S+ Fragen|keine der|kein tag/i);
        }
        if (reflected === 6) {
          expect(en).toMatch(/\bsix\b/);
          expect(de).toMatch(/\bsechs\b/);
        }
        if (reflected === 1) expect(en).toMatch(/\bone\b/i);
        else if (reflected < 6) expect(en).toContain(['', '', 'two', 'three', 'four', 'five'][reflected]);
      }
    }
  });

  it('names the people it noticed without claiming they were the only ones', () => {
    const facts = analyzeWeek({
      entries: week([1, 2], (day) =>
        day === 1 ? 'My sister called and we talked for hours about trust.' : 'Tom and I argued about money.',
      ),
      laneTopic: undefined,
      names: [],
    });
    // Tom is no bubble's name: only the sister is noticed, while Tom's line may be quoted.
    expect(facts.people).toEqual([{ kind: 'role', role: 'sister' }]);
    for (const seed of SEEDS) {
      const en = writeInsightParagraph(facts, { locale: 'en', seed, weekStart: '2026-11-30' });
      const de = writeInsightParagraph(facts, { locale: 'de', seed, weekStart: '2026-11-30' });
      expect(en).toContain('your sister');
      expect(en).not.toMatch(/one person|the only/i);
      expect(de).not.toMatch(/eine person|als einzige/i);
    }
  });

  it('lists several names from the bubbles in the order they first came up', () => {
    const facts = analyzeWeek({
      entries: week([1, 3], (day) =>
        day === 1 ? 'Lena and Jonas came over for dinner.' : 'I miss my mother, and Lena knows it.',
      ),
      laneTopic: undefined,
      names: ['Jonas', 'Lena', 'Ada'],
    });
    expect(facts.people.map((person) => (person.kind === 'name' ? person.name : person.role))).toEqual([
      'Lena',
      'Jonas',
      'mother',
    ]);
    const en = writeInsightParagraph(facts, { locale: 'en', seed: 'w', weekStart: '2026-11-30' });
    expect(en).toMatch(/Lena, Jonas,? and your mother/);
  });
});

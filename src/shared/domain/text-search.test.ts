import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMatches, foldPlain, foldText, searchTerms, snippetAround, splitByRanges } from './text-search';

const marked = (text: string, query: string) => {
  const ranges = findMatches(text, searchTerms(query));
  return (
    ranges &&
    splitByRanges(text, ranges)
      .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
      .join('')
  );
};

describe('searching reflections', () => {
  it('ignores case and accents', () => {
    expect(marked('Ein Café mit Anaïs', 'CAFE anais')).toBe('Ein [Café] mit [Anaïs]');
  });

  it('finds German umlauts spelled either way, and ß as ss', () => {
    expect(marked('Ich war müde und froh über die Straße.', 'muede ueber strasse')).toBe(
      'Ich war [müde] und froh [über] die [Straße].',
    );
    expect(marked('Es war eine Muehe, aber schoen.', 'Mühe schön')).toBe(
      'Es war eine [Muehe], aber [schoen].',
    );
  });

  it('finds words inside longer words, and every occurrence', () => {
    expect(marked('Trust, trusted, distrust.', 'trust')).toBe('[Trust], [trust]ed, dis[trust].');
  });

  it('needs every word of the query', () => {
    expect(findMatches('my sister called', searchTerms('sister brother'))).toBeNull();
    expect(marked('my sister and my brother', 'brother sister')).toBe('my [sister] and my [brother]');
  });

  it('takes words of two letters or more, without punctuation around them, each once', () => {
    expect(searchTerms('  „Trust“, a  TRUST?  über  ')).toEqual(['trust', 'ueber']);
    expect(searchTerms('a ! ,')).toEqual([]);
    expect(findMatches('anything', [])).toBeNull();
  });

  it('merges overlapping matches', () => {
    expect(marked('Vertrauen', 'vertrau trauen')).toBe('[Vertrauen]');
  });

  it('folds a whole text exactly as letter by letter', () => {
    for (const text of ['ΟΔΟΣ οδός', 'İstanbul', 'Ärger über Straße', 'a\u0308 e\u0301', '😀 Noël']) {
      expect(foldPlain(text), text).toBe(foldText(text).folded);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (text) => {
        expect(foldPlain(text)).toBe(foldText(text).folded);
      }),
    );
  });

  it('maps folded positions back to the text as written, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
        fc.string({ maxLength: 6 }),
        (text, query) => {
          const terms = searchTerms(query);
          const ranges = findMatches(text, terms) ?? [];
          for (const [start, end] of ranges) {
            expect(start).toBeGreaterThanOrEqual(0);
            expect(end).toBeLessThanOrEqual(text.length);
            expect(start).toBeLessThan(end);
            // What was marked folds to something that holds a term.
            const folded = foldText(text.slice(start, end)).folded;
            expect(terms.some((term) => folded.includes(term))).toBe(true);
          }
        },
      ),
    );
  });
});

describe('snippets', () => {
  const long = `${'Quiet words fill the morning. '.repeat(20)}Then my sister called about trust. ${'More quiet words. '.repeat(20)}`;

  it('show the text around the first match, cut at words, with the match still marked', () => {
    const ranges = findMatches(long, searchTerms('sister')) ?? [];
    const snippet = snippetAround(long, ranges);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(242);
    const [first] = snippet.ranges;
    expect(first && snippet.text.slice(first[0], first[1])).toBe('sister');
  });

  it('are the whole text when it is short', () => {
    const text = 'A short day.';
    expect(snippetAround(text, [[2, 7]])).toEqual({ text, ranges: [[2, 7]] });
  });
});

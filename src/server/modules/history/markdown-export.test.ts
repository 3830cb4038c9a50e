import { formatDateRange } from '@shared/domain/journal';
import type { THistoryWeek } from '@shared/schemas/history';
import { describe, expect, it } from 'vitest';
import { markdownText, reflectionsFileName, reflectionsMarkdown } from './markdown-export';

const week = (overrides: Partial<THistoryWeek> = {}): THistoryWeek => ({
  startDate: '2026-03-02',
  endDate: '2026-03-08',
  isoWeek: '2026-W10',
  insight: null,
  insightPending: false,
  current: false,
  entries: [
    {
      day: 2,
      date: '2026-03-03',
      topic: 'Trust',
      prompt: 'Who do you trust?',
      contentText: 'My sister.\nAnd *sometimes* my friend.',
      status: 'completed',
    },
  ],
  ...overrides,
});

describe('markdownText', () => {
  it('keeps a person’s text as written, never as structure', () => {
    expect(markdownText('# not a heading')).toBe('\\# not a heading');
    expect(markdownText('- one\n+ two\n1. three\n> four')).toBe(
      '\\- one  \n\\+ two  \n1\\. three  \n\\> four',
    );
    expect(markdownText('a <b>bold</b> [link](x) `code` _it_ \\ end')).toBe(
      'a \\<b\\>bold\\</b\\> \\[link\\](x) \\`code\\` \\_it\\_ \\\\ end',
    );
    expect(markdownText('line\n===')).toBe('line  \n\\===');
    expect(markdownText('    indented code')).toBe('indented code');
  });

  it('keeps line breaks and paragraphs', () => {
    expect(markdownText('one\ntwo\r\n\r\n\r\n\r\nthree\n')).toBe('one  \ntwo\n\nthree');
  });
});

describe('reflectionsMarkdown', () => {
  it('writes each week with its dates, every day’s prompt and answer, and the insight, in English', () => {
    const file = reflectionsMarkdown({
      locale: 'en',
      exportedOn: '2026-03-10',
      weeks: [
        week({
          insight: {
            weekStart: '2026-03-02',
            weekEnd: '2026-03-08',
            source: 'computed',
            locale: 'en',
            paragraph: 'A week about trust.',
            daysReflected: 1,
            words: 6,
            lane: null,
            themes: [],
            people: [],
            moment: null,
            createdAt: '2026-03-09T00:00:00.000Z',
          },
        }),
        week({ startDate: '2026-03-09', endDate: '2026-03-15', isoWeek: '2026-W11', entries: [] }),
      ],
    });
    expect(file).toBe(
      `${[
        '# My reflections in Mirror',
        'Exported on Tuesday, March 10, 2026: 1 reflection.',
        `## Week 10 · ${formatDateRange('en', '2026-03-02', '2026-03-08')}`,
        '### Day 2 · Tuesday, March 3 · Trust',
        '> Who do you trust?',
        'My sister.  \nAnd \\*sometimes\\* my friend.',
        '### Your week in review',
        'A week about trust.',
      ].join('\n\n')}\n`,
    );
  });

  it('writes German headings, dates and topics, and says when there is nothing yet', () => {
    const file = reflectionsMarkdown({
      locale: 'de',
      exportedOn: '2026-03-10',
      weeks: [week({ current: true })],
    });
    expect(file).toContain(
      `## Woche 10 · ${formatDateRange('de', '2026-03-02', '2026-03-08')}\n\n*Diese Woche läuft noch.*`,
    );
    expect(file).toContain('### Tag 2 · Dienstag, 3. März · Vertrauen');
    expect(reflectionsMarkdown({ locale: 'de', exportedOn: '2026-03-10', weeks: [] })).toContain(
      'Du hast noch keine Reflexionen geschrieben.',
    );
  });

  it('names the file in the person’s language', () => {
    expect(reflectionsFileName('en', '2026-03-10')).toBe('mirror-reflections-2026-03-10.md');
    expect(reflectionsFileName('de', '2026-03-10')).toBe('mirror-reflexionen-2026-03-10.md');
  });
});

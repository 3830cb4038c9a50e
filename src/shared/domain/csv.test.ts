import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, waitlistCsv, waitlistCsvFileName } from './csv';

describe('waiting-list CSV', () => {
  it('has the columns email and created_at, then the invitation, CRLF line ends and one row per entry', () => {
    const csv = waitlistCsv([
      { email: 'ada@example.com', createdAt: '2026-11-01T09:30:00.000Z', invitation: null },
      {
        email: 'grace@example.com',
        createdAt: '2026-11-02T10:00:00.000Z',
        invitation: {
          state: 'accepted',
          invitedAt: '2026-11-03T08:00:00.000Z',
          expiresAt: '2026-11-17T08:00:00.000Z',
          acceptedAt: '2026-11-04T12:00:00.000Z',
        },
      },
    ]);
    expect(csv).toBe(
      'email,created_at,invitation_state,invited_at,invitation_expires_at,invitation_accepted_at\r\n' +
        'ada@example.com,2026-11-01T09:30:00.000Z,not_invited,,,\r\n' +
        'grace@example.com,2026-11-02T10:00:00.000Z,accepted,2026-11-03T08:00:00.000Z,2026-11-17T08:00:00.000Z,' +
        '2026-11-04T12:00:00.000Z\r\n',
    );
  });

  it.each([
    [
      '=HYPERLINK("http://evil.example","x")@example.com',
      `"'=HYPERLINK(""http://evil.example"",""x"")@example.com"`,
    ],
    ['+1@example.com', "'+1@example.com"],
    ['-2+3@example.com', "'-2+3@example.com"],
    ['@SUM(A1)@example.com', "'@SUM(A1)@example.com"],
    ['\tx@example.com', "'\tx@example.com"],
    ['plain@example.com', 'plain@example.com'],
  ])('defuses a cell that a spreadsheet would read as a formula: %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines']])).toBe(
      'a\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('names the file with the local date', () => {
    expect(waitlistCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('waiting-list-2026-01-05.csv');
  });
});

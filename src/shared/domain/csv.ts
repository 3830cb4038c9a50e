import { localIsoDate } from './journal';

/**
 * The waiting list as a CSV download (spec §2: columns email and created_at, a file name with the date).
 * Cells that a spreadsheet would read as a formula are defused (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a leading formula character gets an apostrophe; quotes, commas and newlines are quoted. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document (RFC 4180, CRLF line ends) from a header row and data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

type CsvInvitation = { state: string; invitedAt: string; expiresAt: string; acceptedAt: string | null };

/**
 * The waiting list as CSV: email and created_at (ISO 8601, UTC), then each entry's invitation (decision
 * 021): its state (`not_invited` when there is none), when it was sent, until when it works and when it was
 * accepted. In the order given.
 */
export function waitlistCsv(
  entries: readonly { email: string; createdAt: string; invitation: CsvInvitation | null }[],
): string {
  return toCsv(
    [
      'email',
      'created_at',
      'invitation_state',
      'invited_at',
      'invitation_expires_at',
      'invitation_accepted_at',
    ],
    entries.map(({ email, createdAt, invitation }) => [
      email,
      createdAt,
      invitation?.state ?? 'not_invited',
      invitation?.invitedAt ?? '',
      invitation?.expiresAt ?? '',
      invitation?.acceptedAt ?? '',
    ]),
  );
}

/** `waiting-list-2026-11-22.csv`: the date of the download, in the staff member's own calendar. */
export function waitlistCsvFileName(date: Date): string {
  return `waiting-list-${localIsoDate(date)}.csv`;
}

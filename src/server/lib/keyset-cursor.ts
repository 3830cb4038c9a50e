import { isCalendarDate } from '@shared/domain/calendar';
import { isValidText } from './request-text';

/**
 * The `nextCursor` of a keyset page (people, audit): the last row's sort key as PostgreSQL wrote it and its
 * id, as base64url JSON. A cursor comes back from the client, so it is hostile input like any other
 * (decision 034): whatever does not decode to two short, valid texts is no cursor.
 */
export type KeysetCursor = { key: string; id: string };

const MAX_PART_LENGTH = 400;

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeKeysetCursor(text: string): KeysetCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [key, id] = parsed;
  const fits = (part: unknown): part is string =>
    typeof part === 'string' && part.length <= MAX_PART_LENGTH && isValidText(part);
  return fits(key) && fits(id) ? { key, id } : null;
}

/** `timestamptz::text` as PostgreSQL writes it: `2026-03-02 09:15:00.123456+00` (offsets to the second). */
const POSTGRES_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?$/;

/**
 * Whether a cursor's key is a timestamp PostgreSQL can read back: a real calendar day (the same check as the
 * schemas' dates) and a real time, so `2026-02-30 …` or `0000-01-01 …` answer 400 rather than a database
 * error.
 */
export function isPostgresTimestamp(text: string): boolean {
  const match = POSTGRES_TIMESTAMP.exec(text);
  if (!match) return false;
  const [, date = '', hour, minute, second, offsetHour, offsetMinute = '0', offsetSecond = '0'] = match;
  return (
    isCalendarDate(date) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHour) <= 15 &&
    Number(offsetMinute) <= 59 &&
    Number(offsetSecond) <= 59
  );
}

/**
 * Whether a text names a real day or instant (decision 034): a pattern like `\d{4}-\d{2}-\d{2}` lets
 * 2026-02-30 and 0000-01-01 through, and JavaScript rolls them over while PostgreSQL refuses them, so a check
 * that stops at the shape lets a 500 through. Years run from 0001 to 9999, for the day as written and for the
 * instant in UTC (what PostgreSQL is sent). Plain functions, so the browser can ask the same question as zod.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The forms `z.iso.datetime` takes: seconds and fractions optional, `Z`, `±HH:MM` or (local) none. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|([+-])(\d{2}):(\d{2}))?$/;

const FIRST_INSTANT = utc(1, 1, 1);
const LAST_INSTANT = utc(9999, 12, 31) + 86_400_000 - 1;

/** Milliseconds since 1970 of a day in UTC; `Date.UTC` alone reads years 0–99 as 1900–1999. */
function utc(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` that is a day of the calendar: year 0001–9999, month 1–12, the day within its month. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * An ISO date-time that is a real instant: a calendar day, 00:00–23:59:59 (no 24:00, no leap second), an
 * offset under 24 hours, the instant between 0001-01-01 and 9999-12-31 in UTC, and one that `Date.parse`
 * reads as exactly that instant (so the server's `new Date(text)` means what the text says). No offset is
 * read as UTC.
 */
export function isInstant(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [, date = '', hour, minute, second = '0', fraction = '', zone, sign, offsetHour, offsetMinute] =
    match;
  if (!isCalendarDate(date)) return false;
  const [h, m, s] = [Number(hour), Number(minute), Number(second)];
  if (h > 23 || m > 59 || s > 59) return false;
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHour) * 60 + Number(offsetMinute)) : 0;
  if (sign && (Number(offsetHour) > 23 || Number(offsetMinute) > 59)) return false;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const instant =
    utc(year, month, day) +
    ((h * 60 + m - offsetMinutes) * 60 + s) * 1000 +
    Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (instant < FIRST_INSTANT || instant > LAST_INSTANT) return false;
  return Date.parse(zone ? text : `${text}Z`) === instant;
}

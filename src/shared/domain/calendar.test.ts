import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate, isoDateTime } from '../schemas/dates';
import { daysInMonth, isCalendarDate, isInstant } from './calendar';

const REAL_DAYS = ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30', '2026-12-31'];
const IMPOSSIBLE_DAYS = [
  '2026-02-29',
  '1900-02-29',
  '2026-02-30',
  '2026-04-31',
  '2026-06-31',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '2026-01-32',
  '0000-01-01',
  '0000-02-29',
  '2026-1-01',
  '20260101',
  '2026-01-01T00:00:00Z',
  ' 2026-01-01',
  '２０２６-01-01',
  '',
];

const REAL_INSTANTS = [
  '2024-02-29T10:00:00Z',
  '2026-04-30T23:59:59.999Z',
  '2026-01-01T00:00:00.123456Z',
  '2026-01-01T10:00:00+05:30',
  '2026-01-01T10:00:00-00:00',
  '2026-01-01T10:00:00+23:59',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00-01:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59+01:00',
];
const IMPOSSIBLE_INSTANTS = [
  '2026-02-29T10:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-04-31T10:00:00Z',
  '2026-13-01T10:00:00Z',
  '0000-01-01T00:00:00Z',
  '0000-06-15T12:00:00+02:00',
  '2026-01-01T24:00:00Z',
  '2026-01-01T23:60:00Z',
  '2026-01-01T23:59:60Z',
  '2026-01-01T10:00:00+24:00',
  '2026-01-01T10:00:00+05:60',
  '2026-01-01T10:00:00+99:99',
  // the right day as written, but in UTC a year outside 0001–9999
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-01:00',
  '2026-01-01 10:00:00Z',
  '2026-01-01',
  '',
];

describe('isCalendarDate', () => {
  it.each(REAL_DAYS)('takes %s', (day) => expect(isCalendarDate(day)).toBe(true));
  it.each(IMPOSSIBLE_DAYS)('refuses %j', (day) => expect(isCalendarDate(day)).toBe(false));

  it('agrees with JavaScript on every day of years 0001–9999 (a day that rolls over is no day)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(`${text}T00:00:00Z`);
          const rollsOver = Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text;
          expect(isCalendarDate(text)).toBe(!rollsOver);
        },
      ),
    );
  });

  it('counts February by the leap-year rule', () => {
    expect([1900, 2000, 2024, 2026].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 29, 28]);
  });
});

describe('isInstant', () => {
  it.each(REAL_INSTANTS)('takes %s', (text) => expect(isInstant(text)).toBe(true));
  it.each(IMPOSSIBLE_INSTANTS)('refuses %j', (text) => expect(isInstant(text)).toBe(false));

  it('takes every instant JavaScript writes for years 0001–9999, and reads it back as the same instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          expect(isInstant(text)).toBe(true);
          expect(new Date(text).getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});

describe('the shared date schemas', () => {
  const day = isoDate();
  const instant = isoDateTime({ offset: true });

  it('take real days and instants', () => {
    for (const text of REAL_DAYS) expect(day.safeParse(text).success).toBe(true);
    for (const text of REAL_INSTANTS) expect(instant.safeParse(text).success).toBe(true);
  });

  it('refuse impossible ones with one invalid_format issue each, the year 0000 included', () => {
    for (const text of IMPOSSIBLE_DAYS) {
      const issues = day.safeParse(text).error?.issues ?? [];
      expect(issues.map((issue) => issue.code)).toEqual(['invalid_format']);
    }
    for (const text of IMPOSSIBLE_INSTANTS) {
      const issues = instant.safeParse(text).error?.issues ?? [];
      expect(issues.map((issue) => issue.code)).toEqual(['invalid_format']);
    }
  });

  it('keep zod’s own options (UTC only unless offsets are allowed; a precision)', () => {
    expect(isoDateTime().safeParse('2026-01-01T10:00:00+01:00').success).toBe(false);
    expect(isoDateTime().safeParse('2026-01-01T10:00:00Z').success).toBe(true);
    expect(isoDateTime({ precision: 6 }).safeParse('2026-01-01T10:00:00.123456Z').success).toBe(true);
    expect(isoDateTime({ precision: 6 }).safeParse('2026-01-01T10:00:00Z').success).toBe(false);
  });

  it('work inside objects, optional and nullable, and say the path', () => {
    const schema = z.object({ at: isoDateTime({ offset: true }).nullable(), on: isoDate().optional() });
    expect(schema.safeParse({ at: null }).success).toBe(true);
    const result = schema.safeParse({ at: '0000-01-01T00:00:00Z', on: '2026-02-29' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['at', 'on']);
  });
});

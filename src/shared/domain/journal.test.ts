import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import {
  addDays,
  dayStatus,
  defaultWeekTopics,
  isDayOpen,
  isoWeekdayOf,
  isoWeekString,
  isReflectionLongEnough,
  isReminderTime,
  localDay,
  mondayOf,
  promptDepth,
  topicMessageKey,
  weekOf,
} from './journal';
import { PROMPT_TOPICS } from './prompt-topics';

describe('days of the week', () => {
  it.each([
    [1, [1, 2]],
    [2, [1, 2, 3]],
    [3, [1, 2, 3, 4]],
    [4, [1, 2, 3, 4, 5]],
    [5, [1, 2, 3, 4, 5, 6]],
    [6, [1, 2, 3, 4, 5, 6, 7]],
    [7, [1, 2, 3, 4, 5, 6, 7]],
  ])('on ISO weekday %i the open days are %j', (weekday, open) => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((day) => isDayOpen(day, weekday))).toEqual(open);
  });

  it('shows an entry status first, then available or locked', () => {
    expect(dayStatus(7, 'completed', 1)).toBe('completed');
    expect(dayStatus(3, 'draft', 1)).toBe('draft');
    expect(dayStatus(2, undefined, 1)).toBe('available');
    expect(dayStatus(3, undefined, 1)).toBe('locked');
  });

  it('gives the prompt depth of spec §9', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(promptDepth)).toEqual([1, 2, 2, 2, 3, 4, 4]);
  });
});

describe('week topics', () => {
  it('uses the intro days, the lane choice and the first item of each profile list', () => {
    expect(
      defaultWeekTopics({
        what_matters: ['trust', 'intimacy'],
        where_safe: ['support'],
        edges: ['trust/faith'],
      }),
    ).toEqual({
      '1': 'intro: momentum',
      '2': 'intro: awareness',
      '3': 'intro: presence',
      '4': 'choose lane',
      '5': 'trust',
      '6': 'support',
      '7': 'trust/faith',
    });
  });

  it('falls back to personal growth, comfort zone and challenge', () => {
    const topics = defaultWeekTopics({ what_matters: [], where_safe: [], edges: [] });
    expect([topics['5'], topics['6'], topics['7']]).toEqual(['personal growth', 'comfort zone', 'challenge']);
  });

  it('has a name in both languages for every topic a day can have', () => {
    for (const topic of [...PROMPT_TOPICS, 'choose lane']) {
      const key = topicMessageKey(topic);
      expect(Object.keys(en), topic).toContain(key);
      expect(Object.keys(de), topic).toContain(key);
    }
  });
});

describe('dates', () => {
  it("finds today in the user's time zone", () => {
    const now = new Date('2026-03-01T23:30:00Z'); // a Sunday in UTC, already Monday in Berlin
    expect(localDay(now, 'UTC')).toEqual({ date: '2026-03-01', isoWeekday: 7 });
    expect(localDay(now, 'Europe/Berlin')).toEqual({ date: '2026-03-02', isoWeekday: 1 });
    expect(localDay(now, 'America/Los_Angeles')).toEqual({ date: '2026-03-01', isoWeekday: 7 });
    expect(localDay(now, 'Not/AZone')).toEqual({ date: '2026-03-01', isoWeekday: 7 });
  });

  it.each([
    ['2021-01-03', '2020-W53'],
    ['2021-01-04', '2021-W01'],
    ['2024-12-30', '2025-W01'],
    ['2025-03-17', '2025-W12'],
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2020-02-29', '2020-W09'],
  ])('%s is in ISO week %s', (date, week) => {
    expect(isoWeekString(date)).toBe(week);
  });

  it('starts weeks on Monday and ends them on Sunday', () => {
    expect(weekOf('2025-03-20')).toEqual({
      startDate: '2025-03-17',
      endDate: '2025-03-23',
      isoWeek: '2025-W12',
    });
    expect(weekOf('2027-01-01')).toEqual({
      startDate: '2026-12-28',
      endDate: '2027-01-03',
      isoWeek: '2026-W53',
    });
  });

  it('puts every date in a week starting on a Monday at most six days before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), (offset) => {
        const date = addDays('1990-01-01', offset);
        const monday = mondayOf(date);
        expect(isoWeekdayOf(monday)).toBe(1);
        const gap = (Date.parse(date) - Date.parse(monday)) / 86_400_000;
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(6);
        expect(isoWeekString(date)).toBe(isoWeekString(monday));
      }),
    );
  });
});

describe('inputs', () => {
  it('needs 10 characters after trimming for a reflection', () => {
    expect(isReflectionLongEnough('  123456789  ')).toBe(false);
    expect(isReflectionLongEnough(' 1234567890 ')).toBe(true);
  });

  it('takes reminder times as HH:MM', () => {
    for (const good of ['00:00', '08:00', '23:59']) expect(isReminderTime(good)).toBe(true);
    for (const bad of ['24:00', '8:00', '08:60', '08:00:00', 'noon', ''])
      expect(isReminderTime(bad)).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import {
  addDays,
  characterCount,
  dayHref,
  dayStatus,
  defaultWeekTopics,
  fitReflection,
  formatDateRange,
  formatDayDate,
  isDayCompleted,
  isDayOpen,
  isoWeekdayOf,
  isoWeekString,
  isReflectionLongEnough,
  isReflectionWithinLimit,
  isReminderTime,
  localDay,
  MAX_REFLECTION_LENGTH,
  mondayOf,
  promptDepth,
  reflectionStatus,
  topicMessageKey,
  weekOf,
  zonedInstant,
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
    expect(dayStatus(1, 'started', 1)).toBe('started');
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

describe('wall-clock times in a zone', () => {
  it.each([
    ['an ordinary day', '2026-03-02', '08:00', 'Europe/Berlin', '2026-03-02T07:00:00.000Z'],
    ['summer time', '2026-06-01', '08:00', 'Europe/Berlin', '2026-06-01T06:00:00.000Z'],
    [
      'the other side of the date line',
      '2026-06-01',
      '08:00',
      'Pacific/Auckland',
      '2026-05-31T20:00:00.000Z',
    ],
    ['a zone that is not one', '2026-06-01', '08:00', 'Not/AZone', '2026-06-01T08:00:00.000Z'],
    // Spring forward: 02:00 to 03:00 does not exist; a time in the gap moves on by the gap.
    ['Berlin, the skipped hour', '2026-03-29', '02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['Berlin, after the change', '2026-03-29', '08:00', 'Europe/Berlin', '2026-03-29T06:00:00.000Z'],
    ['New York, the skipped hour', '2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // Fall back: 02:00 to 03:00 (Berlin) and 01:00 to 02:00 (New York) happen twice; the first counts.
    ['Berlin, the repeated hour', '2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['Berlin, after the change', '2026-10-25', '08:00', 'Europe/Berlin', '2026-10-25T07:00:00.000Z'],
    ['New York, the repeated hour', '2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s: %s %s in %s is %s', (_, date, time, zone, instant) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(instant);
  });

  it('is the wall-clock time it was asked for, on any day in any zone', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (offset, hour, minute, zone) => {
          const date = addDays('2024-01-01', offset);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instant = zonedInstant(date, time, zone);
          const shown = new Intl.DateTimeFormat('en-GB', {
            timeZone: zone,
            hourCycle: 'h23',
            hour: '2-digit',
            minute: '2-digit',
          }).format(instant);
          expect(localDay(instant, zone).date).toBe(date);
          // Either that time, or (in a skipped hour) up to an hour later.
          const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
          expect(minutes(shown) - minutes(time)).toBeGreaterThanOrEqual(0);
          expect(minutes(shown) - minutes(time)).toBeLessThanOrEqual(60);
        },
      ),
    );
  });
});

describe('dates as people read them', () => {
  it('writes a day with its weekday, whatever the zone it is read in', () => {
    expect(formatDayDate('en', '2026-03-02', 'short')).toBe('Mon, Mar 2');
    expect(formatDayDate('de', '2026-03-02', 'short')).toBe('Mo., 2. März');
    expect(formatDayDate('de', '2026-03-08', 'long')).toBe('Sonntag, 8. März');
    expect(formatDayDate('en', '2026-03-08', 'full')).toBe('Sunday, March 8, 2026');
  });

  it('writes a week as a span', () => {
    expect(formatDateRange('de', '2026-03-02', '2026-03-08')).toBe('2.–8. März 2026');
    expect(formatDateRange('en', '2026-03-30', '2026-04-05')).toBe('March 30\u2009–\u2009April 5, 2026');
  });

  it('links a day to its page: day 4 to the lane choice', () => {
    expect(dayHref(4, { lang: 'de' })).toBe('/choose-lane?lang=de');
    expect(dayHref(5)).toBe('/reflect/day/5');
  });
});

describe('inputs', () => {
  it('needs 10 characters after trimming for a reflection', () => {
    expect(isReflectionLongEnough('  123456789  ')).toBe(false);
    expect(isReflectionLongEnough(' 1234567890 ')).toBe(true);
  });

  it('counts what a person sees as one character as one: emoji, flags, accents', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('😀😀😀😀😀')).toBe(5);
    expect(characterCount('👩‍👩‍👧‍👦🇩🇪👍🏽')).toBe(3);
    expect(characterCount('e\u0301té')).toBe(3);
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const text of ['Grüße „dir“\r\n😀\n\n', '\r\n\r\r\n', 'a\u0301\nb', '🇩🇪\n\n👍🏽 ok\r', '\n']) {
      expect(characterCount(text)).toBe([...segmenter.segment(text)].length);
    }
    expect(characterCount('😀😀😀😀😀', 3)).toBe(3);
    expect(isReflectionLongEnough('😀😀😀😀😀')).toBe(false);
    expect(reflectionStatus('😀😀😀😀😀')).toBe('started');
    expect(reflectionStatus('😀😀😀😀😀😀😀😀😀😀')).toBe('completed');
  });

  it('cuts a text past the limit between characters and says how much it left out', () => {
    const fits = 'a'.repeat(MAX_REFLECTION_LENGTH);
    expect(fitReflection(fits)).toEqual({ text: fits, leftOut: 0 });
    expect(isReflectionWithinLimit(fits)).toBe(true);
    const emoji = '😀'.repeat(MAX_REFLECTION_LENGTH);
    expect(isReflectionWithinLimit(emoji)).toBe(true);
    expect(fitReflection(emoji)).toEqual({ text: emoji, leftOut: 0 });
    const over = `${'a'.repeat(MAX_REFLECTION_LENGTH - 1)}👩‍👩‍👧‍👦tail`;
    expect(isReflectionWithinLimit(over)).toBe(false);
    const cut = fitReflection(over);
    expect(cut.text).toBe(`${'a'.repeat(MAX_REFLECTION_LENGTH - 1)}👩‍👩‍👧‍👦`);
    expect(cut.leftOut).toBe(4);
    expect(characterCount(cut.text)).toBe(MAX_REFLECTION_LENGTH);
  });

  it('cuts only what a change added, keeping the text around it', () => {
    const previous = `start ${'x'.repeat(MAX_REFLECTION_LENGTH - 20)} end 😀`;
    const pasted = 'ÄÖÜ'.repeat(10);
    const next = `start ${pasted}${previous.slice(6)}`;
    const fitted = fitReflection(next, previous);
    expect(fitted.text).toBe(`start ${pasted.slice(0, 8)}${previous.slice(6)}`);
    expect(fitted.leftOut).toBe(22);
    expect(characterCount(fitted.text)).toBe(MAX_REFLECTION_LENGTH);
  });

  it('makes a day completed only with 10 characters written, and only that', () => {
    expect(reflectionStatus('')).toBe('started');
    expect(reflectionStatus(' \n 123456789 \n ')).toBe('started');
    expect(reflectionStatus('1234567890')).toBe('completed');
    expect(isDayCompleted('completed')).toBe(true);
    for (const other of ['started', 'available', 'locked', undefined])
      expect(isDayCompleted(other)).toBe(false);
  });

  it('takes reminder times as HH:MM', () => {
    for (const good of ['00:00', '08:00', '23:59']) expect(isReminderTime(good)).toBe(true);
    for (const bad of ['24:00', '8:00', '08:60', '08:00:00', 'noon', ''])
      expect(isReminderTime(bad)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isReminderMissed, nextReminderSlot, REMINDER_LATE_LIMIT_MS } from './reminders';

const at = (iso: string) => new Date(iso);
const slot = (from: string, time: string, timeZone: string, after?: string) => {
  const next = nextReminderSlot({ from: at(from), time, timeZone, after });
  return { date: next.date, at: next.at.toISOString() };
};

describe('the next reminder', () => {
  it('is today’s while its time is ahead, else tomorrow’s', () => {
    expect(slot('2026-03-02T06:59:00Z', '08:00', 'Europe/Berlin')).toEqual({
      date: '2026-03-02',
      at: '2026-03-02T07:00:00.000Z',
    });
    expect(slot('2026-03-02T07:00:00Z', '08:00', 'Europe/Berlin').date).toBe('2026-03-02');
    expect(slot('2026-03-02T07:00:01Z', '08:00', 'Europe/Berlin')).toEqual({
      date: '2026-03-03',
      at: '2026-03-03T07:00:00.000Z',
    });
  });

  it('is on the person’s date, which may differ from the server’s', () => {
    // 23:30 UTC on Sunday is Monday 12:30 in Auckland: 20:00 there is still ahead.
    expect(slot('2026-03-01T23:30:00Z', '20:00', 'Pacific/Auckland')).toEqual({
      date: '2026-03-02',
      at: '2026-03-02T07:00:00.000Z',
    });
  });

  it('never falls on a day that had its reminder', () => {
    expect(slot('2026-03-02T05:00:00Z', '20:00', 'Europe/Berlin', '2026-03-02').date).toBe('2026-03-03');
    expect(slot('2026-03-02T05:00:00Z', '20:00', 'Europe/Berlin', '2026-03-01').date).toBe('2026-03-02');
  });

  it.each([
    // Spring forward in Berlin (29 March 2026): 08:00 is an hour closer in UTC after the night.
    ['Berlin', 'Europe/Berlin', '2026-03-28', '2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z'],
    // Fall back in Berlin (25 October 2026).
    ['Berlin', 'Europe/Berlin', '2026-10-24', '2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z'],
    // Spring forward in New York (8 March 2026) and fall back (1 November 2026).
    ['New York', 'America/New_York', '2026-03-07', '2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z'],
    ['New York', 'America/New_York', '2026-10-31', '2026-10-31T12:00:00.000Z', '2026-11-01T13:00:00.000Z'],
  ])('keeps 08:00 in %s across the change after %s', (_, zone, before, first, second) => {
    const saturday = slot(`${before}T00:00:00Z`, '08:00', zone);
    expect(saturday).toEqual({ date: before, at: first });
    const sunday = nextReminderSlot({ from: at(first), time: '08:00', timeZone: zone, after: before });
    expect(sunday.at.toISOString()).toBe(second);
    // Exactly one a day: 23 or 25 hours apart on the night of the change.
    const hours = (sunday.at.getTime() - at(first).getTime()) / 3_600_000;
    expect([23, 25]).toContain(hours);
  });

  it('is missed once it is more than two hours late', () => {
    const due = at('2026-03-02T07:00:00Z');
    expect(isReminderMissed(due, new Date(due.getTime() + REMINDER_LATE_LIMIT_MS))).toBe(false);
    expect(isReminderMissed(due, new Date(due.getTime() + REMINDER_LATE_LIMIT_MS + 1))).toBe(true);
  });
});

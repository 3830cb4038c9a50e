import { dayHref } from '@shared/domain/journal';
import { describe, expect, it } from 'vitest';
import { isoWeekNumber, statusTone } from './day-display';

describe('day display', () => {
  it('colours statuses as the spec says: green completed, grey locked, blue otherwise', () => {
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('locked')).toBe('neutral');
    expect(statusTone('available')).toBe('info');
    expect(statusTone('in_progress')).toBe('info');
  });

  it('reads the week number out of an ISO week name', () => {
    expect(isoWeekNumber('2025-W12')).toBe(12);
    expect(isoWeekNumber('2026-W01')).toBe(1);
    expect(isoWeekNumber('12')).toBeNull();
  });

  it('sends day 4 to the lane choice and the others to their reflection', () => {
    expect(dayHref(4)).toBe('/choose-lane');
    expect(dayHref(1)).toBe('/reflect/day/1');
    expect(dayHref(7, { lang: 'de' })).toBe('/reflect/day/7?lang=de');
  });
});

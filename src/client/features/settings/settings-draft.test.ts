import { describe, expect, it } from 'vitest';
import { checkSettings, isSettingsChanged, toReminderTime } from './settings-draft';

const saved = {
  aiEnabled: false,
  reminderTime: '08:00',
  remindersEnabled: false,
  weeklyEmailEnabled: false,
  weeklyEmailQuotes: false,
};

describe('toReminderTime', () => {
  it('takes whole times of day, dropping seconds some browsers add', () => {
    expect(toReminderTime('07:30')).toBe('07:30');
    expect(toReminderTime('23:59:00')).toBe('23:59');
    expect(toReminderTime('00:00:00.000')).toBe('00:00');
  });

  it('refuses what is not a time of day', () => {
    for (const value of ['', '7:30', '24:00', '12:60', 'noon', '12:00 PM']) {
      expect(toReminderTime(value), value).toBeNull();
    }
  });
});

describe('the save button', () => {
  it('has nothing to save while the form shows what is saved', () => {
    expect(isSettingsChanged(saved, saved)).toBe(false);
    expect(isSettingsChanged(saved, { ...saved, reminderTime: '08:00:00' })).toBe(false);
  });

  it('has something to save after any value changed (they are saved together)', () => {
    expect(isSettingsChanged(saved, { ...saved, aiEnabled: true })).toBe(true);
    expect(isSettingsChanged(saved, { ...saved, remindersEnabled: true })).toBe(true);
    expect(isSettingsChanged(saved, { ...saved, weeklyEmailEnabled: true })).toBe(true);
    expect(isSettingsChanged(saved, { ...saved, weeklyEmailQuotes: true })).toBe(true);
    expect(isSettingsChanged(saved, { ...saved, reminderTime: '21:15' })).toBe(true);
    expect(isSettingsChanged(saved, { ...saved, reminderTime: '' })).toBe(true);
  });

  it('sends every value, or says the time is not valid', () => {
    expect(checkSettings({ ...saved, remindersEnabled: true, reminderTime: '21:15:00' })).toEqual({
      ok: true,
      settings: { ...saved, remindersEnabled: true, reminderTime: '21:15' },
    });
    expect(checkSettings({ ...saved, aiEnabled: true, reminderTime: '' })).toEqual({
      ok: false,
      error: 'settings.reminder.invalid',
    });
  });
});

import { isReminderTime } from '@shared/domain/journal';
import type { TSettings } from '@shared/schemas/journal';

/**
 * The settings form: what was saved, what is on screen, and whether there is something to save. The reminder
 * is edited with a native time field, which gives "HH:MM" (or "HH:MM:SS" in browsers that show seconds) and
 * an empty string while the time is incomplete.
 */

/** The form's values: the settings, with the time as the field has it. */
export type SettingsDraft = Omit<TSettings, 'reminderTime'> & { reminderTime: string };

/** The time field's value as the API stores it, or null when it is not a whole time of day. */
export function toReminderTime(fieldValue: string): string | null {
  const value = /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(fieldValue) ? fieldValue.slice(0, 5) : fieldValue;
  return isReminderTime(value) ? value : null;
}

export function isSettingsChanged(saved: TSettings, draft: SettingsDraft): boolean {
  return (
    saved.aiEnabled !== draft.aiEnabled ||
    saved.remindersEnabled !== draft.remindersEnabled ||
    saved.weeklyEmailEnabled !== draft.weeklyEmailEnabled ||
    saved.weeklyEmailQuotes !== draft.weeklyEmailQuotes ||
    toReminderTime(draft.reminderTime) !== saved.reminderTime
  );
}

export type SettingsCheck =
  | { ok: true; settings: TSettings }
  | { ok: false; error: 'settings.reminder.invalid' };

/** All settings, saved together (spec §4), or why not. */
export function checkSettings(draft: SettingsDraft): SettingsCheck {
  const reminderTime = toReminderTime(draft.reminderTime);
  if (reminderTime === null) return { ok: false, error: 'settings.reminder.invalid' };
  return { ok: true, settings: { ...draft, reminderTime } };
}

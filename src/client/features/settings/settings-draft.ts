import { isReminderTime } from '@shared/domain/journal';
import type { TSettings } from '@shared/schemas/journal';

/**
 * The settings form: what was saved, what is on screen, and whether there is something to save. The reminder
 * is edited with a native time field, which gives "HH:MM" (or "HH:MM:SS" in browsers that show seconds) and
 * an empty string while the time is incomplete.
 */

/** The time field's value as the API stores it, or null when it is not a whole time of day. */
export function toReminderTime(fieldValue: string): string | null {
  const value = /^\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(fieldValue) ? fieldValue.slice(0, 5) : fieldValue;
  return isReminderTime(value) ? value : null;
}

export function isSettingsChanged(saved: TSettings, draft: { aiEnabled: boolean; reminderTime: string }) {
  return saved.aiEnabled !== draft.aiEnabled || toReminderTime(draft.reminderTime) !== saved.reminderTime;
}

export type SettingsCheck =
  | { ok: true; settings: TSettings }
  | { ok: false; error: 'settings.reminder.invalid' };

export function checkSettings(draft: { aiEnabled: boolean; reminderTime: string }): SettingsCheck {
  const reminderTime = toReminderTime(draft.reminderTime);
  if (reminderTime === null) return { ok: false, error: 'settings.reminder.invalid' };
  return { ok: true, settings: { aiEnabled: draft.aiEnabled, reminderTime } };
}

import { addDays, type IsoDate, localDay, zonedInstant } from './journal';

/**
 * The daily reminder (issue 14): one e-mail on each local day at the person's reminder time, in their time
 * zone. Pure rules, so the scheduler and its tests share them.
 */

/** A reminder that could not go out at its time (the server was down) is skipped once it is this late. */
export const REMINDER_LATE_LIMIT_MS = 2 * 60 * 60_000;

export type ReminderSlot = { date: IsoDate; at: Date };

/**
 * The first reminder at or after `from`: the local date it is for and its instant, by the zone's rules on
 * that date (`zonedInstant`). Dates up to and including `after` (the day of the last reminder) are passed
 * over, so a day never gets a second one, whatever the clock or the settings do.
 */
export function nextReminderSlot(input: {
  from: Date;
  time: string;
  timeZone: string;
  after?: IsoDate | null;
}): ReminderSlot {
  const start = localDay(input.from, input.timeZone).date;
  for (let offset = 0; ; offset++) {
    const date = addDays(start, offset);
    if (input.after && date <= input.after) continue;
    const at = zonedInstant(date, input.time, input.timeZone);
    if (at.getTime() >= input.from.getTime()) return { date, at };
  }
}

/** Whether a reminder due at `dueAt` is too late to send at `now`. */
export function isReminderMissed(dueAt: Date, now: Date): boolean {
  return now.getTime() - dueAt.getTime() > REMINDER_LATE_LIMIT_MS;
}

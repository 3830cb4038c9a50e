import type { IsoDate } from '@shared/domain/journal';
import { nextReminderSlot, REMINDER_LATE_LIMIT_MS, type ReminderSlot } from '@shared/domain/reminders';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { reminderSchedules } from '../../db/schema/journal';

/**
 * The daily reminder's schedule (issue 14, decision 025): the next instant each person's reminder falls due,
 * kept in `reminder_schedules`. The journal calls `rescheduleReminder` in the transaction of every change
 * that moves it (the settings, the time zone); `sender.ts` sends what falls due.
 */

export type ReminderPreference = {
  userId: string;
  enabled: boolean;
  /** HH:MM on the person's wall clock. */
  time: string;
  timeZone: string;
};

/**
 * Puts the person's next reminder into the schedule, or takes it out while reminders are off. The row is
 * locked meanwhile, so a sender cannot send the old slot while the new one is written; a day that already
 * had its reminder gets no second one. Answers the next instant, or null.
 */
export async function rescheduleReminder(
  tx: DbExecutor,
  input: ReminderPreference & { now: Date },
): Promise<Date | null> {
  const { userId, now } = input;
  if (!input.enabled) {
    await tx
      .update(reminderSchedules)
      .set({ dueAt: null, dueOn: null, updatedAt: now })
      .where(eq(reminderSchedules.userId, userId));
    return null;
  }
  await tx.insert(reminderSchedules).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ lastSentOn: reminderSchedules.lastSentOn })
    .from(reminderSchedules)
    .where(eq(reminderSchedules.userId, userId))
    .for('update');
  const slot = nextReminderSlot({
    from: now,
    time: input.time,
    timeZone: input.timeZone,
    after: row?.lastSentOn,
  });
  await tx
    .update(reminderSchedules)
    .set({ dueAt: slot.at, dueOn: slot.date, updatedAt: now })
    .where(eq(reminderSchedules.userId, userId));
  return slot.at;
}

/** When the person's next reminder is due, or null while reminders are off. */
export async function nextReminderAt(db: DbExecutor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: reminderSchedules.dueAt })
    .from(reminderSchedules)
    .where(eq(reminderSchedules.userId, userId));
  return row?.dueAt ?? null;
}

/**
 * The slot after one that was sent or skipped (`done`): the next day's, or, when the server was down for a
 * while, the first one that is not yet more than two hours late.
 */
export function slotAfter(input: { done: IsoDate; now: Date; time: string; timeZone: string }): ReminderSlot {
  return nextReminderSlot({
    from: new Date(input.now.getTime() - REMINDER_LATE_LIMIT_MS),
    time: input.time,
    timeZone: input.timeZone,
    after: input.done,
  });
}

/** Forgets the person's schedule ("delete my data"; deleting the account removes it through the key). */
export async function deleteReminderSchedule(tx: DbExecutor, userId: string): Promise<void> {
  await tx.delete(reminderSchedules).where(eq(reminderSchedules.userId, userId));
}

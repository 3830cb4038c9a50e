import { CHOOSE_LANE_DAY, dayHref, localDay } from '@shared/domain/journal';
import { isLocale, type TLocale } from '@shared/domain/locale';
import { isReminderMissed } from '@shared/domain/reminders';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { type ProfileV0, profiles, reminderSchedules } from '../../db/schema/journal';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { startIntervalWorker, type Worker } from '../../lib/worker';
import {
  type DayState,
  dayStateKey,
  dayStatesOn,
  EMPTY_PROFILE_V0,
  mailOffUrls,
  topicLabel,
} from '../journal/service';
import { enqueueMails, listUnsubscribeHeaders, type MailMessage } from '../mail/service';
import { renderReminder } from '../mail/templates/personal-mail';
import { slotAfter } from './service';

/**
 * Sends the daily reminders that fall due (issue 14, decision 025). Every app process runs it. Each batch is
 * one transaction: the due schedule rows are claimed with FOR UPDATE SKIP LOCKED (another process takes
 * other rows, never the same), each person's reminder goes into the mail outbox under the key
 * `reminder:<user>:<local date>` (a second one for a day cannot even be written) and the row moves on to
 * its next slot. A crash before the commit leaves the rows due for the next run; after it, the outbox sends.
 */

export type ReminderSenderDeps = {
  db: Database;
  clock: Clock;
  logger: Logger;
  appUrl: string;
  secret: string;
  /** Rows claimed per transaction. */
  batchSize?: number;
};

const DEFAULT_BATCH_SIZE = 500;
/** How often each process looks for due reminders; a reminder goes out within this of its time. */
export const REMINDER_INTERVAL_MS = 15_000;

type DueRow = {
  userId: string;
  dueAt: Date | null;
  dueOn: string | null;
  lastSentOn: string | null;
  email: string;
  profileV0: ProfileV0;
  timeZone: string;
  locale: string;
};

type Settled = { userId: string; dueAt: Date | null; dueOn: string | null; lastSentOn: string | null };

export type ReminderRun = { claimed: number; sent: number; skipped: number };

async function reminderMessage(
  deps: ReminderSenderDeps,
  row: DueRow & { dueOn: string },
  state: DayState,
): Promise<MailMessage> {
  const locale: TLocale = isLocale(row.locale) ? row.locale : 'en';
  const off = mailOffUrls(deps, { userId: row.userId, kind: 'reminder', locale });
  const rendered = await renderReminder({
    locale,
    day: state.day,
    topic: topicLabel(locale, state.topic),
    lane: state.day === CHOOSE_LANE_DAY,
    appUrl: deps.appUrl,
    dayUrl: `${deps.appUrl}${dayHref(state.day, { lang: locale })}`,
    offUrl: off.page,
  });
  return {
    kind: 'reminder',
    messageKey: `reminder:${row.userId}:${row.dueOn}`,
    to: row.email,
    ...rendered,
    headers: listUnsubscribeHeaders(off.oneClick),
  };
}

/** Writes every row's next slot in one statement. */
async function settle(tx: DbExecutor, rows: readonly Settled[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.userId}, ${row.dueAt?.toISOString() ?? null}::timestamptz, ${row.dueOn}::date, ${row.lastSentOn}::date)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${reminderSchedules} as r
    set due_at = v.due_at, due_on = v.due_on, last_sent_on = v.last_sent_on, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(user_id, due_at, due_on, last_sent_on)
    where r.user_id = v.user_id`);
}

/** One batch: claims due rows, enqueues the reminders that should go, moves every row on. */
async function sendBatch(deps: ReminderSenderDeps, batchSize: number): Promise<ReminderRun> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due: DueRow[] = await tx
      .select({
        userId: reminderSchedules.userId,
        dueAt: reminderSchedules.dueAt,
        dueOn: reminderSchedules.dueOn,
        lastSentOn: reminderSchedules.lastSentOn,
        email: users.email,
        profileV0: profiles.profileV0,
        timeZone: profiles.timeZone,
        locale: profiles.locale,
      })
      .from(reminderSchedules)
      .innerJoin(profiles, eq(profiles.userId, reminderSchedules.userId))
      .innerJoin(users, eq(users.id, reminderSchedules.userId))
      .where(and(isNotNull(reminderSchedules.dueAt), lte(reminderSchedules.dueAt, now)))
      .orderBy(asc(reminderSchedules.dueAt))
      .limit(batchSize)
      .for('update', { of: reminderSchedules, skipLocked: true });

    const rows = due.map((row) => {
      const v0 = { ...EMPTY_PROFILE_V0, ...row.profileV0 };
      const dueAt = row.dueAt ?? now;
      const dueOn = row.dueOn ?? localDay(dueAt, row.timeZone).date;
      return { ...row, v0, dueAt, dueOn, missed: isReminderMissed(dueAt, now) };
    });
    const states = await dayStatesOn(
      tx,
      rows
        .filter((row) => row.v0.reminder_enabled && !row.missed)
        .map((row) => ({ userId: row.userId, date: row.dueOn, profileV0: row.v0 })),
    );

    const messages: MailMessage[] = [];
    const settled: Settled[] = [];
    let skipped = 0;
    for (const row of rows) {
      if (!row.v0.reminder_enabled) {
        settled.push({ userId: row.userId, dueAt: null, dueOn: null, lastSentOn: row.lastSentOn });
        continue;
      }
      const state = states.get(dayStateKey(row.userId, row.dueOn));
      let lastSentOn = row.lastSentOn;
      if (state && !state.completed) {
        messages.push(await reminderMessage(deps, row, state));
        lastSentOn = row.dueOn;
      } else {
        skipped += 1;
      }
      const next = slotAfter({ done: row.dueOn, now, time: row.v0.reminder_time, timeZone: row.timeZone });
      settled.push({ userId: row.userId, dueAt: next.at, dueOn: next.date, lastSentOn });
    }
    const sent = await enqueueMails(tx, messages);
    await settle(tx, settled, now);
    return { claimed: due.length, sent, skipped: skipped + messages.length - sent };
  });
}

/**
 * Sends everything due now, a batch at a time, until nothing is due. A row moved on from a missed slot may
 * be due again at once (today's, less than two hours late), and is handled by the next batch.
 */
export async function sendDueReminders(deps: ReminderSenderDeps): Promise<ReminderRun> {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const total: ReminderRun = { claimed: 0, sent: 0, skipped: 0 };
  for (;;) {
    const run = await sendBatch(deps, batchSize);
    if (run.claimed === 0) break;
    total.claimed += run.claimed;
    total.sent += run.sent;
    total.skipped += run.skipped;
  }
  if (total.claimed > 0) deps.logger.info(total, 'reminders: due ones handled');
  return total;
}

/** Looks for due reminders every 15 seconds, the first time a second after start. */
export function startReminderWorker(deps: ReminderSenderDeps): Worker {
  return startIntervalWorker({
    name: 'reminders',
    intervalMs: REMINDER_INTERVAL_MS,
    firstRunMs: 1000,
    logger: deps.logger,
    task: async () => {
      await sendDueReminders(deps);
    },
  });
}

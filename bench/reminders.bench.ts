// The daily reminders (issue 14): 100,000 people with reminders across the day (BENCH_SMOKE=1: 500). The
// real sender (`sendDueReminders`, the work of one worker tick) runs on the real database with the clock
// set minute by minute: 70 % of the people have their reminder spread evenly over the day (about 50 a
// minute), 30 % at 08:00 in Berlin, all in one minute. Figures: the time of a minute's tick, the e-mails a
// tick puts into the outbox per second at the 08:00 peak, and beside it, in the same run, how fast the
// outbox itself sends those reminders to an SMTP sink (a counting smtp-server in a child process). In
// process, on the embedded PGlite, then on PostgreSQL when its binaries are installed.
import './support/production-env.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { type DatabaseHandle, openPgliteDatabase, openPostgresDatabase } from '../src/server/db/client';
import { mailOutbox } from '../src/server/db/schema/mail';
import { createLogger } from '../src/server/lib/logger';
import { drainDueMail } from '../src/server/modules/mail/service';
import { createMailTransport } from '../src/server/modules/mail/transport';
import { sendDueReminders } from '../src/server/modules/reminders/sender';
import { createFakeClock } from '../src/server/test/fake-clock';
import { onPgliteAndPostgres, ROOT, runBenchmark } from './support/app.mjs';
import { withMigratedDatabase } from './support/migrated-data-dir.mjs';
import { freshPostgresDatabase } from './support/postgres-database.mjs';
import { median, reportResult } from './support/result.mjs';
import { startSmtpSink } from './support/smtp-sink.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const PEOPLE = SMOKE ? 500 : 100_000;
const PEAK_SHARE = 0.3;
const MINUTE_TICKS = SMOKE ? 3 : 60;
const OUTBOX_MAILS = SMOKE ? 100 : 5_000;
/** Monday 2 March 2026, 00:00 UTC: minute m of the day is T0 + m minutes. */
const T0 = Date.parse('2026-03-02T00:00:00Z');
/** 08:00 in Berlin that day. */
const PEAK = Date.parse('2026-03-02T07:00:00Z');
const MINUTE = 60_000;
const logger = createLogger({ level: 'silent' });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function openDatabase(databaseUrl: string | undefined, workDir: string) {
  if (!databaseUrl) {
    const dataDir = path.join(workDir, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    return {
      handle: await openPgliteDatabase(await withMigratedDatabase(dataDir)),
      drop: async () => undefined,
    };
  }
  const database = await freshPostgresDatabase(databaseUrl, `mirror_bench_reminders_${process.pid}`);
  return { handle: openPostgresDatabase(database.url) as DatabaseHandle, drop: database.drop };
}

/** The people, their profiles and their schedules, written in three statements. */
async function seed(handle: DatabaseHandle) {
  const even = Math.round(PEOPLE * (1 - PEAK_SHARE));
  const started = performance.now();
  await handle.db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'p' || g, 'p' || g, 'p' || g || '@example.com', true from generate_series(1, ${PEOPLE}) g`);
  // Person g (g <= even) has their reminder at minute floor((g - 1) * 1440 / even) of the day, in UTC; the
  // others at 08:00 in Berlin.
  await handle.db.execute(sql`
    insert into profiles (user_id, first_name, onboarding_completed_at, profile_v0, time_zone, locale)
    select 'p' || g, 'P', now(),
      jsonb_build_object('answers', '[]'::jsonb, 'what_matters', '[]'::jsonb, 'where_safe', '[]'::jsonb,
        'edges', '[]'::jsonb, 'ai_enabled', false, 'reminder_enabled', true, 'weekly_email_enabled', false,
        'reminder_time', case when g <= ${even}
          then to_char(make_interval(mins => ((g - 1) * 1440 / ${even})::int), 'HH24:MI') else '08:00' end),
      case when g <= ${even} then 'UTC' else 'Europe/Berlin' end,
      case when g % 3 = 0 then 'de' else 'en' end
    from generate_series(1, ${PEOPLE}) g`);
  await handle.db.execute(sql`
    insert into reminder_schedules (user_id, due_at, due_on)
    select 'p' || g,
      case when g <= ${even}
        then ${new Date(T0).toISOString()}::timestamptz + make_interval(mins => ((g - 1) * 1440 / ${even})::int)
        else ${new Date(PEAK).toISOString()}::timestamptz end,
      '2026-03-02'
    from generate_series(1, ${PEOPLE}) g`);
  console.log(`${BENCH}: ${PEOPLE} people written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { even, peak: PEOPLE - even };
}

async function scenario(database: { databaseUrl: string | undefined; label: string }, workDir: string) {
  const { handle, drop } = await openDatabase(database.databaseUrl, workDir);
  const sink = await startSmtpSink();
  try {
    await handle.migrate(path.join(ROOT, 'src/server/db/migrations'));
    const { peak } = await seed(handle);
    const clock = createFakeClock(new Date(T0));
    const deps = {
      db: handle.db,
      clock,
      logger,
      appUrl: 'https://mirror.example.org',
      secret: 'bench-secret-with-at-least-32-characters-long',
    };

    // A warm-up tick (templates rendered once per language and day, statements prepared).
    clock.set(new Date(T0 - MINUTE));
    await sendDueReminders(deps);
    const ticks: number[] = [];
    let sentInTicks = 0;
    for (let minute = 0; minute < MINUTE_TICKS; minute++) {
      clock.set(new Date(T0 + minute * MINUTE));
      const began = performance.now();
      const run = await sendDueReminders(deps);
      ticks.push(performance.now() - began);
      sentInTicks += run.sent;
    }
    // Up to a minute before the peak: the hours in between, not measured.
    clock.set(new Date(PEAK - MINUTE));
    await sendDueReminders(deps);
    clock.set(new Date(PEAK));
    const peakBegan = performance.now();
    const peakRun = await sendDueReminders(deps);
    const peakSeconds = (performance.now() - peakBegan) / 1000;
    if (peakRun.sent < peak) throw new Error(`the 08:00 tick sent ${peakRun.sent}, not at least ${peak}`);
    const [outbox] = await handle.db
      .select({ queued: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'reminder'));
    const queued = outbox?.queued ?? 0;
    console.log(
      `${BENCH}: ${MINUTE_TICKS} minute ticks sent ${sentInTicks}; the 08:00 tick ${peakRun.sent} in ` +
        `${peakSeconds.toFixed(2)} s; ${queued} reminders in the outbox`,
    );

    // The outbox, in the same run: the worker's drain of these reminders to the SMTP sink.
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: workDir, logger });
    const mail = { db: handle.db, transport, clock, logger, mailFrom: 'Mirror <bench@mirror.local>' };
    const sendBegan = performance.now();
    let sent = 0;
    while (sent < OUTBOX_MAILS) {
      const run = await drainDueMail(mail, { isStopped: () => sent >= OUTBOX_MAILS });
      sent += run.sent;
      if (run.failed > 0 || run.sent === 0) throw new Error(`the outbox stopped after ${sent} messages`);
    }
    const sendSeconds = (performance.now() - sendBegan) / 1000;
    await transport.close();
    const counted = await sink.count();
    if (counted.messages < OUTBOX_MAILS) throw new Error(`the sink got ${counted.messages} messages`);

    const outboxRate = Math.round(sent / sendSeconds);
    const name = (what: string) =>
      `reminders, ${PEOPLE.toLocaleString('en-US')} people: ${what}${database.label}`;
    reportResult({
      bench: BENCH,
      name: name(`a minute's tick, ${Math.round(sentInTicks / MINUTE_TICKS)} due (median)`),
      value: Math.round(median(ticks) * 10) / 10,
      unit: 'ms',
      better: 'lower',
      goal: '< 1 s (a tick every 15 s)',
    });
    reportResult({
      bench: BENCH,
      name: name("a minute's tick (p95)"),
      value: Math.round(percentile(ticks, 95) * 10) / 10,
      unit: 'ms',
      better: 'lower',
    });
    reportResult({
      bench: BENCH,
      name: name(
        `the 08:00 tick, ${peakRun.sent.toLocaleString('en-US')} due at once: e-mails into the outbox per second`,
      ),
      value: Math.round(peakRun.sent / peakSeconds),
      unit: 'mail/s',
      baseline: outboxRate,
      baselineName: 'the outbox sending those reminders to an SMTP sink (drain, batches of 20), same run',
      better: 'higher',
    });
    reportResult({
      bench: BENCH,
      name: name('the 08:00 tick: time'),
      value: Math.round(peakSeconds * 100) / 100,
      unit: 's',
      baseline: Math.round((peakRun.sent / outboxRate) * 10) / 10,
      baselineName: 'the outbox sending as many (time at its measured rate)',
      better: 'lower',
    });
  } finally {
    await sink.stop();
    await handle.close();
    await drop();
  }
}

await runBenchmark(BENCH, async (workDir, servers) => {
  await onPgliteAndPostgres(BENCH, import.meta.filename, servers, (database) => scenario(database, workDir), {
    nodeArgs: ['--import', 'tsx'],
  });
});

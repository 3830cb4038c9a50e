// Sending a 100,000-recipient campaign (issue #16's size) at an unlimited rate (issue #7). The campaign is
// written by the real service (as `POST /api/admin/campaigns` writes it, but at a rate above the API's
// 1,000/s cap), then the production server (dist/) starts and its campaign worker sends it: claims, each
// message filled in with the recipient's own unsubscribe link from a template composed once per language
// (decision 052), the two-phase SMTP send that records each message before its final dot. The SMTP sink is a counting smtp-server in a child process
// (support/smtp-sink.mjs). The baseline, in the same run to the same sink: nodemailer's pooled SMTP transport
// in this process, sending the same rendered newsletter over as many connections. The server's peak RSS is
// its VmHWM. On the embedded PGlite, then on PostgreSQL when its binaries are installed.
import './support/production-env.mjs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTransport } from 'nodemailer';
import { type DatabaseHandle, openPgliteDatabase, openPostgresDatabase } from '../src/server/db/client';
import { waitingList } from '../src/server/db/schema/waitlist';
import { createStaffAccount } from '../src/server/modules/admin/service';
import { CAMPAIGN_DEFAULT_CONCURRENCY } from '../src/server/modules/campaigns/sender';
import { startCampaign } from '../src/server/modules/campaigns/service';
import { listUnsubscribeHeaders } from '../src/server/modules/mail/service';
import { renderNewsletter } from '../src/server/modules/mail/templates/newsletter';
import { defaultNewsletterContent } from '../src/server/modules/mail/templates/newsletter-copy';
import { unsubscribeUrls } from '../src/server/modules/waitlist/service';
import { type BenchServer, ensureBuild, ROOT, runBenchmark, startApp } from './support/app.mjs';
import { withMigratedDatabase } from './support/migrated-data-dir.mjs';
import { freshPostgresDatabase } from './support/postgres-database.mjs';
import { stopNode } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';
import { startSmtpSink } from './support/smtp-sink.mjs';

const BENCH = path.basename(import.meta.filename);
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): 100 recipients, and with a PostgreSQL server
// already there (TEST_DATABASE_URL, as npm test gives it) the PostgreSQL scenario in this process, as
// support/app.mjs runs it for the other benchmarks: no second start (and tsx compile) of this benchmark.
const SMOKE = process.env.BENCH_SMOKE === '1';
const RECIPIENTS = SMOKE ? 100 : Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
const UNLIMITED_RATE = 1_000_000;
const APP_URL = 'http://127.0.0.1:3000';
const MAIL_FROM = 'Mirror <bench@mirror.local>';
const SECRET = 'bench-session-secret-with-at-least-32-characters';
const POSTGRES_FLAG = '--postgres';
const POSTGRES_SKIPPED = 77;
const RSS_GOAL_MB = 250;

/** The database the server will use, by the scenario: PGlite in DATA_DIR, or a fresh PostgreSQL database. */
async function openDatabase(
  postgres: boolean,
  dataDir: string,
): Promise<{ handle: DatabaseHandle; env: Record<string, string>; drop(): Promise<void> }> {
  if (!postgres) {
    const handle = await openPgliteDatabase(await withMigratedDatabase(dataDir));
    return { handle, env: {}, drop: async () => undefined };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error(`${POSTGRES_FLAG} needs TEST_DATABASE_URL (run under with-postgres.mjs)`);
  const database = await freshPostgresDatabase(base, `mirror_bench_campaign_${process.pid}`);
  return {
    handle: openPostgresDatabase(database.url) as DatabaseHandle,
    env: { DATABASE_URL: database.url },
    drop: database.drop,
  };
}

const content = {
  en: defaultNewsletterContent('newsletter', 'en', APP_URL),
  de: defaultNewsletterContent('newsletter', 'de', APP_URL),
};

/** Writes RECIPIENTS confirmed entries and the campaign to them; returns the seconds the campaign took. */
async function writeCampaign(handle: DatabaseHandle): Promise<{ seconds: number; firstId: string }> {
  await handle.migrate(path.join(ROOT, 'src/server/db/migrations'));
  const now = new Date();
  const ids: string[] = [];
  for (let start = 0; start < RECIPIENTS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, RECIPIENTS - start) }, (_, index) => ({
      email: `bench-${start + index}@example.com`,
      language: (start + index) % 4 === 0 ? 'de' : 'en',
      status: 'confirmed' as const,
      consentAt: now,
      consentTextVersion: 'v1',
      confirmedAt: now,
    }));
    const inserted = await handle.db.insert(waitingList).values(rows).returning({ id: waitingList.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const staff = await createStaffAccount(handle.db, {
    email: 'bench@example.com',
    password: 'bench staff password 1',
    now,
  });
  const began = performance.now();
  const started = await startCampaign(
    { db: handle.db, appUrl: APP_URL },
    {
      actor: { id: staff.id, email: staff.email },
      ip: null,
      now: new Date(),
      request: { entryIds: ids, draftId: null, name: 'Bench', content, ratePerSecond: UNLIMITED_RATE },
    },
  );
  if (!started.ok) throw new Error(`the campaign was refused: ${started.error}`);
  return { seconds: (performance.now() - began) / 1000, firstId: ids[0] ?? '' };
}

/** The most resident memory a process has had, from /proc (Linux), in MB. */
function peakRssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Resolves with the times (performance.now) the first and the RECIPIENTS-th message arrived. */
async function watchSink(
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
  before: number,
  server: BenchServer,
) {
  let first: number | undefined;
  for (;;) {
    const { messages } = await sink.count();
    const now = performance.now();
    if (first === undefined && messages > before) first = now;
    if (messages >= before + RECIPIENTS) return { first: first ?? now, last: now };
    if (server.child.exitCode !== null) throw new Error('the server exited while sending');
    await sleep(5);
  }
}

async function scenario(postgres: boolean, workDir: string, servers: BenchServer[]) {
  const label = postgres ? ' (PostgreSQL)' : '';
  const dataDir = path.join(workDir, `data${postgres ? '-pg' : ''}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const sink = await startSmtpSink();
  const database = await openDatabase(postgres, dataDir);
  let written: { seconds: number; firstId: string };
  try {
    written = await writeCampaign(database.handle);
  } finally {
    await database.handle.close();
  }
  try {
    // The server's campaign worker takes the campaign up as soon as it starts.
    const app = await startApp({
      dataDir,
      env: { SMTP_URL: sink.url, MAIL_FROM, SESSION_SECRET: SECRET, ...database.env },
      servers,
    });
    const sent = await watchSink(sink, 0, app);
    const quiet = await sink.waitUntilQuiet({ quietMs: 1000 });
    if (quiet.messages !== RECIPIENTS || quiet.recipients !== RECIPIENTS) {
      throw new Error(
        `the sink got ${quiet.messages} messages for ${quiet.recipients} addresses, not ${RECIPIENTS}`,
      );
    }
    const peakRss = peakRssMb(app.child.pid);
    await stopNode(app);

    // The baseline: the same rendered newsletter through nodemailer's pool, as many connections.
    const links = unsubscribeUrls({ appUrl: APP_URL, secret: SECRET }, written.firstId, 'en');
    const rendered = await renderNewsletter(
      { kind: 'newsletter', locale: 'en', content: content.en, gif: null, appUrl: APP_URL },
      { unsubscribeUrl: links.page },
    );
    const transport = createTransport({
      url: sink.url,
      pool: true,
      maxConnections: CAMPAIGN_DEFAULT_CONCURRENCY,
    });
    const baselineBegan = performance.now();
    await Promise.all(
      Array.from({ length: RECIPIENTS }, (_, index) =>
        transport.sendMail({
          from: MAIL_FROM,
          to: `baseline-${index}@example.com`,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          headers: listUnsubscribeHeaders(links.oneClick),
        }),
      ),
    );
    const baselineSeconds = (performance.now() - baselineBegan) / 1000;
    transport.close();
    if ((await sink.count()).messages !== 2 * RECIPIENTS)
      throw new Error('the baseline did not deliver every message');

    const sendSeconds = (sent.last - sent.first) / 1000;
    const name = (what: string) => `campaign of ${RECIPIENTS} recipients: ${what}${label}`;
    const baselineName = `nodemailer pooled SMTP, ${CAMPAIGN_DEFAULT_CONCURRENCY} connections, same message`;
    reportResult({
      bench: BENCH,
      name: name('messages/s, first to last message at the sink'),
      value: Math.round(RECIPIENTS / sendSeconds),
      unit: 'msg/s',
      baseline: Math.round(RECIPIENTS / baselineSeconds),
      baselineName,
      better: 'higher',
      goal: '≥ 0.8×',
    });
    reportResult({
      bench: BENCH,
      name: name('total time, writing the campaign plus sending it'),
      value: Math.round((written.seconds + sendSeconds) * 100) / 100,
      unit: 's',
      baseline: Math.round(baselineSeconds * 100) / 100,
      baselineName,
      better: 'lower',
    });
    reportResult({
      bench: BENCH,
      name: name(`peak RSS of the server process${postgres ? '' : ' (PGlite runs inside it)'}`),
      value: peakRss,
      unit: 'MB',
      better: 'lower',
      goal: `< ${RSS_GOAL_MB} MB`,
    });
  } finally {
    await sink.stop();
    await database.drop();
  }
}

/** The PostgreSQL scenario in a child under scripts/with-postgres.mjs, on a throwaway cluster of its own. */
async function onPostgresInChild() {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'scripts/with-postgres.mjs'),
      process.execPath,
      '--import',
      'tsx',
      import.meta.filename,
      POSTGRES_FLAG,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code === POSTGRES_SKIPPED)
    console.log(`${BENCH}: no PostgreSQL server binaries: skipped the PostgreSQL run`);
  else if (code !== 0) process.exitCode = 1;
}

if (process.argv.includes(POSTGRES_FLAG)) {
  await runBenchmark(BENCH, (workDir, servers) => scenario(true, workDir, servers));
} else {
  await ensureBuild(BENCH);
  console.log(`${BENCH}: on the embedded PGlite`);
  await runBenchmark(BENCH, (workDir, servers) => scenario(false, workDir, servers));
  console.log(`${BENCH}: on PostgreSQL`);
  if (SMOKE && process.env.TEST_DATABASE_URL) {
    await runBenchmark(BENCH, (workDir, servers) => scenario(true, workDir, servers));
  } else {
    await onPostgresInChild();
  }
}

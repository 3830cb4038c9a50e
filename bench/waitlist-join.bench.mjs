// The waiting-list join (POST /api/waitlist) under load, on PGlite and on PostgreSQL when installed: each
// request a new address from a new client address, so neither the duplicate check nor a rate limit answers.
// Every join sends its confirmation e-mail to an SMTP sink before it answers (spec §8), and the sink must
// have received exactly one per join. Baselines, same database, same concurrency: an INSERT followed by one
// e-mail by nodemailer's pooled SMTP transport (the least a join does; the goal), and a plain INSERT.
import path from 'node:path';
import { measuredSeconds, onPgliteAndPostgres, ROOT, runBenchmark, startApp } from './support/app.mjs';
import { runId, uniqueJoin } from './support/joins.mjs';
import { runLoad } from './support/load.mjs';
import { describeExit, startNode, stopNode } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';
import { startSmtpSink } from './support/smtp-sink.mjs';

const BENCH = path.basename(import.meta.filename);
// PGlite runs every query on one thread, so more connections mostly add queueing (50 gave the same rate
// with a worse p99); BENCH_JOIN_CONNECTIONS overrides.
const CONNECTIONS = Number(process.env.BENCH_JOIN_CONNECTIONS ?? 20);
// The app's pg Pool has 10 connections (src/server/db/client.ts); the baseline's pool matches it.
const POSTGRES_POOL_SIZE = 10;
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): no warm-ups, a fixed number of joins and of
// inserts per loop (so a busy machine slows it but cannot fail it), both baselines in one child process.
const SMOKE = process.env.BENCH_SMOKE === '1';
const WARMUP_SECONDS = 2;
const SMOKE_JOINS = 2 * CONNECTIONS;
const SMOKE_INSERTS_PER_LOOP = 2;
const EXPECTED_BODY = '{"result":"confirmation_sent"}';
/** The SMTP connections the app's pooled transport opens (src/server/modules/mail/transport.ts). */
const APP_SMTP_CONNECTIONS = 3;

/** A unique address and client IP per request, so neither a rate limit nor the duplicate check fires. */
function joinRequests(tally) {
  const run = runId();
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/waitlist',
      setupRequest: (request) => uniqueJoin(request, run, next++),
      onResponse(status, body) {
        const key = `${status} ${body}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      },
    },
  ];
}

function describeTally(tally) {
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([answer, count]) => `${count}× ${answer.slice(0, 200)}`)
    .join('; ');
}

async function smokeTest(app, sink) {
  const response = await fetch(`${app.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ email: 'smoke@example.com', consent: true, website: '', language: 'en' }),
  });
  const body = await response.text();
  if (response.status !== 201 || body !== EXPECTED_BODY) {
    throw new Error(`a single join answered ${response.status} ${body.slice(0, 300)}`);
  }
  const { messages } = await sink.waitUntilQuiet({ quietMs: 300, timeoutMs: 5000 });
  if (messages !== 1) throw new Error(`a single join sent ${messages} e-mails instead of 1`);
}

async function loadApp(app, seconds, tally) {
  const options = {
    connections: CONNECTIONS,
    requests: joinRequests(tally),
    verifyBody: (body) => body === EXPECTED_BODY,
  };
  const url = `${app.url}/api/waitlist`;
  // The smoke pass proves the benchmark runs, not the figures: a fixed number of joins, which a busy
  // machine completes however slowly, instead of a second in which it might complete none.
  const measured = SMOKE ? { amount: SMOKE_JOINS } : { seconds };
  console.log(
    `${BENCH}: app POST /api/waitlist, ${CONNECTIONS} connections: ${SMOKE ? `${SMOKE_JOINS} joins` : `${WARMUP_SECONDS} s warm-up, then ${seconds} s measured`}…`,
  );
  try {
    if (!SMOKE) await runLoad(url, { ...options, seconds: WARMUP_SECONDS, warmUp: true });
    const result = await runLoad(url, { ...options, ...measured });
    return { rate: result.requests.average, p99Ms: result.latency.p99, p50Ms: result.latency.p50 };
  } catch (error) {
    throw new Error(`${error.message}; answers: ${describeTally(tally)}`);
  }
}

/** Runs the baseline child against the database the app has let go of; resolves with its JSON line. */
async function runBaseline(options, servers) {
  const child = {
    name: 'insert baseline',
    ...startNode([path.join(import.meta.dirname, 'support/insert-baseline.mjs'), JSON.stringify(options)], {
      cwd: ROOT,
      stdout: 'pipe',
    }),
  };
  servers.push(child);
  const chunks = [];
  child.child.stdout.on('data', (chunk) => chunks.push(chunk));
  const outcome = await child.exited;
  if (outcome.code !== 0) throw new Error(`the insert baseline failed (${describeExit(outcome)})`);
  return JSON.parse(Buffer.concat(chunks).toString('utf8').trim().split('\n').at(-1));
}

/** Every join that committed must have sent exactly one confirmation, and the outbox must agree. */
function checkMail(received, before) {
  const joins = before.waitingList;
  const outboxSummary = Object.entries(before.outbox)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  console.log(
    `${BENCH}: confirmation e-mails: ${received.messages} received by the SMTP sink for ${joins} joins ` +
      `(${received.recipients} distinct recipients; outbox: ${outboxSummary || 'empty'})`,
  );
  const sent = before.outbox.sent ?? 0;
  if (received.messages !== joins || received.recipients !== joins || sent !== joins) {
    throw new Error(
      `expected one confirmation e-mail per join: ${joins} joins, ${received.messages} e-mails received, ${sent} marked sent`,
    );
  }
}

async function scenario({ databaseUrl, label, workDir, servers }) {
  const seconds = measuredSeconds();
  const sink = await startSmtpSink();
  servers.push(sink);
  const dataDir = path.join(workDir, 'data');
  const app = await startApp({
    dataDir,
    servers,
    env: { DATABASE_URL: databaseUrl ?? '', TRUST_PROXY: 'true', SMTP_URL: sink.url },
  });
  await smokeTest(app, sink);

  const tally = new Map();
  const figures = await loadApp(app, seconds, tally);
  const answered = [...tally.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `${BENCH}:   ${Math.round(figures.rate)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms ` +
      `(${answered} joins answered in warm-up and measurement)`,
  );
  await sink.waitUntilQuiet();
  const stopped = await stopNode(app);
  if (stopped.code !== 0) console.warn(`${BENCH}: the app stopped with ${describeExit(stopped)}`);
  const received = await sink.count();

  const baselineOptions = databaseUrl
    ? { databaseUrl, poolSize: POSTGRES_POOL_SIZE }
    : { pgliteDir: path.join(dataDir, 'db') };
  const plainRun = SMOKE
    ? { insertsPerLoop: SMOKE_INSERTS_PER_LOOP }
    : { warmupSeconds: WARMUP_SECONDS, seconds };
  const mailedRun = { ...plainRun, smtpUrl: sink.url, smtpConnections: APP_SMTP_CONNECTIONS };
  console.log(
    `${BENCH}: baseline: plain INSERTs, ${CONNECTIONS} concurrent loops: ${SMOKE ? `${SMOKE_INSERTS_PER_LOOP} each` : `${WARMUP_SECONDS} s warm-up, then ${seconds} s measured`}…`,
  );
  const loop = { ...baselineOptions, concurrency: CONNECTIONS };
  // A measuring run gives each baseline a process of its own; a smoke run does both in one (one start, and
  // one opening of PGlite, fewer).
  const first = await runBaseline({ ...loop, runs: SMOKE ? [plainRun, mailedRun] : [plainRun] }, servers);
  const baseline = first.runs[0];
  console.log(
    `${BENCH}:   ${Math.round(baseline.rate)} inserts/s, p50 ${baseline.p50Ms.toFixed(2)} ms, p99 ${baseline.p99Ms.toFixed(2)} ms`,
  );
  // A join answers only once its confirmation e-mail has gone out or failed (spec §8: the thank-you says
  // which), so the least it can cost is an INSERT and one SMTP send. The goal is measured against that.
  console.log(
    `${BENCH}: baseline: an INSERT and one e-mail by nodemailer's pooled SMTP (${APP_SMTP_CONNECTIONS} connections, as the app), ${CONNECTIONS} concurrent loops…`,
  );
  const mailed = SMOKE ? first.runs[1] : (await runBaseline({ ...loop, runs: [mailedRun] }, servers)).runs[0];
  console.log(
    `${BENCH}:   ${Math.round(mailed.rate)} inserts and e-mails/s, p50 ${mailed.p50Ms.toFixed(2)} ms, p99 ${mailed.p99Ms.toFixed(2)} ms`,
  );

  const plain = { bench: BENCH, baselineName: `plain INSERT, same database, ${CONNECTIONS} concurrent` };
  const withMail = {
    bench: BENCH,
    baselineName: `INSERT + one e-mail by pooled nodemailer SMTP to the same sink, ${CONNECTIONS} concurrent`,
  };
  reportResult({
    ...withMail,
    name: `waitlist join throughput${label}`,
    value: figures.rate,
    unit: 'req/s',
    baseline: mailed.rate,
    better: 'higher',
    goal: '≥ 0.5× baseline',
  });
  reportResult({
    ...withMail,
    name: `waitlist join p99 latency${label}`,
    value: figures.p99Ms,
    unit: 'ms',
    baseline: mailed.p99Ms,
    better: 'lower',
  });
  reportResult({
    ...plain,
    name: `waitlist join throughput beside a plain INSERT${label}`,
    value: figures.rate,
    unit: 'req/s',
    baseline: baseline.rate,
    better: 'higher',
  });
  checkMail(received, first.before);
}

async function main(workDir, servers) {
  if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) {
    throw new Error('BENCH_JOIN_CONNECTIONS must be a whole number ≥ 1');
  }
  await onPgliteAndPostgres(BENCH, import.meta.filename, servers, (database) =>
    scenario({ ...database, workDir, servers }),
  );
}

await runBenchmark(BENCH, main);

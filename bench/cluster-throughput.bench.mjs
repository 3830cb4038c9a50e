// Scaling out (issue #18): GET /api/journal/dashboard and POST /api/waitlist with 1, 2 and 3 app processes
// (the production build) on one PostgreSQL, in one run. The load is spread evenly, each process getting its
// share of the connections from its own autocannon, as a load balancer would (a balancer in this process
// would cost CPU the processes need). Throughput is the sum; p99 the highest of the processes' p99s (a
// conservative merge). Beside each figure: the CPU time per request of the app processes and of PostgreSQL
// (from /proc), which is what predicts a machine with more cores. Runs itself under with-postgres.mjs.
// BENCH_SMOKE=1: one short round with 1 and 2 processes, 2 requests per connection to warm up and 5 measured.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureBuild, measuredSeconds, ROOT, runBenchmark, startApp } from './support/app.mjs';
import { runId, uniqueJoin } from './support/joins.mjs';
import { runLoad } from './support/load.mjs';
import { describeExit, startNode } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';
import { startSmtpSink } from './support/smtp-sink.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const PROCESS_COUNTS = SMOKE ? [1, 2] : [1, 2, 3];
/** Divisible by 1, 2 and 3, so every process gets the same share. */
const CONNECTIONS = 24;
const WARMUP_REQUESTS_PER_CONNECTION = SMOKE ? 2 : 10;
const SMOKE_REQUESTS_PER_CONNECTION = 5;
const USERS = SMOKE ? 6 : 48;
const PASSWORD = 'bench harbour lanterns 42';
const TIME_ZONE = 'Europe/Berlin';
const ANSWERS = ['Alex', 'Being trusted', 'Honest conversation', 'With a friend', 'At home', 'Saying no'];
const POSTGRES_FLAG = '--postgres';
const POSTGRES_SKIPPED = 77;
const CLOCK_TICKS = 100;

/** CPU seconds a process (and the children it has waited for, for the postmaster) has used, from /proc. */
function cpuSeconds(pid, withChildren = false) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields 14-17 of stat(5) (utime, stime, cutime, cstime), counted from field 3 here.
    const own = fields[11] + fields[12];
    return (withChildren ? own + fields[13] + fields[14] : own) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const processIds = () =>
  fs.existsSync('/proc') ? fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)) : [];

/**
 * A sampler of PostgreSQL's CPU seconds: the postmaster listening on `port` with the children it has
 * reaped (backends that ended) and its live children (read again at each sample). Null off Linux.
 */
function postgresSampler(port) {
  const postmaster = processIds().find((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[0]?.endsWith('/postgres') && args[args.indexOf('-p') + 1] === String(port);
    } catch {
      return false;
    }
  });
  if (!postmaster) return () => null;
  return () => {
    let total = cpuSeconds(postmaster, true);
    for (const pid of processIds()) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === postmaster) total += cpuSeconds(pid);
      } catch {
        // gone since the listing
      }
    }
    return total;
  };
}

async function call(app, method, urlPath, { body, cookie, ip } = {}) {
  const headers = { origin: app.url, 'x-time-zone': TIME_ZONE };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  if (ip) headers['x-forwarded-for'] = ip;
  const response = await fetch(`${app.url}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function expectCall(app, what, method, urlPath, status, options) {
  const answer = await call(app, method, urlPath, options);
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
}

/**
 * USERS people through the API (sign-up, sign-in, onboarding); only the click on the e-mail link is
 * replaced by setting the flag in the database (the setup is not what is measured).
 */
async function createUsers(app, db) {
  const users = [];
  for (let index = 0; index < USERS; index++) {
    const email = `cluster-bench-${index}@example.com`;
    const ip = `198.18.${(index >> 8) & 255}.${index & 255}`;
    const credentials = { email, password: PASSWORD, language: 'en' };
    await expectCall(app, `sign-up of ${email}`, 'POST', '/api/account/sign-up', 201, {
      body: credentials,
      ip,
    });
    await db.query('update users set email_verified = true where email = $1', [email]);
    const signIn = await expectCall(app, `sign-in of ${email}`, 'POST', '/api/account/sign-in', 200, {
      body: credentials,
      ip,
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await expectCall(app, `onboarding of ${email}`, 'POST', '/api/journal/onboarding/complete', 200, {
      body: { answers: ANSWERS },
      cookie,
      ip,
    });
    users.push(cookie);
  }
  return users;
}

const run = runId();
let joins = 0;

/** The two loads, as autocannon requests: each sets up the next request when it is sent. */
function loadFor(kind, users) {
  let next = 0;
  if (kind === 'dashboard') {
    return {
      path: '/api/journal/dashboard',
      verifyBody: (body) => body.includes('"days":['),
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, cookie: users[next++ % users.length], 'x-time-zone': TIME_ZONE },
          }),
        },
      ],
    };
  }
  return {
    path: '/api/waitlist',
    verifyBody: (body) => body === '{"result":"confirmation_sent"}',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => uniqueJoin(request, run, joins++),
      },
    ],
  };
}

/** The load on `apps`, evenly; resolves with the summed rate, the worst p99 and the CPU per request. */
async function measure(kind, apps, users, seconds, sampleDatabaseCpu) {
  const perProcess = CONNECTIONS / apps.length;
  const runAll = (timing) =>
    Promise.all(
      apps.map((app) => {
        const load = loadFor(kind, users);
        return runLoad(`${app.url}${load.path}`, {
          connections: perProcess,
          ...timing,
          requests: load.requests,
          verifyBody: load.verifyBody,
        });
      }),
    );
  // A number of requests, not a time: a process that has just started (its first e-mail render compiles
  // the templates) may not answer one within a short timed warm-up on a busy machine.
  await runAll({ amount: perProcess * WARMUP_REQUESTS_PER_CONNECTION, seconds: 0 });
  const appCpu = () => apps.reduce((total, app) => total + cpuSeconds(app.child.pid), 0);
  const before = { app: appCpu(), db: sampleDatabaseCpu(), load: process.cpuUsage() };
  // The smoke run (BENCH_SMOKE=1) measures a number of requests, so a busy machine slows it but cannot fail it.
  const results = await runAll(
    SMOKE ? { amount: perProcess * SMOKE_REQUESTS_PER_CONNECTION, seconds: 0 } : { seconds },
  );
  const load = process.cpuUsage(before.load);
  const dbAfter = sampleDatabaseCpu();
  const requests = results.reduce((total, result) => total + result.requests.total, 0);
  const perRequestMs = (cpu) => (cpu * 1000) / requests;
  return {
    rate: results.reduce((total, result) => total + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    appCpuMs: perRequestMs(appCpu() - before.app),
    dbCpuMs: before.db === null || dbAfter === null ? null : perRequestMs(dbAfter - before.db),
    loadCpuMs: perRequestMs((load.user + load.system) / 1e6),
  };
}

async function scenario(workDir, servers) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const seconds = measuredSeconds();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('drop database if exists mirror_bench_cluster with (force)');
  await admin.query('create database mirror_bench_cluster');
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = '/mirror_bench_cluster';
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const sampleDatabaseCpu = postgresSampler(new URL(databaseUrl).port);
  if (sampleDatabaseCpu() === null)
    console.log(`${BENCH}: PostgreSQL's processes not found in /proc: no CPU figures for it`);
  const sink = await startSmtpSink();
  servers.push(sink);
  const env = {
    DATABASE_URL: url.toString(),
    SMTP_URL: sink.url,
    TRUST_PROXY: 'true',
    INVITE_ONLY: 'false',
    SESSION_SECRET: 'bench-cluster-session-secret-of-32-characters',
    // Every process on one database shares the key that seals private text (decision 045).
    ENCRYPTION_KEY: Buffer.alloc(32, 0x5b).toString('base64'),
  };
  const apps = [];
  let users = [];
  let mailBefore = 0;
  const figures = [];
  try {
    for (const count of PROCESS_COUNTS) {
      while (apps.length < count) {
        apps.push(await startApp({ dataDir: path.join(workDir, `data-${apps.length}`), env, servers }));
      }
      if (users.length === 0) {
        users = await createUsers(apps[0], db);
        mailBefore = (await sink.waitUntilQuiet({ quietMs: 500, timeoutMs: 30_000 })).messages;
      }
      const label = `${count} process${count === 1 ? '' : 'es'}`;
      for (const kind of ['dashboard', 'join']) {
        console.log(
          `${BENCH}: ${kind}, ${label}, ${CONNECTIONS} connections: ${WARMUP_REQUESTS_PER_CONNECTION} requests each to warm up, then ${SMOKE ? `${SMOKE_REQUESTS_PER_CONNECTION} requests each` : `${seconds} s`} measured…`,
        );
        const result = await measure(kind, apps, users, seconds, sampleDatabaseCpu);
        const dbCpu = result.dbCpuMs === null ? 'unknown' : `${result.dbCpuMs.toFixed(2)} ms`;
        console.log(
          `${BENCH}:   ${Math.round(result.rate)} req/s, p99 ${result.p99} ms; CPU per request: app ` +
            `${result.appCpuMs.toFixed(2)} ms, PostgreSQL ${dbCpu}, load generator ${result.loadCpuMs.toFixed(2)} ms`,
        );
        figures.push({ kind, count, label, ...result });
      }
    }
    // Every join that committed (answered, or in flight when a run ended) sent its confirmation once.
    const { messages } = await sink.waitUntilQuiet({ quietMs: 500, timeoutMs: 30_000 });
    const { rows } = await db.query(
      `select (select count(*)::int from waiting_list) as joined,
              (select count(*)::int from mail_outbox where status <> 'sent') as unsent`,
    );
    const [{ joined, unsent }] = rows;
    console.log(`${BENCH}: ${joined} joins in the database, ${messages - mailBefore} confirmations received`);
    if (messages - mailBefore !== joined || unsent !== 0) {
      throw new Error(
        `${joined} joins, ${messages - mailBefore} confirmation e-mails received, ${unsent} unsent`,
      );
    }
  } finally {
    await db.end();
  }
  report(figures);
}

function report(figures) {
  const names = {
    dashboard: 'dashboard (GET /api/journal/dashboard)',
    join: 'waitlist join (POST /api/waitlist)',
  };
  for (const figure of figures) {
    const single = figures.find((other) => other.kind === figure.kind && other.count === 1);
    const scaled = figure.count > 1 && single;
    reportResult({
      bench: BENCH,
      name: `${names[figure.kind]} throughput, ${figure.label}`,
      value: figure.rate,
      unit: 'req/s',
      baseline: scaled ? single.rate : null,
      baselineName: scaled ? 'the same with 1 process, same run' : '',
      better: 'higher',
    });
    reportResult({
      bench: BENCH,
      name: `${names[figure.kind]} p99, ${figure.label}`,
      value: figure.p99,
      unit: 'ms',
      baseline: scaled ? single.p99 : null,
      baselineName: scaled ? 'the same with 1 process, same run' : '',
      better: 'lower',
    });
    if (figure.count === 1) {
      reportResult({
        bench: BENCH,
        name: `${names[figure.kind]} CPU per request, app process`,
        value: figure.appCpuMs,
        unit: 'ms',
        baseline: figure.dbCpuMs,
        baselineName: 'PostgreSQL, same requests',
        better: 'lower',
      });
    }
  }
}

async function main(workDir, servers) {
  if (process.argv.includes(POSTGRES_FLAG)) {
    if (!process.env.TEST_DATABASE_URL) throw new Error(`${POSTGRES_FLAG} needs TEST_DATABASE_URL`);
    await scenario(workDir, servers);
    return;
  }
  await ensureBuild(BENCH);
  const child = {
    name: 'with-postgres',
    ...startNode(
      [path.join(ROOT, 'scripts/with-postgres.mjs'), process.execPath, import.meta.filename, POSTGRES_FLAG],
      {
        cwd: ROOT,
        stdout: 'inherit',
      },
    ),
  };
  servers.push(child);
  const outcome = await child.exited;
  if (outcome.code === POSTGRES_SKIPPED) {
    console.log(`${BENCH}: no PostgreSQL server binaries: skipped (this benchmark needs PostgreSQL)`);
    return;
  }
  if (outcome.code !== 0) throw new Error(`the PostgreSQL run failed (${describeExit(outcome)})`);
}

await runBenchmark(BENCH, main);

// The signed-in weekly cycle (issue 4): the dashboard, the 2-second autosave of a day's reflection and
// sign-in, for 50 verified, onboarded users created through the real API, next to GET /api/health of the same
// app (the framework floor). Runs on the embedded PGlite, then, when PostgreSQL server binaries are installed,
// again on a throwaway cluster (scripts/with-postgres.mjs); results named `… (PostgreSQL)`.
import path from 'node:path';
import { createAccount, expectStatus } from './support/accounts.mjs';
import { measuredSeconds, onPgliteAndPostgres, runBenchmark, startApp } from './support/app.mjs';
import { runLoad } from './support/load.mjs';
import { describeExit } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): 5 connections and 6 users (so no account reaches
// its sign-in limit), no warm-ups, and each load a few requests per connection instead of a timed run (one
// sign-in per connection); the PostgreSQL run in the same process when a server is there (support/app.mjs).
const SMOKE = process.env.BENCH_SMOKE === '1';
const CONNECTIONS = SMOKE ? 5 : 20;
const WARMUP_SECONDS = 2;
const USERS = SMOKE ? 6 : 50;
// Sign-up hashes the password (scrypt, in libuv's thread pool), so a few at a time is as fast as it gets.
const SETUP_CONCURRENCY = 5;
const PASSWORD = 'bench harbour lanterns 42';
const TIME_ZONE = 'Europe/Berlin';
const ANSWERS = [
  'Alex',
  'Being trusted, and someone who listens when I talk',
  'Honest conversation and a little space of my own',
  'With my oldest friend, where I feel accepted as I am',
  'At home on a slow Sunday, when nobody is in a hurry',
  'Asking for closeness when I need it, and saying no',
];
// About 400 characters, as a day's reflection a few sentences in.
const REFLECTION =
  'This week started slowly. On Monday I noticed how often I wait for others to name what they need before ' +
  'I say anything about what I need myself. Today I tried it the other way round: I told M. that I was ' +
  'tired and wanted a quiet evening, and nothing bad happened. It felt strange, almost rude, and then it ' +
  'felt like relief. I want to remember that feeling next time I catch myself agreeing to something I ' +
  'do not want.';

/** A client address of its own for each setup request's user (sign-up allows 5 per hour per address). */
function setupAddress(index) {
  return `198.18.${(index >> 8) & 255}.${index & 255}`;
}

/** A client address never used before in this run, so no sign-in limit (per address, per address+user) fires. */
function loadAddress(n) {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Signs up, verifies, signs in and onboards one user; opens the dashboard and day 1 once. */
async function createUser(app, mailDir, index) {
  const email = `journal-bench-${index}@example.com`;
  const ip = setupAddress(index);
  const cookie = await createAccount(app, {
    email,
    password: PASSWORD,
    ip,
    mailDir,
    timeZone: TIME_ZONE,
    answers: ANSWERS,
  });
  const journal = { cookie, ip, timeZone: TIME_ZONE };
  await expectStatus(app, `first dashboard of ${email}`, 'GET', '/api/journal/dashboard', 200, journal);
  await expectStatus(app, `day 1 of ${email}`, 'POST', '/api/journal/days/1?locale=en', 200, journal);
  return { email, cookie };
}

async function createUsers(app, dataDir) {
  const mailDir = path.join(dataDir, 'mail');
  const users = new Array(USERS);
  let next = 0;
  const worker = async () => {
    while (next < USERS) {
      const index = next++;
      users[index] = await createUser(app, mailDir, index);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  console.log(
    `${BENCH}: ${USERS} users signed up, verified, signed in and onboarded in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return users;
}

/** One dashboard must answer 200 with the seven days of the week, or nothing is worth measuring. */
async function smokeTest(app, user) {
  const response = await expectStatus(app, 'smoke test', 'GET', '/api/journal/dashboard', 200, {
    cookie: user.cookie,
    timeZone: TIME_ZONE,
  });
  const dashboard = JSON.parse(response.text);
  if (!Array.isArray(dashboard.days) || dashboard.days.length !== 7) {
    throw new Error(`the dashboard has no seven days: ${response.text.slice(0, 300)}`);
  }
}

/** The day 1 of a user the autosave load wrote for must hold what it wrote. */
async function checkSaved(app, user) {
  const response = await expectStatus(app, 'saved check', 'GET', '/api/journal/days/1?locale=en', 200, {
    cookie: user.cookie,
    timeZone: TIME_ZONE,
  });
  const { entry } = JSON.parse(response.text);
  if (!entry?.contentText?.startsWith(REFLECTION)) {
    throw new Error(
      `day 1 of ${user.email} does not hold the saved reflection: ${response.text.slice(0, 300)}`,
    );
  }
}

function tallyOf(tally) {
  return (status, body) => {
    const key = `${status} ${String(body).slice(0, 200)}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };
}

function describeTally(tally) {
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([answer, count]) => `${count}× ${answer}`)
    .join('; ');
}

/** The measured loads, each with a user's cookie in turn (and, for sign-in, a new client address each). */
function loads(app, users) {
  const journalHeaders = (request, user) => ({
    ...request.headers,
    cookie: user.cookie,
    'x-time-zone': TIME_ZONE,
  });
  let dashboardCount = 0;
  let saveCount = 0;
  const writing = new Set();
  let signInCount = 0;
  return [
    {
      key: 'dashboard',
      title: 'GET /api/journal/dashboard',
      verifyBody: (body) => body.includes('"days":['),
      request: {
        method: 'GET',
        path: '/api/journal/dashboard',
        setupRequest: (request) => ({
          ...request,
          headers: journalHeaders(request, users[dashboardCount++ % users.length]),
        }),
      },
    },
    {
      key: 'autosave',
      title: 'PUT /api/journal/days/1 (autosave)',
      verifyBody: (body) => body.includes('"contentText"'),
      request: {
        method: 'PUT',
        path: '/api/journal/days/1',
        // A save names the version it was written over (a stale one is refused), so no two saves of one
        // user may be under way at once: each request takes a user no other request holds (there are more
        // users than connections, and a connection has one request built or under way at a time) and
        // writes over the version that user's last save returned; its answer frees the user again.
        // A run ends with saves under way whose answers nobody reads: before each run every user's
        // version is read again, as the editor has it from the day it opened.
        beforeRun: async () => {
          writing.clear();
          for (const user of users) {
            const response = await expectStatus(app, 'version', 'GET', '/api/journal/days/1?locale=en', 200, {
              cookie: user.cookie,
              timeZone: TIME_ZONE,
            });
            user.version = JSON.parse(response.text).entry?.version;
          }
        },
        setupRequest: (request, context) => {
          const n = saveCount++;
          const user = users.find((candidate) => !writing.has(candidate));
          writing.add(user);
          context.user = user;
          return {
            ...request,
            headers: {
              ...journalHeaders(request, context.user),
              'content-type': 'application/json',
              origin: app.url,
            },
            body: JSON.stringify({
              contentText: `${REFLECTION} (${n})`,
              baseVersion: user.version ?? 1,
            }),
          };
        },
        onResponse: (status, body, context) => {
          if (status === 200) {
            context.user.version = JSON.parse(body).version;
            context.user.wrote = true;
          }
          writing.delete(context.user);
        },
      },
    },
    {
      key: 'signIn',
      title: 'POST /api/account/sign-in',
      // One sign-in per connection, all answered: on a busy machine 20 concurrent password checks can take
      // longer than the 2 s warm-up (which then completes nothing), and a timed warm-up would leave its
      // unanswered checks running in the thread pool into the measured run. (With `amount` autocannon ignores
      // the duration, which must still be a number.)
      warmup: { amount: CONNECTIONS, seconds: 0 },
      // The smoke run's 1 s can end before any password check does: it counts one sign-in per connection.
      measured: SMOKE ? { amount: CONNECTIONS, seconds: 0 } : undefined,
      verifyBody: (body) => body.includes('"user"'),
      request: {
        method: 'POST',
        path: '/api/account/sign-in',
        setupRequest: (request) => {
          const n = signInCount++;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              origin: app.url,
              'x-forwarded-for': loadAddress(n),
            },
            body: JSON.stringify({
              email: users[n % users.length].email,
              password: PASSWORD,
              language: 'en',
            }),
          };
        },
      },
    },
  ];
}

async function measure(
  app,
  { title, request, verifyBody, warmup = { seconds: WARMUP_SECONDS }, measured },
  seconds,
) {
  const tally = new Map();
  const url = `${app.url}${request.path}`;
  const options = {
    connections: CONNECTIONS,
    requests: [
      {
        ...request,
        onResponse: (status, body, context) => {
          tallyOf(tally)(status, body);
          request.onResponse?.(status, body, context);
        },
      },
    ],
    verifyBody,
  };
  const warmupText = SMOKE ? 'no' : warmup.amount ? `${warmup.amount} requests` : `${warmup.seconds} s`;
  console.log(
    `${BENCH}: ${title}, ${CONNECTIONS} connections: ${warmupText} warm-up, then ${seconds} s measured…`,
  );
  try {
    // A smoke run's figures mean nothing: no warm-up.
    if (!SMOKE) {
      await request.beforeRun?.();
      await runLoad(url, { ...options, ...warmup });
    }
    await request.beforeRun?.();
    const result = await runLoad(url, { ...options, ...(measured ?? { seconds }) });
    const figures = { rate: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
    console.log(
      `${BENCH}:   ${Math.round(figures.rate)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms ` +
        `(${result.requests.total} requests)`,
    );
    return figures;
  } catch (error) {
    const { exitCode: code, signalCode: signal } = app.child;
    const ended =
      code !== null || signal !== null ? `; the app had ended (${describeExit({ code, signal })})` : '';
    throw new Error(`${title}: ${error.message}${ended}; answers: ${describeTally(tally)}`);
  }
}

async function measureHealth(app, seconds) {
  const url = `${app.url}/api/health`;
  console.log(
    `${BENCH}: baseline GET /api/health, ${CONNECTIONS} connections: ${SMOKE ? 'no' : `${WARMUP_SECONDS} s`} warm-up, then ${seconds} s measured…`,
  );
  if (!SMOKE) await runLoad(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const result = await runLoad(url, { connections: CONNECTIONS, seconds });
  const figures = { rate: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  console.log(
    `${BENCH}:   ${Math.round(figures.rate)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
  );
  return figures;
}

function report(label, figures) {
  const { health } = figures;
  const common = {
    bench: BENCH,
    baselineName: `GET /api/health, same app, ${CONNECTIONS} connections`,
  };
  const measures = {
    rate: { name: 'throughput', unit: 'req/s', better: 'higher' },
    p50Ms: { name: 'p50 latency', unit: 'ms', better: 'lower' },
    p99Ms: { name: 'p99 latency', unit: 'ms', better: 'lower' },
  };
  const rows = [
    ['dashboard', 'GET /api/journal/dashboard', ['rate', 'p50Ms', 'p99Ms']],
    ['autosave', 'PUT /api/journal/days/1 (autosave)', ['rate', 'p50Ms', 'p99Ms']],
    // Dominated by the scrypt password check (N 16384, r 16), which runs in libuv's thread pool.
    ['signIn', 'POST /api/account/sign-in', ['rate', 'p99Ms']],
  ];
  for (const [key, title, keys] of rows) {
    for (const measureKey of keys) {
      const { name, unit, better } = measures[measureKey];
      reportResult({
        ...common,
        name: `${title} ${name}${label}`,
        value: figures[key][measureKey],
        unit,
        baseline: health[measureKey],
        better,
      });
    }
  }
}

async function scenario({ databaseUrl, label, workDir, servers }) {
  const seconds = measuredSeconds();
  // Apart for each database: a smoke run does both scenarios in one process (and one workDir).
  const dataDir = path.join(workDir, databaseUrl ? 'data-pg' : 'data');
  const app = await startApp({
    dataDir,
    servers,
    env: {
      // This bench measures the journal, not invitations: accounts sign up openly here (decision 021).
      INVITE_ONLY: 'false',
      DATABASE_URL: databaseUrl ?? '',
      TRUST_PROXY: 'true',
      SMTP_URL: '',
    },
  });
  const users = await createUsers(app, dataDir);
  await smokeTest(app, users[0]);

  const figures = { health: await measureHealth(app, seconds) };
  // Sign-in last: every sign-in adds a session and two rate-limit rows, which the other loads should not see.
  for (const load of loads(app, users)) figures[load.key] = await measure(app, load, seconds);
  const writers = users.filter((user) => user.wrote);
  if (writers.length === 0) throw new Error('the autosave load saved nothing');
  for (const user of writers) await checkSaved(app, user);
  report(label, figures);
}

async function main(workDir, servers) {
  await onPgliteAndPostgres(BENCH, import.meta.filename, servers, (database) =>
    scenario({ ...database, workDir, servers }),
  );
}

await runBenchmark(BENCH, main);

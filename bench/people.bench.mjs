// The People list for staff (issue 13, decision 023) with 100,000 user accounts on PostgreSQL: the latency
// of `GET /api/admin/people` pages (the first page, pages further on by cursor, every sort, searches) from
// the production server, beside a plain `SELECT id, email FROM users ORDER BY created_at DESC LIMIT 50` on
// the same database in the same run. Goal: the page request's p95 under 50 ms. PostgreSQL only (the issue
// asks for it; the embedded database serves a small community); skipped with a line without its binaries.
// BENCH_SMOKE=1 uses 1,000 accounts and fewer requests, and still prints every result line.
import path from 'node:path';
import pg from 'pg';
import { staffSessionCookies } from './support/accounts.mjs';
import { onPgliteAndPostgres, runBenchmark, startApp } from './support/app.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const USERS = SMOKE ? 1_000 : 100_000;
const ROUNDS = SMOKE ? 3 : 25;
const STAFF = { email: 'bench-staff@example.com', password: 'bench staff password 42' };

/**
 * 100,000 accounts as a year of sign-ups leaves them: spread creation times, three in four active at some
 * point, two in three onboarded, some with a week of reflections, some unverified or disabled.
 */
async function seed(client) {
  const started = performance.now();
  await client.query(`
    insert into users (id, name, email, email_verified, created_at, updated_at, language, last_active_at, disabled_at)
    select 'bench-' || n, '', 'person-' || n || '@example.com', n % 17 <> 0,
           now() - (n * interval '5 minutes'), now(),
           case when n % 3 = 0 then 'de' else 'en' end,
           case when n % 4 = 0 then null else now() - ((n % 997) * interval '1 hour') end,
           case when n % 211 = 0 then now() else null end
    from generate_series(1, ${USERS}) as n`);
  await client.query(`
    insert into profiles (user_id, first_name, onboarding_completed_at, profile_v0)
    select 'bench-' || n, null, now() - (n * interval '3 minutes'), '{}'::jsonb
    from generate_series(1, ${USERS}) as n where n % 3 <> 0`);
  await client.query(`
    insert into weeks (user_id, start_date, end_date, iso_week, structure)
    select 'bench-' || n, date '2026-11-23', date '2026-11-29', '2026-W48', '{"topics":{}}'::jsonb
    from generate_series(1, ${USERS}) as n where n % 5 = 0`);
  await client.query(`
    insert into entries (user_id, week_id, day, topic, content_text)
    select w.user_id, w.id, d, 'topic', repeat('x', 120)
    from weeks w, generate_series(1, 5) as d`);
  await client.query('analyze');
  console.log(`${BENCH}: ${USERS} accounts seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The p50 and p95 of a list of milliseconds. */
function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

async function signIn(app) {
  return (await staffSessionCookies(app, STAFF)).join('; ');
}

/** One page request, timed; checks it answered 200 with at most 50 people and no content. */
async function timedPage(app, cookie, query) {
  const started = performance.now();
  const response = await fetch(`${app.url}/api/admin/people?${query}`, { headers: { cookie } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body.people) || body.people.length > 50) {
    throw new Error(
      `GET /api/admin/people?${query} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
  return { ms, body };
}

/** The page requests staff make: first pages of each sort, ten pages on by cursor, searches. */
async function measureApp(app, cookie) {
  const first = [];
  const all = [];
  const sorts = [
    'sort=createdAt&dir=desc',
    'sort=createdAt&dir=asc',
    'sort=email&dir=asc',
    'sort=lastActiveAt&dir=desc',
  ];
  const searches = ['q=person-4', 'q=person-99999', 'q=nobody-at-all', 'q=example.com'];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const sort of sorts) {
      const page = await timedPage(app, cookie, sort);
      first.push(page.ms);
      all.push(page.ms);
      let cursor = page.body.nextCursor;
      for (let step = 0; step < 10 && cursor; step += 1) {
        const next = await timedPage(app, cookie, `${sort}&after=${cursor}`);
        all.push(next.ms);
        cursor = next.body.nextCursor;
      }
    }
    for (const search of searches) all.push((await timedPage(app, cookie, search)).ms);
  }
  const total = (await timedPage(app, cookie, 'sort=createdAt')).body.total;
  if (total.count !== USERS || total.capped)
    throw new Error(`the list counts ${JSON.stringify(total)}, not ${USERS}`);
  return { first: percentiles(first), all: percentiles(all), requests: all.length };
}

/** The floor: the same page as one plain query, from a client of its own. */
async function measureBaseline(client, runs) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const result = await client.query('select id, email from users order by created_at desc limit 50');
    samples.push(performance.now() - started);
    if (result.rows.length !== 50) throw new Error('the plain query found fewer than 50 users');
  }
  return percentiles(samples);
}

async function onPostgres(workDir, servers, databaseUrl) {
  const app = await startApp({
    dataDir: path.join(workDir, 'data'),
    servers,
    env: { DATABASE_URL: databaseUrl, ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seed(client);
    const cookie = await signIn(app);
    // Warm-up: the first requests pay for connections and plans.
    for (let run = 0; run < 5; run += 1) await timedPage(app, cookie, 'sort=createdAt&dir=desc');
    const figures = await measureApp(app, cookie);
    const baseline = await measureBaseline(client, figures.requests);
    console.log(`${BENCH}: ${figures.requests} page requests`);
    const common = {
      bench: BENCH,
      unit: 'ms',
      better: 'lower',
      baselineName: 'plain SELECT … LIMIT 50 (p95)',
    };
    reportResult({
      ...common,
      name: `People first page p95, ${USERS} accounts (PostgreSQL)`,
      value: figures.first.p95,
      baseline: baseline.p95,
      goal: '< 50 ms',
    });
    reportResult({
      ...common,
      name: `People page p95 (first pages, 10 pages on, searches), ${USERS} accounts (PostgreSQL)`,
      value: figures.all.p95,
      baseline: baseline.p95,
      goal: '< 50 ms',
    });
    reportResult({
      ...common,
      name: `People page p50, ${USERS} accounts (PostgreSQL)`,
      value: figures.all.p50,
      baseline: baseline.p50,
      baselineName: 'plain SELECT … LIMIT 50 (p50)',
    });
  } finally {
    await client.end();
  }
}

await runBenchmark(BENCH, (workDir, servers) =>
  onPgliteAndPostgres(
    BENCH,
    import.meta.filename,
    servers,
    ({ databaseUrl }) => onPostgres(workDir, servers, databaseUrl),
    {
      pglite: false,
    },
  ),
);

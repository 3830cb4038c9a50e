// `/list` with the newsletter list open, in Chromium, with 100,000 subscribers (issue 16; BENCH_SMOKE=1:
// 2,000, one run, no warm-up): the time from starting the navigation until the page is interactive with its
// first page of the list: the app says it is ready, 50 rows are shown, and a click on the first row's
// checkbox has ticked it.
// Baseline, same run, same browser and server: `/list` with every section closed until ready. Goal: under
// 1 s. On the embedded PGlite (seeded between two starts of the app, as PGlite has one owner at a time),
// then on PostgreSQL when installed.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { staffSessionCookies } from './support/accounts.mjs';
import { onPgliteAndPostgres, runBenchmark, startApp } from './support/app.mjs';
import { stopNode } from './support/processes.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = SMOKE ? 2_000 : 100_000;
const RUNS = SMOKE ? 1 : 7;
const STAFF = { email: 'bench-staff@example.com', password: 'bench staff password 42' };
/** The cookie /list keeps its open sections in (ADMIN_OPEN_SECTIONS_COOKIE, decision 050). */
const OPEN_SECTIONS_COOKIE = 'mirror-admin-sections';

/** Subscribers as a year of joins leaves them: every status and both languages, newest first. */
const SEED = `
  insert into waiting_list (email, language, status, created_at, updated_at, consent_at, consent_text_version,
                            confirmed_at)
  select 'person' || n || '@example' || (n % 7) || '.com',
         case when n % 3 = 0 then 'de' else 'en' end,
         (array['unconfirmed', 'confirmed', 'confirmed', 'unsubscribed'])[n % 4 + 1],
         now() - n * interval '1 minute', now(), now() - n * interval '1 minute', '2026-11-22',
         case when n % 4 in (1, 2) then now() - n * interval '1 minute' end
  from generate_series(1, ${ROWS}) as n`;

async function staffCookies(app) {
  return (await staffSessionCookies(app, STAFF)).map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: app.url };
  });
}

/**
 * One fresh browser context (nothing cached) per run: milliseconds from starting the navigation to `done`.
 * `listOpen` opens the newsletter list as the staff member left it (the open sections are kept per browser).
 */
async function timedVisit(browser, app, cookies, listOpen) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { hostname } = new URL(app.url);
    await context.addCookies([
      ...cookies,
      { name: 'mirror-revealed', value: '1', url: app.url },
      {
        name: OPEN_SECTIONS_COOKIE,
        value: listOpen ? 'newsletterList' : '',
        domain: hostname,
        path: '/list',
      },
    ]);
    await context.addInitScript(() => window.sessionStorage.setItem('mirror.revealed', '1'));
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${app.url}/list`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
      timeout: 60_000,
    });
    const ready = performance.now() - started;
    if (listOpen) {
      const rows = page.locator('tbody tr');
      await rows.nth(49).waitFor({ timeout: 60_000 });
      const shown = performance.now() - started;
      const first = rows.first().getByRole('checkbox');
      await first.click();
      await page.waitForFunction(
        () => document.querySelector('tbody tr input[type="checkbox"]')?.checked === true,
        null,
        { timeout: 60_000 },
      );
      if (process.env.BENCH_VERBOSE) {
        console.log(
          `ready ${ready.toFixed(0)}, rows ${shown.toFixed(0)}, ticked ${(performance.now() - started).toFixed(0)} ms`,
        );
      }
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

async function measure(app, label) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const cookies = await staffCookies(app);
    // Warm-up: the server's first requests pay for plans and caches, the browser for its start.
    if (!SMOKE) await timedVisit(browser, app, cookies, true);
    const open = [];
    const closed = [];
    for (let run = 0; run < RUNS; run += 1) {
      open.push(await timedVisit(browser, app, cookies, true));
      closed.push(await timedVisit(browser, app, cookies, false));
    }
    console.log(
      `${BENCH}: list open ${open.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
        `sections closed ${closed.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    reportResult({
      bench: BENCH,
      name: `/list with the list open, ${ROWS.toLocaleString('en')} subscribers: navigation to interactive (50 rows shown, first row ticked by a click), median of ${RUNS}${label}`,
      value: Math.round(median(open)),
      unit: 'ms',
      baseline: Math.round(median(closed)),
      baselineName: '/list with every section closed, until ready, same run',
      better: 'lower',
      goal: '< 1,000 ms',
    });
  } finally {
    await browser.close();
  }
}

const appEnv = (databaseUrl) => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ADMIN_EMAIL: STAFF.email,
  ADMIN_PASSWORD: STAFF.password,
});

async function onPglite(workDir, servers) {
  const dataDir = path.join(workDir, 'pglite-data');
  // The first start creates the database (migrations, the staff account); then the bench seeds it alone.
  const first = await startApp({ dataDir, servers, env: appEnv() });
  await stopNode(first);
  servers.splice(servers.indexOf(first), 1);
  const started = performance.now();
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    await db.exec(SEED);
    await db.exec('analyze');
  } finally {
    await db.close();
  }
  console.log(
    `${BENCH}: ${ROWS} subscribers seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await measure(await startApp({ dataDir, servers, env: appEnv() }), '');
}

async function onPostgres(workDir, servers, databaseUrl) {
  const app = await startApp({ dataDir: path.join(workDir, 'pg-data'), servers, env: appEnv(databaseUrl) });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(SEED);
    await client.query('analyze');
  } finally {
    await client.end();
  }
  await measure(app, ' (PostgreSQL)');
}

await runBenchmark(BENCH, (workDir, servers) =>
  onPgliteAndPostgres(BENCH, import.meta.filename, servers, ({ databaseUrl }) =>
    databaseUrl ? onPostgres(workDir, servers, databaseUrl) : onPglite(workDir, servers),
  ),
);

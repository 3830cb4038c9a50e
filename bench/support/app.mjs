// Building and starting the app the way the benchmarks measure it: the production bundle in dist/, a
// throwaway DATA_DIR, and an environment pinned so that a developer's shell cannot change what is measured.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from '../../scripts/build-stamp.mjs';
import { SERVER_NODE_OPTIONS } from '../../scripts/server-node-options.mjs';
import { withMigratedDatabase } from './migrated-data-dir.mjs';
import { describeExit, freePort, startNode, stopNode, waitUntilReady } from './processes.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The test-support token of every app a benchmark starts (decision 067), for ./accounts.mjs. */
export const BENCH_TEST_SUPPORT_TOKEN = randomBytes(24).toString('hex');

const DEFAULT_SECONDS = 10;

/** The measured seconds per run: BENCH_DURATION, or 10. */
export function measuredSeconds() {
  const raw = process.env.BENCH_DURATION;
  if (!raw) return DEFAULT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`BENCH_DURATION must be a whole number of seconds, got ${JSON.stringify(raw)}`);
  }
  return seconds;
}

/** Builds dist/ when the sources changed since the last build. */
export async function ensureBuild(bench) {
  if (isBuildCurrent()) return;
  console.log(`${bench}: dist/ is out of date, building…`);
  const { build } = await import('../../scripts/build.mjs');
  await build({ quiet: true });
}

/** More Node options for the server processes, for profiling: BENCH_SERVER_NODE_ARGS (`--cpu-prof …`). */
function serverNodeArgs() {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts `node dist/server/main.js` (with the server's Node options, as `npm start`) on a free port with
 * DATA_DIR `dataDir` and the embedded database (migrated beforehand, ./migrated-data-dir.mjs) unless
 * `env.DATABASE_URL` says otherwise; resolves once
 * /api/health answers. The server is pushed to `servers` first, so a caller's clean-up stops it even when
 * it never became ready.
 */
export async function startApp({ dataDir, env = {}, servers }) {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  if (!env.DATABASE_URL) await withMigratedDatabase(dataDir);
  const app = {
    name: 'app',
    port,
    url: `http://127.0.0.1:${port}`,
    ...startNode([...SERVER_NODE_OPTIONS, ...serverNodeArgs(), path.join(ROOT, 'dist/server/main.js')], {
      cwd: ROOT,
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: '',
        // The address the benchmark uses, so links the app builds (canonical, e-mails) name it.
        APP_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        SESSION_SECRET: '',
        TRUST_PROXY: 'false',
        S3_ENDPOINT: '',
        S3_BUCKET: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        // So createAccount (./accounts.mjs) can say its person joined two weeks ago (decision 067).
        TEST_SUPPORT_TOKEN: BENCH_TEST_SUPPORT_TOKEN,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
    }),
  };
  servers.push(app);
  await waitUntilReady(`${app.url}/api/health`, app);
  return app;
}

/**
 * The built app (built first if needed) on the embedded database in `workDir`, behind one trusted proxy
 * (requests name their client in `X-Forwarded-For`), sending its mail to a counting SMTP sink.
 */
export async function startAppWithMailSink({ bench, workDir, servers, env = {} }) {
  await ensureBuild(bench);
  const { startSmtpSink } = await import('./smtp-sink.mjs');
  const sink = await startSmtpSink();
  servers.push(sink);
  const app = await startApp({
    dataDir: path.join(workDir, 'data'),
    servers,
    env: { TRUST_PROXY: 'true', SMTP_URL: sink.url, ...env },
  });
  return { app, sink };
}

/** Stops every server in `servers` and removes `workDir`, once however often it is called. */
export function cleanUpOnce(workDir, servers) {
  let done;
  return () => {
    done ??= Promise.all(servers.map((server) => (server.stop ? server.stop() : stopNode(server)))).finally(
      () => fs.rmSync(workDir, { recursive: true, force: true }),
    );
    return done;
  };
}

/**
 * Runs a benchmark's `body(workDir, servers)` with a fresh temporary directory, and stops every server it
 * started and removes the directory afterwards, also on failure or Ctrl-C. A failure sets exit code 1.
 */
export async function runBenchmark(name, body) {
  const workDir = fs.mkdtempSync(
    path.join(os.tmpdir(), `mirror-bench-${name.replace(/\.bench\.\w+$/, '')}-`),
  );
  const servers = [];
  const cleanUp = cleanUpOnce(workDir, servers);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => cleanUp().finally(() => process.exit(130)));
  }
  try {
    await body(workDir, servers);
  } catch (error) {
    console.error(`${name} failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

const SMOKE = process.env.BENCH_SMOKE === '1';
const POSTGRES_FLAG = '--postgres';
/** scripts/with-postgres.mjs exits with this when there are no PostgreSQL server binaries. */
const POSTGRES_SKIPPED = 77;

/**
 * Runs `scenario({ databaseUrl, label })` on the embedded PGlite, then on a throwaway PostgreSQL: the bench
 * file (`benchFile`, its import.meta.filename) runs itself again under scripts/with-postgres.mjs with
 * --postgres, and that run does only the PostgreSQL scenario. Skipped with a line when PostgreSQL is missing.
 * `{ pglite: false }` runs the PostgreSQL scenario only. `nodeArgs` go before the file (`['--import', 'tsx']`
 * for a .ts bench). A smoke run (BENCH_SMOKE=1) with a PostgreSQL server already there (TEST_DATABASE_URL,
 * as npm test and with-postgres.mjs give it) runs the PostgreSQL scenario in this process instead, on a
 * database of its own that it drops afterwards: the same scenario without starting the benchmark a second
 * time (for a .ts one, a second compile of the sources it imports).
 */
export async function onPgliteAndPostgres(
  bench,
  benchFile,
  servers,
  scenario,
  { pglite = true, nodeArgs = [] } = {},
) {
  if (process.argv.includes(POSTGRES_FLAG)) {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl)
      throw new Error(`${POSTGRES_FLAG} needs TEST_DATABASE_URL (run under with-postgres.mjs)`);
    await scenario({ databaseUrl, label: ' (PostgreSQL)' });
    return;
  }
  await ensureBuild(bench);
  if (pglite) {
    console.log(`${bench}: on the embedded PGlite`);
    const before = servers.length;
    await scenario({ databaseUrl: undefined, label: '' });
    // In a smoke run the servers of the PGlite scenario would idle through the PostgreSQL one: stopped first.
    if (SMOKE) await stopStartedSince(servers, before);
  }
  console.log(`${bench}: on PostgreSQL`);
  if (SMOKE && process.env.TEST_DATABASE_URL) {
    await onPostgresHere(servers, scenario);
    return;
  }
  const child = {
    name: 'with-postgres',
    ...startNode(
      [path.join(ROOT, 'scripts/with-postgres.mjs'), process.execPath, ...nodeArgs, benchFile, POSTGRES_FLAG],
      {
        cwd: ROOT,
        stdout: 'inherit',
      },
    ),
  };
  servers.push(child);
  const outcome = await child.exited;
  if (outcome.code === POSTGRES_SKIPPED) {
    console.log(`${bench}: no PostgreSQL server binaries: skipped the PostgreSQL run`);
    return;
  }
  if (outcome.code !== 0) throw new Error(`the PostgreSQL run failed (${describeExit(outcome)})`);
}

/**
 * The PostgreSQL scenario in this process, on a fresh database on TEST_DATABASE_URL's server; the servers it
 * started are stopped before the database is dropped, as a run under with-postgres.mjs ends.
 */
async function onPostgresHere(servers, scenario) {
  const { freshPostgresDatabase } = await import('./postgres-database.mjs');
  const name = `mirror_bench_${process.pid}_${Date.now().toString(36)}`;
  const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL, name);
  const before = servers.length;
  try {
    await scenario({ databaseUrl: database.url, label: ' (PostgreSQL)' });
  } finally {
    await stopStartedSince(servers, before);
    await database.drop();
  }
}

/** Stops the servers pushed to `servers` after its first `count`, then takes them off it. */
async function stopStartedSince(servers, count) {
  const started = servers.slice(count);
  await Promise.all(started.map((server) => (server.stop ? server.stop() : stopNode(server))));
  servers.splice(count, started.length);
}

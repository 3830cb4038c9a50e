// `npm test`: every check the project has, then a timing table and one line that sums them all up.
// Lint, typecheck and build count as one test each; vitest and Playwright report their own counts.
//
// The stages run three at a time (decision 063): whenever one ends, the first stage of the list whose needs
// have ended starts (the end-to-end tests, the benchmarks and the cluster test need the build). One throwaway
// PostgreSQL server serves every stage that needs one, each in databases of its own. A stage's output is kept in test-results/logs/ and printed whole when it ends, so
// the outputs of stages running at the same time do not mix.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROME_PATH } from './chromium.mjs';
import { log as postgresLog, startThrowawayPostgres } from './postgres-cluster.mjs';
import { formatTimingTable, readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const REPORTS = path.join(RESULTS, 'reports');
const LOGS = path.join(RESULTS, 'logs');
const HEARTBEAT_MS = 60_000;

const started = Date.now();
const since = () => (Date.now() - started) / 1000;

/** Runs a command with its output in `logFile`; resolves with its exit code. */
function run(command, args, { env = {}, logFile }) {
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, 'a');
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    child.on('error', (error) => {
      fs.appendFileSync(logFile, `could not run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      fs.closeSync(out);
      resolve(signal ? 1 : code);
    });
  });
}

const one = (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });

async function check(context, command, args) {
  const code = await run(command, args, context);
  return {
    counts: one(code === 0),
    failures: code === 0 ? [] : [`${context.name}: failed (see its output)`],
  };
}

async function vitest(context, args, { postgres = false } = {}) {
  if (postgres && !context.postgresUrl) return skippedForPostgres(context);
  const report = path.join(REPORTS, `${context.id}.json`);
  fs.rmSync(report, { force: true });
  const env = postgres ? { TEST_DATABASE_URL: context.postgresUrl } : { TEST_DATABASE_URL: '' };
  const code = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { ...context, env },
  );
  return readVitestReport(report, { root: ROOT, exitCode: code, stage: context.short });
}

async function playwright(context) {
  const report = path.join(REPORTS, 'e2e.json');
  fs.rmSync(report, { force: true });
  const code = await run('npx', ['playwright', 'test'], { ...context, env: { E2E_JSON_REPORT: report } });
  return readPlaywrightReport(report, { exitCode: code });
}

function skippedForPostgres(context) {
  fs.appendFileSync(context.logFile, `no PostgreSQL server: ${context.postgresMissing}\n`);
  return { counts: { passed: 0, failed: 0, skipped: 1 }, failures: [] };
}

/**
 * The stages, in the order they start: three run at a time on two cores (many of their processes wait on a
 * browser, a child process or a socket), and whenever one ends the first stage below whose `needs` have ended
 * takes its place. The long ones start early; the PostgreSQL pass and the cluster test take the place of
 * whichever ends first.
 */
const SLOTS = 3;
const STAGES = [
  {
    id: 'build',
    short: 'build',
    name: 'build',
    action: (c) => check(c, 'node', ['scripts/build.mjs']),
  },
  {
    id: 'lint',
    short: 'lint',
    name: 'lint (biome)',
    action: (c) => check(c, 'npx', ['biome', 'ci', '.']),
  },
  {
    id: 'typecheck',
    short: 'typecheck',
    name: 'typecheck (tsc)',
    // One checker thread: as fast alone on two cores, and a third less CPU taken from the stages beside it.
    action: (c) => check(c, 'npx', ['tsc', '--noEmit', '--singleThreaded', '-p', 'tsconfig.json']),
  },
  {
    id: 'e2e',
    short: 'e2e',
    name: 'end-to-end tests in Chromium (Playwright)',
    needs: ['build'],
    action: playwright,
  },
  {
    id: 'vitest-pglite',
    short: 'PGlite',
    name: 'unit and integration tests on PGlite (vitest)',
    action: (c) => vitest(c, []),
  },
  {
    id: 'bench',
    short: 'bench',
    name: 'benchmarks, smoke run (bench/README.md)',
    needs: ['build'],
    // Every benchmark once, briefly (BENCH_SMOKE=1): a benchmark that crashes or prints no result fails here.
    action: (c) =>
      check({ ...c, env: c.postgresUrl ? { TEST_DATABASE_URL: c.postgresUrl } : {} }, 'node', [
        'scripts/bench.mjs',
        '--smoke',
      ]),
  },
  {
    id: 'vitest-postgres',
    short: 'PostgreSQL',
    name: 'integration tests on PostgreSQL (vitest)',
    action: (c) => vitest(c, ['--project', 'integration'], { postgres: true }),
  },
  {
    id: 'cluster',
    short: 'cluster',
    name: 'cluster test, 3 processes on PostgreSQL (vitest)',
    needs: ['build'],
    action: (c) => vitest(c, ['--config', 'vitest.cluster.config.ts'], { postgres: true }),
  },
];

function ensureChromium() {
  if (fs.existsSync(CHROME_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install the Debian package chromium, or set CHROME_PATH.');
    return;
  }
  console.log('installing Debian chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

async function startPostgres() {
  try {
    // No autovacuum: the stages make and drop hundreds of short-lived databases, and a worker vacuuming one
    // of them takes CPU from the tests for nothing (the benchmarks' smoke figures mean nothing either).
    const server = await startThrowawayPostgres({ settings: ['autovacuum=off'] });
    if (server.missing) return { missing: `PostgreSQL binaries not found (${server.missing})` };
    postgresLog(
      `PostgreSQL ${server.version} on ${new URL(server.url).host}, for every stage that needs one`,
    );
    return server;
  } catch (error) {
    return { missing: `the throwaway PostgreSQL did not start: ${error.message}` };
  }
}

fs.rmSync(LOGS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
fs.mkdirSync(LOGS, { recursive: true });
ensureChromium();
const postgres = await startPostgres();

const results = new Map();
const ended = new Map();
const running = new Set();
const heartbeat = setInterval(() => {
  const names = [...running].map((stage) => `${stage.short} (${(since() - stage.from).toFixed(0)} s)`);
  if (names.length) console.log(`… ${since().toFixed(0)} s: running ${names.join(', ')}`);
}, HEARTBEAT_MS);

async function runStage(stage) {
  for (const need of stage.needs ?? []) await ended.get(need);
  const failedNeed = (stage.needs ?? []).find((need) => results.get(need)?.counts.failed);
  const context = {
    ...stage,
    logFile: path.join(LOGS, `${stage.id}.log`),
    postgresUrl: postgres.url,
    postgresMissing: postgres.missing,
    from: since(),
  };
  running.add(context);
  console.log(`\n▶ ${stage.name} (from ${context.from.toFixed(0)} s)`);
  const result = failedNeed
    ? { counts: one(false), failures: [`${stage.name}: not run, ${failedNeed} failed`] }
    : await stage.action(context);
  running.delete(context);
  const seconds = since() - context.from;
  results.set(stage.id, { ...result, from: context.from, seconds });
  const output = fs.existsSync(context.logFile) ? fs.readFileSync(context.logFile, 'utf8') : '';
  console.log(
    `\n━━ ${stage.name}: ${seconds.toFixed(0)} s ━━\n${output.trimEnd()}\n━━ end of ${stage.name} ━━`,
  );
}

for (const stage of STAGES) {
  let resolve;
  ended.set(stage.id, new Promise((done) => (resolve = done)));
  stage.done = resolve;
}
const pending = [...STAGES];
const anyEnds = () => Promise.race([...running].map((stage) => ended.get(stage.id)));
const slots = Array.from({ length: SLOTS }, async () => {
  for (;;) {
    const ready = pending.find((stage) => (stage.needs ?? []).every((need) => results.has(need)));
    if (!ready) {
      if (pending.length === 0) return;
      await anyEnds();
      continue;
    }
    pending.splice(pending.indexOf(ready), 1);
    await runStage(ready);
    ready.done();
  }
});
await Promise.all(slots);
clearInterval(heartbeat);
await postgres.stop?.();

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const stages = [];
const files = [];
let e2eTests = [];
for (const stage of STAGES) {
  const result = results.get(stage.id);
  for (const key of Object.keys(totals)) totals[key] += result.counts[key];
  failures.push(...result.failures);
  if (result.counts.failed > 0 && result.failures.length === 0)
    failures.push(`${stage.name}: failed (see its output)`);
  stages.push({ name: stage.name, from: result.from, seconds: result.seconds, ...result.counts });
  files.push(...(result.files ?? []));
  if (result.tests) e2eTests = result.tests;
}

console.log(`\n${formatTimingTable({ stages, files, e2eTests, totalSeconds: since() })}\n`);
if (failures.length) {
  console.log('what failed:');
  for (const failure of failures.slice(0, 30)) console.log(`  ✘ ${failure}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
  console.log('');
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);

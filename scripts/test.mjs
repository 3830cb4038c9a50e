// `npm test`: every check the project has, in order, then one line that sums them all up.
// Lint, typecheck and build count as one test each; vitest and Playwright report their own counts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { CHROME_PATH } from './chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const SKIPPED_EXIT = 77;

const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
/** What failed, by name and first message line: printed last, so the end of a CI log says what to fix. */
const failures = [];

function firstLine(message) {
  const text = stripVTControlCharacters(String(message ?? ''));
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(signal ? 1 : code));
  });
}

function record(name, counts, seconds) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  rows.push({ name, ...counts, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function step(name, action) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const known = failures.length;
  const counts = await action();
  if (counts.failed > 0 && failures.length === known) failures.push(`${name}: failed (see its output above)`);
  record(name, counts, (Date.now() - started) / 1000);
}

async function check(command, args) {
  const code = await run(command, args);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
}

async function vitest(args, outputName, wrapper = []) {
  const output = path.join(RESULTS, outputName);
  fs.rmSync(output, { force: true });
  const vitestArgs = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ];
  const code = await run(
    wrapper.length ? 'node' : 'npx',
    wrapper.length ? [...wrapper, 'npx', ...vitestArgs] : vitestArgs,
  );
  if (code === SKIPPED_EXIT) return { passed: 0, failed: 0, skipped: 1 };
  const report = readJson(output);
  if (!report) {
    failures.push(`${outputName}: vitest wrote no report (exit code ${code})`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  for (const file of report.testResults ?? []) {
    const name = path.relative(ROOT, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
  // A non-zero exit with no failed test: an error outside the tests, counted as one failure.
  const outside = code !== 0 && report.numFailedTests === 0;
  if (outside) {
    failures.push(
      `${outputName}: vitest exited with code ${code} (an error outside a test; see its output above)`,
    );
  }
  const failed = report.numFailedTests + (outside ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

async function playwright() {
  const output = path.join(RESULTS, 'e2e-results.json');
  fs.rmSync(output, { force: true });
  const code = await run('npx', ['playwright', 'test']);
  const report = readJson(output);
  const stats = report?.stats;
  if (!stats) {
    failures.push(`Playwright wrote no report (exit code ${code})`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(
          `${[...titles, spec.title].filter(Boolean).join(' › ')} (${test.status}): ${firstLine(error)}`,
        );
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  const failed = stats.unexpected + stats.flaky + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected, failed, skipped: stats.skipped };
}

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

const started = Date.now();
fs.mkdirSync(RESULTS, { recursive: true });
ensureChromium();

await step('lint (biome)', () => check('npx', ['biome', 'ci', '.']));
await step('typecheck (tsc)', () => check('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
await step('unit and integration tests on PGlite (vitest)', () => vitest([], 'vitest-pglite.json'));
await step('integration tests on PostgreSQL (vitest)', () =>
  vitest(['--project', 'integration'], 'vitest-postgres.json', ['scripts/with-postgres.mjs']),
);
await step('build', () => check('node', ['scripts/build.mjs']));
// Every benchmark once, briefly (BENCH_SMOKE=1): a benchmark that crashes or prints no result fails here.
await step('benchmarks, smoke run (bench/README.md)', () => check('node', ['scripts/bench.mjs', '--smoke']));
await step('cluster test, 3 processes on PostgreSQL (vitest)', () =>
  vitest(['--config', 'vitest.cluster.config.ts'], 'vitest-cluster.json', ['scripts/with-postgres.mjs']),
);
await step('end-to-end tests in Chromium (Playwright)', playwright);

console.log('\nsuite                                              passed  failed  skipped  seconds');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(50)} ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${String(row.skipped).padStart(7)}  ${row.seconds.toFixed(0).padStart(7)}`,
  );
}
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
if (failures.length) {
  console.log('what failed:');
  for (const failure of failures.slice(0, 30)) console.log(`  ✘ ${failure}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
  console.log('');
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);

// `npm run bench [-- filter…]`: runs every bench/*.bench.{mjs,ts} (or those whose file name contains a
// filter) one after another, then writes bench/results/latest.md and latest.json from their result lines. A
// filtered run replaces the rows of the benchmarks it ran in latest.md and keeps the others, and the header
// names each run the table's rows come from.
// `node scripts/bench.mjs --smoke [filter…]` (npm test): every benchmark briefly (BENCH_SMOKE=1, BENCH_DURATION=1,
// each bench shrinks its sizes), failing when one exits non-zero, prints no result line or an unreadable one,
// or runs longer than SMOKE_TIMEOUT_MS; its figures mean nothing and no report is written.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseResultLine } from '../bench/support/result.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DIR = path.join(ROOT, 'bench');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const BENCH_FILE = /\.bench\.(mjs|ts)$/;
const SMOKE_FLAG = '--smoke';
// Generous: a loaded machine (or a cold PostgreSQL cluster) can make a smoke run slow without its being broken.
const SMOKE_TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 300) * 1000;

function findBenchmarks(filters) {
  return fs
    .readdirSync(BENCH_DIR)
    .filter((name) => BENCH_FILE.test(name))
    .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
    .sort();
}

function commandFor(file) {
  const full = path.join(BENCH_DIR, file);
  return file.endsWith('.ts') ? ['--import', 'tsx', full] : [full];
}

/** Echoes the child's stdout as it comes and collects the result lines in it. */
function collectResults(stream, file, run) {
  let pending = '';
  const take = (line) => {
    try {
      const result = parseResultLine(line);
      if (result) run.results.push({ ...result, bench: result.bench ?? file });
    } catch {
      run.problems.push(`unreadable result line: ${line}`);
    }
  };
  stream.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop();
    for (const line of lines) take(line.replace(/\r$/, ''));
  });
  stream.on('end', () => take(pending));
}

function runBenchmark(file, current, { smoke = false } = {}) {
  console.log(`\n▶ ${file}${smoke ? ' (smoke)' : ''}`);
  const run = { file, results: [], problems: [], code: null, signal: null, started: Date.now() };
  const env = smoke
    ? { ...process.env, BENCH_SMOKE: '1', BENCH_DURATION: process.env.BENCH_DURATION ?? '1' }
    : process.env;
  const child = spawn(process.execPath, commandFor(file), {
    cwd: ROOT,
    env,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  current.child = child;
  collectResults(child.stdout, file, run);
  // A smoke run that hangs fails instead of holding up npm test; SIGTERM lets the bench stop its servers.
  const timer = smoke
    ? setTimeout(() => {
        run.problems.push(`still running after ${SMOKE_TIMEOUT_MS / 1000} s`);
        child.kill('SIGTERM');
      }, SMOKE_TIMEOUT_MS)
    : undefined;
  return new Promise((resolve) => {
    child.once('error', (error) => run.problems.push(error.message));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      current.child = undefined;
      if (smoke && code === 0 && run.results.length === 0) run.problems.push('printed no result line');
      run.seconds = (Date.now() - run.started) / 1000;
      Object.assign(run, { code, signal, ok: code === 0 && run.problems.length === 0 });
      resolve(run);
    });
  });
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    commit: gitCommit(),
  };
}

function formatNumber(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function formatRatio({ value, baseline, better }) {
  if (typeof baseline !== 'number' || baseline === 0) return '–';
  return `${(value / baseline).toFixed(2)}× (${better === 'lower' ? 'lower' : 'higher'} is better)`;
}

function cell(text) {
  if (text == null || text === '') return '–';
  return String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function describeFailure(run) {
  const exit = run.signal ? `signal ${run.signal}` : `exit code ${run.code}`;
  return [`**failed** (${exit})`, ...run.problems].join('; ');
}

/** A table row of latest.md for each result line of the runs, and one for each failed run. */
function tableRows(runs) {
  const rows = [];
  for (const run of runs) {
    for (const result of run.results) {
      const value = `${formatNumber(result.value)} ${result.unit}`;
      const baseline = result.baseline == null ? '–' : `${formatNumber(result.baseline)} ${result.unit}`;
      const row = [
        result.bench,
        result.name,
        value,
        result.baselineName,
        baseline,
        formatRatio(result),
        result.goal,
      ];
      rows.push(`| ${row.map(cell).join(' | ')} |`);
    }
    if (!run.ok) rows.push(`| ${cell(run.file)} | ${cell(describeFailure(run))} | – | – | – | – | – |`);
  }
  return rows;
}

const TABLE_HEAD = [
  '| benchmark | measured | value | baseline | baseline value | ratio | goal |',
  '| --- | --- | ---: | --- | ---: | ---: | --- |',
];

/**
 * What an earlier latest.md holds: its runs (`- Run:` lines; an older report's `- Date:` and `- Commit:` make
 * one run of every benchmark) and its table rows by benchmark file.
 */
function readPreviousReport(file) {
  if (!fs.existsSync(file)) return { runs: [], rows: new Map() };
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const runs = lines.filter((line) => line.startsWith('- Run: ')).map((line) => line.slice('- Run: '.length));
  if (runs.length === 0) {
    const field = (name) => lines.find((line) => line.startsWith(`- ${name}: `))?.slice(name.length + 4);
    if (field('Date'))
      runs.push(`${field('Date')}, commit ${field('Commit') ?? 'not available'}: every benchmark`);
  }
  const rows = new Map();
  for (const line of lines.slice(lines.indexOf(TABLE_HEAD[1]) + 1)) {
    const bench = /^\| ([^|]+?) \|/.exec(line)?.[1];
    if (bench) rows.set(bench, [...(rows.get(bench) ?? []), line]);
  }
  return { runs, rows };
}

/**
 * The report as markdown. `previous` (a filtered run): the rows of the benchmarks not run this time are kept
 * from it, and its runs are listed with this one.
 */
function renderMarkdown(report, previous) {
  const { machine } = report;
  const ran = new Set(report.runs.map((run) => run.file));
  const thisRun = `${report.date}, commit ${machine.commit ?? 'not available'}: ${
    previous ? [...ran].join(', ') : 'every benchmark'
  }`;
  const kept = previous
    ? [...previous.rows.keys()].filter(
        (bench) => !ran.has(bench) && fs.existsSync(path.join(BENCH_DIR, bench)),
      )
    : [];
  // Runs whose rows are all replaced drop out of the header. A run names its benchmarks, or "every
  // benchmark".
  const earlierRuns = (previous?.runs ?? []).filter((run) => {
    const names = run.slice(run.indexOf(': ') + 2);
    return names === 'every benchmark'
      ? kept.length > 0
      : names.split(', ').some((name) => kept.includes(name));
  });
  const rows = new Map(kept.map((bench) => [bench, previous.rows.get(bench)]));
  for (const run of report.runs) rows.set(run.file, tableRows([run]));
  const lines = [
    '# Benchmark results',
    '',
    ...[...earlierRuns, thisRun].map((run) => `- Run: ${run}`),
    `- CPU: ${machine.cpu} × ${machine.cpuCount}`,
    `- Memory: ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}`,
    `- Node: ${machine.node}`,
    '',
    ...TABLE_HEAD,
    ...[...rows.keys()].sort().flatMap((bench) => rows.get(bench)),
  ];
  return `${lines.join('\n')}\n`;
}

function writeReport(report, { merge }) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const markdown = path.join(RESULTS_DIR, 'latest.md');
  const previous = merge ? readPreviousReport(markdown) : undefined;
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(markdown, renderMarkdown(report, previous));
}

function printSmokeSummary(runs) {
  console.log('\nsmoke run (each benchmark briefly; the figures mean nothing):');
  for (const run of runs) {
    const status = run.ok ? 'ok' : describeFailure(run).replaceAll('**', '');
    console.log(
      `  ${run.file.padEnd(34)} ${String(run.results.length).padStart(3)} result lines  ${run.seconds.toFixed(0).padStart(4)} s  ${status}`,
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const smoke = args.includes(SMOKE_FLAG);
  const filters = args.filter((arg) => arg !== SMOKE_FLAG);
  const files = findBenchmarks(filters);
  if (files.length === 0) {
    console.error(
      `no benchmark in bench/ matches ${filters.map((f) => JSON.stringify(f)).join(', ') || 'anything'}`,
    );
    return 1;
  }

  const current = { child: undefined };
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    // Let the running benchmark stop its servers, then report what finished.
    process.on(signal, () => {
      interrupted = true;
      current.child?.kill(signal);
    });
  }

  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const runs = [];
  for (const file of files) {
    if (interrupted) break;
    runs.push(await runBenchmark(file, current, { smoke }));
  }
  const failed = runs.filter((run) => !run.ok);
  if (smoke) {
    printSmokeSummary(runs);
  } else {
    writeReport({ date, machine: describeMachine(), runs }, { merge: filters.length > 0 });
    console.log(`\nwrote ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.md'))}`);
  }
  for (const run of failed) console.error(`${run.file}: ${describeFailure(run).replaceAll('**', '')}`);
  if (interrupted) return 130;
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();

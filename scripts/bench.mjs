// `npm run bench [-- filter…]`: runs every bench/*.bench.{mjs,ts} (or those whose file name contains a
// filter) one after another, then writes bench/results/latest.md and latest.json from their result lines.
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

function renderMarkdown(report) {
  const { machine } = report;
  const lines = [
    '# Benchmark results',
    '',
    `- Date: ${report.date}`,
    `- CPU: ${machine.cpu} × ${machine.cpuCount}`,
    `- Memory: ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}`,
    `- Node: ${machine.node}`,
    `- Commit: ${machine.commit ?? 'not available'}`,
    '',
    '| benchmark | measured | value | baseline | baseline value | ratio | goal |',
    '| --- | --- | ---: | --- | ---: | ---: | --- |',
  ];
  for (const run of report.runs) {
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
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    if (!run.ok) lines.push(`| ${cell(run.file)} | ${cell(describeFailure(run))} | – | – | – | – | – |`);
  }
  return `${lines.join('\n')}\n`;
}

function writeReport(report) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), renderMarkdown(report));
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
    writeReport({ date, machine: describeMachine(), runs });
    console.log(`\nwrote ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.md'))}`);
  }
  for (const run of failed) console.error(`${run.file}: ${describeFailure(run).replaceAll('**', '')}`);
  if (interrupted) return 130;
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();

// What npm test reads from the reports its stages write: counts, failures, and the slowest files and tests.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The first non-empty line of an error message, without colours, at most 300 characters. */
export function firstLine(message) {
  const text = stripVTControlCharacters(String(message ?? ''));
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/**
 * A vitest JSON report: its counts, a line per failure, and each file's seconds. `exitCode` counts an error
 * outside the tests (a non-zero exit with no failed test) as one failure.
 */
export function readVitestReport(file, { root, exitCode, stage }) {
  const report = readJson(file);
  if (!report) {
    return {
      counts: { passed: 0, failed: 1, skipped: 0 },
      failures: [`${stage}: vitest wrote no report (exit code ${exitCode})`],
      files: [],
    };
  }
  const failures = [];
  const files = [];
  for (const result of report.testResults ?? []) {
    const name = path.relative(root, result.name);
    const tests = result.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'failed')
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (result.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      failures.push(`${name}: ${firstLine(result.message)}`);
    }
    if (result.startTime && result.endTime) {
      files.push({ stage, name, tests: tests.length, seconds: (result.endTime - result.startTime) / 1000 });
    }
  }
  const outside = exitCode !== 0 && report.numFailedTests === 0;
  if (outside)
    failures.push(`${stage}: vitest exited with code ${exitCode} (an error outside a test; see its output)`);
  return {
    counts: {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (outside ? 1 : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    },
    failures,
    files,
  };
}

/** A Playwright JSON report: its counts, a line per failure, and each test's seconds (every run of it). */
export function readPlaywrightReport(file, { exitCode }) {
  const report = readJson(file);
  const stats = report?.stats;
  if (!stats) {
    return {
      counts: { passed: 0, failed: 1, skipped: 0 },
      failures: [`Playwright wrote no report (exit code ${exitCode})`],
      tests: [],
    };
  }
  const failures = [];
  const tests = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      const title = [...titles, spec.title].filter(Boolean).join(' › ');
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) tests.push({ name: title, seconds: result.duration / 1000 });
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(`${title} (${test.status}): ${firstLine(error)}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  const failed = stats.unexpected + stats.flaky + (exitCode !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { counts: { passed: stats.expected, failed, skipped: stats.skipped }, failures, tests };
}

const pad = (text, width) => String(text).padEnd(width);
const num = (value, width) => String(value).padStart(width);

/** The table npm test ends with: every stage, then the slowest files and end-to-end tests. */
export function formatTimingTable({ stages, files, e2eTests, totalSeconds }) {
  const lines = [];
  const width = Math.max(30, ...stages.map((stage) => stage.name.length));
  lines.push(
    `${pad('stage', width)}  ${num('from', 5)}  ${num('seconds', 7)}  ${num('passed', 6)}  ${num('failed', 6)}  ${num('skipped', 7)}`,
  );
  for (const stage of stages) {
    lines.push(
      `${pad(stage.name, width)}  ${num(`${stage.from.toFixed(0)}s`, 5)}  ${num(stage.seconds.toFixed(0), 7)}  ${num(stage.passed, 6)}  ${num(stage.failed, 6)}  ${num(stage.skipped, 7)}`,
    );
  }
  lines.push(`total: ${totalSeconds.toFixed(0)} s (stages run side by side: "from" is when each started)`);
  const slowFiles = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowFiles.length) {
    lines.push(
      '',
      'ten slowest test files (vitest)                                             seconds  tests',
    );
    for (const file of slowFiles) {
      lines.push(
        `  ${pad(`${file.name} (${file.stage})`, 72)}  ${num(file.seconds.toFixed(1), 7)}  ${num(file.tests, 5)}`,
      );
    }
  }
  const slowTests = [...e2eTests].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowTests.length) {
    lines.push('', 'ten slowest end-to-end tests (Playwright)                                   seconds');
    for (const test of slowTests) {
      const name = test.name.length > 72 ? `${test.name.slice(0, 71)}…` : test.name;
      lines.push(`  ${pad(name, 72)}  ${num(test.seconds.toFixed(1), 7)}`);
    }
  }
  return lines.join('\n');
}

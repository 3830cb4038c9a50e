// Lighthouse (its default: a mobile device, simulated slow 4G and CPU) on the public pages as a first visit
// sees them (the landing's reveal veil stays closed), next to the same audit of a one-heading static page
// served by a bare node:http server: that page shows the best this machine and Lighthouse give, so a
// gap in a score or metric is the app's. Each page runs RUNS times; the median run is reported, saved to
// bench/results/lighthouse-<page>.json, and its failing audits are printed. Lighthouse never moves the
// pointer, and a page under the veil loads its code once someone is there (decision 056): each page's
// JavaScript is also measured after a pointer move, once the page's code runs and the network is quiet.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { ensureBuild, ROOT, runBenchmark, startApp } from './support/app.mjs';
import { freePort, startNode, waitUntilReady } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const RESULTS_DIR = path.join(ROOT, 'bench/results');
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): one run of the baseline and of `/`, no wait
// for a quiet machine; it proves the runner starts Chromium and Lighthouse audits the app, not the figures.
const SMOKE = process.env.BENCH_SMOKE === '1';
const ALL_PAGES = [
  { path: '/', slug: 'home', jsGoal: '< 100 kB' },
  { path: '/invite', slug: 'invite' },
  { path: '/waiting-list', slug: 'waiting-list' },
  { path: '/auth', slug: 'auth' },
  { path: '/legal', slug: 'legal' },
];
const PAGES = SMOKE ? ALL_PAGES.slice(0, 1) : ALL_PAGES;
// A smoke audit also skips what no reported figure reads (the screenshots, the back/forward cache test's
// extra navigations, the first about:blank) and waits a quarter of Lighthouse's second for the page to
// settle.
const SMOKE_SETTINGS = SMOKE
  ? {
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
      skipAboutBlank: true,
      pauseAfterFcpMs: 250,
      pauseAfterLoadMs: 250,
      networkQuietThresholdMs: 250,
      cpuQuietThresholdMs: 250,
    }
  : {};
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// A Lighthouse run on a loaded machine now and then fails outright (no first paint in time, a protocol
// timeout); such a run is retried, up to this many tries per run.
const TRIES = 3;
const CATEGORIES = [
  { id: 'performance', label: 'performance' },
  { id: 'accessibility', label: 'accessibility' },
  { id: 'best-practices', label: 'best practices' },
  { id: 'seo', label: 'SEO' },
];
const BASELINE_NAME = 'static one-heading page, bare node:http';
const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Baseline</title>
    <meta name="description" content="A static page with one heading: the best score this machine gives.">
    <link rel="icon" href="data:,">
  </head>
  <body>
    <h1>Baseline</h1>
  </body>
</html>
`;
// Audits that cannot fail or pass (manual checks, not applicable, informative) are not worth printing.
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);
// What to print under a failing metric: the audit that names its causes.
const METRIC_CAUSES = { 'cumulative-layout-shift': 'layout-shifts', 'total-blocking-time': 'long-tasks' };
const KB = 1000;

async function startChrome(servers) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
    // Our own SIGINT handler stops Chrome along with the servers; chrome-launcher's would exit first.
    handleSIGINT: false,
  });
  servers.push({ name: 'chrome', stop: async () => chrome.kill() });
  return chrome;
}

async function startBaselinePage(workDir, servers) {
  const file = path.join(workDir, 'baseline-page.json');
  const body = Buffer.from(BASELINE_HTML).toString('base64');
  fs.writeFileSync(
    file,
    JSON.stringify({ '/': { status: 200, contentType: 'text/html; charset=utf-8', body } }),
  );
  const port = await freePort();
  const server = {
    name: 'baseline',
    url: `http://127.0.0.1:${port}`,
    ...startNode([path.join(import.meta.dirname, 'support/bare-server.mjs'), file], {
      cwd: ROOT,
      env: { PORT: String(port), HOST: '127.0.0.1' },
    }),
  };
  servers.push(server);
  await waitUntilReady(`${server.url}/`, server);
  return server;
}

async function auditOnce(url, chrome) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES.map((category) => category.id),
    ...SMOKE_SETTINGS,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  return result;
}

/** One Lighthouse run, tried again (up to TRIES in all) when Lighthouse fails rather than measures. */
async function auditWithRetries(url, chrome) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, chrome);
    } catch (error) {
      if (attempt >= TRIES) throw error;
      console.warn(`${BENCH}:   try ${attempt}/${TRIES} failed (${error.message}); trying again…`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function audit(url, chrome) {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await auditWithRetries(url, chrome);
    const { lhr } = result;
    for (const warning of lhr.runWarnings) console.warn(`${BENCH}:   warning: ${warning}`);
    runs.push({ lhr, report: result.report });
    const performance = Math.round((lhr.categories.performance.score ?? 0) * 100);
    console.log(`${BENCH}:   run ${run}/${RUNS}: performance ${performance}`);
  }
  const median = computeMedianRun(runs.map((run) => run.lhr));
  return runs.find((run) => run.lhr === median);
}

function scripts(lhr) {
  return (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
}

/** The body size of `url` as the server sends it to a client that accepts only gzip. */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
    });
    request.on('error', reject);
  });
}

async function figuresOf(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map(({ id }) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scriptItems = scripts(lhr);
  const sameOrigin = scriptItems.filter(
    (item) => new URL(item.url).origin === new URL(lhr.finalDisplayedUrl).origin,
  );
  const gzipped = await Promise.all(sameOrigin.map((item) => gzippedSize(item.url)));
  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    jsTransferredKb: scriptItems.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / KB,
    jsGzipKb: gzipped.reduce((sum, item) => sum + item.bytes, 0) / KB,
    scriptCount: scriptItems.length,
  };
}

function describeFigures(figures) {
  const scores = CATEGORIES.map(({ id, label }) => `${label} ${figures.scores[id]}`).join(', ');
  return (
    `${scores}; FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, ` +
    `CLS ${figures.cls.toFixed(3)}, TBT ${Math.round(figures.tbtMs)} ms; ` +
    `JS ${figures.scriptCount} files, ${figures.jsTransferredKb.toFixed(1)} kB transferred, ${figures.jsGzipKb.toFixed(1)} kB gzipped`
  );
}

function describeNode(node) {
  if (node.type === 'text') return node.value;
  const parts = [node.selector, node.snippet?.slice(0, 160)];
  if (node.explanation) parts.push(node.explanation.replaceAll('\n', ' ').slice(0, 240));
  return parts.filter(Boolean).join(' — ');
}

function describeItem(item) {
  const node = item.node ?? item.subItems?.items?.[0]?.relatedNode;
  const parts = [];
  if (node) parts.push(describeNode(node));
  if (typeof item.phase === 'string')
    parts.push(`${item.phase}: ${Math.round(item.timing)} ms (${item.percent})`);
  if (typeof item.url === 'string') parts.push(item.url);
  if (item.source?.url) parts.push(`${item.source.url}:${item.source.line ?? '?'}`);
  if (typeof item.description === 'string') parts.push(item.description.slice(0, 200));
  if (typeof item.wastedBytes === 'number')
    parts.push(`${(item.wastedBytes / KB).toFixed(1)} kB could be saved`);
  if (typeof item.wastedMs === 'number') parts.push(`${Math.round(item.wastedMs)} ms could be saved`);
  if (typeof item.duration === 'number') parts.push(`${Math.round(item.duration)} ms`);
  if (typeof item.score === 'number') parts.push(`shift ${item.score.toFixed(3)}`);
  for (const sub of item.subItems?.items ?? []) {
    if (sub.cause) parts.push(`cause: ${sub.cause}${sub.extra?.value ? ` ${sub.extra.value}` : ''}`);
  }
  if (parts.length === 0) parts.push(JSON.stringify(item).slice(0, 200));
  return parts.join(' — ');
}

/** The chain of requests marked longest, as "a (t ms) → b (t ms) → …". */
function longestChain(chains) {
  const steps = [];
  let level = chains;
  while (level) {
    const next = Object.values(level).find((request) => request.isLongest);
    if (!next) break;
    steps.push(`${next.url} (${Math.round(next.navStartToEndTime)} ms)`);
    level = next.children;
  }
  return steps.join(' → ');
}

/** Readable lines for an audit's details (tables, nodes, checklists, request chains), at most `limit`. */
function describeDetails(details, limit = 6) {
  switch (details?.type) {
    case 'list':
      return details.items.flatMap((item) => describeDetails(item, limit));
    case 'list-section':
      return details.value?.type === 'text' ? [] : describeDetails(details.value, limit);
    case 'checklist':
      return Object.values(details.items)
        .filter((check) => !check.value)
        .map((check) => `not done: ${check.label}`);
    case 'network-tree':
      return [`longest chain: ${longestChain(details.chains)}`];
    case 'node':
      return [describeNode(details)];
    case 'table':
    case 'opportunity': {
      const lines = details.items.slice(0, limit).map(describeItem);
      if (details.items.length > limit) lines.push(`… and ${details.items.length - limit} more`);
      return lines;
    }
    default:
      return [];
  }
}

function shorten(line, origin) {
  return line.replaceAll(origin, '');
}

/** The scripts the page loaded, largest first, so the JavaScript budget can be worked on. */
function largestScripts(lhr, origin, limit = 6) {
  const items = scripts(lhr).sort((a, b) => b.transferSize - a.transferSize);
  const listed = items
    .slice(0, limit)
    .map((item) => `${shorten(item.url, origin)} ${(item.transferSize / KB).toFixed(1)} kB`);
  if (items.length > limit) listed.push(`${items.length - limit} more`);
  return `  largest scripts (transferred): ${listed.join(', ')}`;
}

function failingAudits(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const lines = [largestScripts(lhr, origin)];
  for (const { id, label } of CATEGORIES) {
    const category = lhr.categories[id];
    const failing = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null)
      .filter(({ audit }) => audit.score < 1)
      .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score);
    lines.push(`  ${label} ${Math.round((category.score ?? 0) * 100)}: ${failing.length} failing audit(s)`);
    for (const { ref, audit } of failing) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      const weight = ref.weight > 0 ? `, weight ${ref.weight}` : '';
      lines.push(`    - ${audit.id}: ${audit.title}${value} [score ${audit.score}${weight}]`);
      const details = METRIC_CAUSES[audit.id] ? lhr.audits[METRIC_CAUSES[audit.id]]?.details : audit.details;
      for (const line of describeDetails(details)) lines.push(`        ${shorten(line, origin)}`);
    }
  }
  return lines;
}

function report(page, figures, baseline) {
  const common = { bench: BENCH, baselineName: BASELINE_NAME };
  const name = (what) => `${page.path} ${what}`;
  for (const { id, label } of CATEGORIES) {
    reportResult({
      ...common,
      name: name(`${label} score`),
      value: figures.scores[id],
      unit: 'points',
      baseline: baseline.scores[id],
      better: 'higher',
      goal: '100',
    });
  }
  reportResult({
    ...common,
    name: name('LCP'),
    value: figures.lcpMs,
    unit: 'ms',
    baseline: baseline.lcpMs,
    better: 'lower',
  });
  reportResult({
    ...common,
    name: name('CLS'),
    value: figures.cls,
    unit: '',
    baseline: baseline.cls,
    better: 'lower',
  });
  reportResult({
    ...common,
    name: name('TBT'),
    value: figures.tbtMs,
    unit: 'ms',
    baseline: baseline.tbtMs,
    better: 'lower',
  });
  reportResult({
    ...common,
    name: name('JS transferred'),
    value: figures.jsTransferredKb,
    unit: 'kB',
    baseline: null,
    baselineName: '',
    better: 'lower',
  });
  reportResult({
    ...common,
    name: name('JS gzipped'),
    value: figures.jsGzipKb,
    unit: 'kB',
    baseline: null,
    baselineName: '',
    better: 'lower',
    goal: page.jsGoal,
  });
}

/**
 * The JavaScript each page loads once someone is there: opened in the same Chromium, the pointer moves, and
 * once the page says its code runs (`html[data-ready]`) and the network is quiet, the scripts it fetched
 * are counted as the server sends them gzipped.
 */
async function measurePresentVisits(chrome, appUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    for (const page of PAGES) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const scriptUrls = new Set();
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.url().startsWith(appUrl)) {
          scriptUrls.add(response.url());
        }
      });
      await tab.goto(`${appUrl}${page.path}`);
      await tab.mouse.move(2, 2);
      await tab.mouse.move(1, 1);
      await tab.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
        timeout: 60_000,
      });
      await tab.waitForLoadState('networkidle');
      const sizes = await Promise.all([...scriptUrls].map((url) => gzippedSize(url)));
      const kB = sizes.reduce((sum, item) => sum + item.bytes, 0) / KB;
      console.log(
        `${BENCH}: ${page.path} once someone is there: ${scriptUrls.size} scripts, ${kB.toFixed(1)} kB gzipped`,
      );
      reportResult({
        bench: BENCH,
        name: `${page.path} JS gzipped once someone is there`,
        value: kB,
        unit: 'kB',
        baseline: null,
        baselineName: '',
        better: 'lower',
        goal: page.jsGoal,
      });
      await context.close();
    }
  } finally {
    // Only the connection: chrome-launcher stops the browser itself.
    await browser.close().catch(() => undefined);
  }
}

/**
 * Lighthouse scales the CPU time it observes by 4 to simulate a phone, so work left over from an earlier
 * benchmark skews it. Waits (up to 2 minutes) for the one-minute load average to fall below 1.
 */
async function waitForQuietMachine() {
  const deadline = Date.now() + 120_000;
  while (os.loadavg()[0] >= 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  console.log(`${BENCH}: load average ${os.loadavg()[0].toFixed(2)} at start`);
}

async function benchmark(workDir, servers) {
  if (SMOKE) console.log(`${BENCH}: smoke run: one audit of the baseline and of /, figures not meaningful`);
  else await waitForQuietMachine();
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error('BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 1');
  await ensureBuild(BENCH);
  const app = await startApp({ dataDir: path.join(workDir, 'data'), servers });
  const baselinePage = await startBaselinePage(workDir, servers);
  const chrome = await startChrome(servers);

  console.log(`${BENCH}: baseline page, ${RUNS} runs…`);
  const baseline = await figuresOf((await audit(`${baselinePage.url}/`, chrome)).lhr);
  console.log(`${BENCH}:   ${describeFigures(baseline)}`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const findings = [];
  for (const page of PAGES) {
    console.log(`${BENCH}: ${page.path}, ${RUNS} runs…`);
    const median = await audit(`${app.url}${page.path}`, chrome);
    const figures = await figuresOf(median.lhr);
    console.log(`${BENCH}:   ${describeFigures(figures)}`);
    // A smoke run leaves the reports of the last full run alone.
    const file = path.join(RESULTS_DIR, `lighthouse-${page.slug}.json`);
    if (!SMOKE) fs.writeFileSync(file, median.report);
    findings.push([
      `${page.path} (median of ${RUNS}${SMOKE ? '' : `, saved to ${path.relative(ROOT, file)}`}):`,
      ...failingAudits(median.lhr),
    ]);
    report(page, figures, baseline);
  }
  await measurePresentVisits(chrome, app.url);
  console.log(`\n${BENCH}: failing audits of the median runs`);
  for (const lines of findings) console.log(lines.join('\n'));
}

await runBenchmark(BENCH, benchmark);

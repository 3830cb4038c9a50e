// How fast the app serves its health check and landing page, next to a bare node:http server sending the
// same bytes: the gap is what the app adds (framework, middleware, the health check's database round trip).
// The landing is measured a second time with a query string unique to each request (`?utm_source=…&r=<n>`,
// as campaign links and cache busters send): the page cache must not be bypassed by it (issue 15).
import fs from 'node:fs';
import path from 'node:path';
import { isBuildCurrent } from '../scripts/build-stamp.mjs';
import { SERVER_NODE_OPTIONS } from '../scripts/server-node-options.mjs';
import { runBenchmark } from './support/app.mjs';
import { runLoad } from './support/load.mjs';
import { withMigratedDatabase } from './support/migrated-data-dir.mjs';
import { freePort, httpGet, startNode, waitUntilReady } from './support/processes.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const ROOT = path.resolve(import.meta.dirname, '..');
const PATHS = ['/api/health', '/'];
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): 10 connections, no warm-ups, a few requests
// per connection (support/load.mjs), and the app on a copy of a migrated database rather than migrating its
// own (some four CPU-seconds).
const SMOKE = process.env.BENCH_SMOKE === '1';
const CONNECTIONS = SMOKE ? 10 : 50;
const WARMUP_SECONDS = 2;
/** What is measured: each path as such, and the landing with a query string no two requests share. */
const MEASUREMENTS = [
  { label: '/api/health', path: '/api/health' },
  { label: '/', path: '/' },
  { label: '/?utm_source=bench&r=<unique>', path: '/', uniqueQuery: true },
];
const DEFAULT_SECONDS = 10;
const BASELINE_NAME = 'bare node:http, same bytes';

function measuredSeconds() {
  const raw = process.env.BENCH_DURATION;
  if (!raw) return DEFAULT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`BENCH_DURATION must be a whole number of seconds, got ${JSON.stringify(raw)}`);
  }
  return seconds;
}

async function ensureBuild() {
  if (isBuildCurrent()) return;
  console.log(`${BENCH}: dist/ is out of date, building…`);
  const { build } = await import('../scripts/build.mjs');
  await build({ quiet: true });
}

async function startServer(name, args, env, servers) {
  const port = await freePort();
  const server = {
    name,
    url: `http://127.0.0.1:${port}`,
    ...startNode(args, { cwd: ROOT, env: { ...env, PORT: String(port), HOST: '127.0.0.1' } }),
  };
  servers.push(server);
  return server;
}

async function startApp(workDir, servers) {
  // A measuring run keeps the app migrating its fresh database itself, as its figures so far were taken.
  if (SMOKE) await withMigratedDatabase(path.join(workDir, 'data'));
  const app = await startServer(
    'app',
    [...SERVER_NODE_OPTIONS, path.join(ROOT, 'dist/server/main.js')],
    // Pinned so a developer's shell (a DATABASE_URL, NODE_ENV=development) cannot change what is measured.
    { DATA_DIR: path.join(workDir, 'data'), LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '' },
    servers,
  );
  await waitUntilReady(`${app.url}/api/health`, app);
  return app;
}

async function captureResponses(app) {
  const responses = {};
  for (const urlPath of PATHS) {
    const { status, contentType, body } = await httpGet(`${app.url}${urlPath}`);
    if (status < 200 || status > 299) throw new Error(`the app answered GET ${urlPath} with ${status}`);
    responses[urlPath] = { status, contentType, body };
  }
  return responses;
}

async function startBaseline(workDir, responses, servers) {
  const file = path.join(workDir, 'responses.json');
  const encoded = Object.fromEntries(
    Object.entries(responses).map(([urlPath, response]) => [
      urlPath,
      { ...response, body: response.body.toString('base64') },
    ]),
  );
  fs.writeFileSync(file, JSON.stringify(encoded));
  const baseline = await startServer(
    'baseline',
    [path.join(import.meta.dirname, 'support/bare-server.mjs'), file],
    {},
    servers,
  );
  await waitUntilReady(`${baseline.url}${PATHS[0]}`, baseline);
  return baseline;
}

async function assertSameResponses(baseline, responses) {
  for (const [urlPath, expected] of Object.entries(responses)) {
    const actual = await httpGet(`${baseline.url}${urlPath}`);
    const same =
      actual.status === expected.status &&
      actual.contentType === expected.contentType &&
      actual.body.equals(expected.body);
    if (!same) throw new Error(`the baseline's GET ${urlPath} differs from the app's`);
  }
}

async function measure(server, measurement, seconds) {
  const url = `${server.url}${measurement.path}`;
  let sent = 0;
  // Each request its own query string, so no cache keyed on the whole address could answer it.
  const options = measurement.uniqueQuery
    ? {
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `${measurement.path}?utm_source=bench&r=${process.pid}-${sent++}`,
            }),
          },
        ],
      }
    : {};
  console.log(
    `${BENCH}: ${server.name} GET ${measurement.label}: ${SMOKE ? 'a few requests' : `${WARMUP_SECONDS} s warm-up, then ${seconds} s measured`}…`,
  );
  if (!SMOKE) await runLoad(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, ...options });
  const result = await runLoad(url, { connections: CONNECTIONS, seconds, ...options });
  const figures = { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
  console.log(`${BENCH}:   ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms`);
  return figures;
}

function report(urlPath, app, baseline) {
  const common = { bench: BENCH, baselineName: BASELINE_NAME };
  reportResult({
    ...common,
    name: `GET ${urlPath} throughput`,
    value: app.requestsPerSecond,
    unit: 'req/s',
    baseline: baseline.requestsPerSecond,
    better: 'higher',
  });
  reportResult({
    ...common,
    name: `GET ${urlPath} p99 latency`,
    value: app.p99Ms,
    unit: 'ms',
    baseline: baseline.p99Ms,
    better: 'lower',
  });
}

async function benchmark(workDir, servers) {
  const seconds = measuredSeconds();
  await ensureBuild();
  const app = await startApp(workDir, servers);
  const responses = await captureResponses(app);
  const baseline = await startBaseline(workDir, responses, servers);
  await assertSameResponses(baseline, responses);

  for (const [index, measurement] of MEASUREMENTS.entries()) {
    // Whoever runs second may meet a warmer (or more throttled) machine, so the order swaps per path.
    const order = index % 2 === 0 ? [app, baseline] : [baseline, app];
    const figures = new Map();
    for (const server of order) figures.set(server, await measure(server, measurement, seconds));
    report(measurement.label, figures.get(app), figures.get(baseline));
  }
}

await runBenchmark(BENCH, benchmark);

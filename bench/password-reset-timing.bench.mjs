// Whether a password reset request tells, by its timing, that an address has an account (issue 17). The
// production server with a real SMTP sink: the same number of requests for addresses with an account and
// for addresses without one, interleaved, each from its own client address (so no rate limit fires), and
// the median and 90th percentile of each. The answer must not wait for the link to be made and sent.
import path from 'node:path';
import { runBenchmark, startAppWithMailSink } from './support/app.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): fewer requests, the same result lines.
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROUNDS = SMOKE ? 4 : 60;
const PASSWORD = 'a quiet evening walk';
const PAUSE_MS = 150;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let clientCounter = 0;
function post(app, pathname, body) {
  clientCounter += 1;
  return fetch(`${app.url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${clientCounter >> 8}.${clientCounter & 255}`,
    },
    body: JSON.stringify(body),
  });
}

async function timedReset(app, email) {
  const started = performance.now();
  const response = await post(app, '/api/account/password-reset', { email, language: 'en' });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 202) throw new Error(`a reset request answered ${response.status}`);
  return ms;
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

async function main(workDir, servers) {
  // Accounts sign up openly here: the bench measures password resets, not invitations (decision 021).
  const { app, sink } = await startAppWithMailSink({
    bench: BENCH,
    workDir,
    servers,
    env: { INVITE_ONLY: 'false' },
  });
  const run = Date.now().toString(36);
  const known = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    const email = `known-${run}-${index}@example.com`;
    const response = await post(app, '/api/account/sign-up', { email, password: PASSWORD, language: 'en' });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
    known.push(email);
  }
  await sink.waitUntilQuiet({ quietMs: 300, timeoutMs: 30_000 });
  // Warm-up: the first requests of each kind pay for compiling code paths.
  for (let index = 0; index < 3; index += 1) {
    await timedReset(app, `warm-unknown-${run}-${index}@example.com`);
  }

  // Each request is timed on a quiet server: the pause lets the work after a known address's answer (the
  // link, the e-mail) finish, so it does not slow down the request after it.
  const times = { known: [], unknown: [] };
  for (let index = 0; index < ROUNDS; index += 1) {
    times.known.push(await timedReset(app, known[index]));
    await sleep(PAUSE_MS);
    times.unknown.push(await timedReset(app, `nobody-${run}-${index}@example.com`));
    await sleep(PAUSE_MS);
  }
  const { messages } = await sink.waitUntilQuiet({ quietMs: 300, timeoutMs: 30_000 });
  console.log(
    `${BENCH}: ${ROUNDS} requests each; known median ${median(times.known).toFixed(2)} ms, p90 ` +
      `${percentile(times.known, 0.9).toFixed(2)} ms; unknown median ${median(times.unknown).toFixed(2)} ms, ` +
      `p90 ${percentile(times.unknown, 0.9).toFixed(2)} ms; ${messages} e-mails at the sink (sign-ups and resets)`,
  );
  if (messages !== ROUNDS * 2) throw new Error(`expected ${ROUNDS * 2} e-mails, the sink has ${messages}`);

  const baselineName = 'the same request for an address without an account';
  reportResult({
    bench: BENCH,
    name: 'password reset request, address with an account: median',
    value: median(times.known),
    unit: 'ms',
    baseline: median(times.unknown),
    baselineName,
    better: 'lower',
    goal: '≈ 1× (no timing tells)',
  });
  reportResult({
    bench: BENCH,
    name: 'password reset request, address with an account: p90',
    value: percentile(times.known, 0.9),
    unit: 'ms',
    baseline: percentile(times.unknown, 0.9),
    baselineName,
    better: 'lower',
    goal: '≈ 1×',
  });
}

await runBenchmark(BENCH, main);

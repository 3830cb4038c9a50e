// The waiting list under a crowd that shares one address (issue 17): 200 distinct people joining from one
// client address within an hour must all get in, while 50 tries at one e-mail address are held to its limit.
// The production server, behind TRUST_PROXY=true, every request from the same X-Forwarded-For.
import path from 'node:path';
import { runBenchmark, startAppWithMailSink } from './support/app.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): fewer people, the same result lines.
const SMOKE = process.env.BENCH_SMOKE === '1';
const PEOPLE = SMOKE ? 40 : 200;
const TRIES = SMOKE ? 15 : 50;
/** The limit before issue 17: 10 joins an hour per client address. */
const PREVIOUS_PER_ADDRESS_LIMIT = 10;
/** The limit for one e-mail address (waitlist/routes.ts WAITLIST_RATE_LIMITS.perAddressHourly). */
const PER_EMAIL_LIMIT = 3;
const SHARED_ADDRESS = '203.0.113.200';

async function join(app, email) {
  const response = await fetch(`${app.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': SHARED_ADDRESS },
    body: JSON.stringify({ email, consent: true, website: '', language: 'en' }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function main(workDir, servers) {
  const { app } = await startAppWithMailSink({ bench: BENCH, workDir, servers });
  const run = Date.now().toString(36);

  const started = performance.now();
  const crowd = [];
  for (let person = 0; person < PEOPLE; person += 1)
    crowd.push(await join(app, `crowd-${run}-${person}@example.com`));
  const crowdSeconds = (performance.now() - started) / 1000;
  const admitted = crowd.filter((status) => status === 201).length;
  console.log(
    `${BENCH}: ${PEOPLE} people from ${SHARED_ADDRESS} in ${crowdSeconds.toFixed(1)} s: ${admitted} joined ` +
      `(answers: ${[...new Set(crowd)].join(', ')})`,
  );

  const tries = [];
  for (let attempt = 0; attempt < TRIES; attempt += 1) tries.push(await join(app, `one-${run}@example.com`));
  const letThrough = tries.filter((status) => status !== 429).length;
  console.log(
    `${BENCH}: ${TRIES} tries at one e-mail address: ${letThrough} answered (201 or 409), ${TRIES - letThrough} refused with 429`,
  );

  reportResult({
    bench: BENCH,
    name: `people joining from one address within an hour, of ${PEOPLE}`,
    value: admitted,
    unit: 'joined',
    baseline: Math.min(PEOPLE, PREVIOUS_PER_ADDRESS_LIMIT),
    baselineName: 'the limit before issue 17 (10 an hour per client address)',
    better: 'higher',
    goal: `all ${PEOPLE}`,
  });
  reportResult({
    bench: BENCH,
    name: `tries at one e-mail address let through, of ${TRIES}`,
    value: letThrough,
    unit: 'tries',
    baseline: PER_EMAIL_LIMIT,
    baselineName: 'the per-address limit (3 an hour)',
    better: 'lower',
    goal: `≤ ${PER_EMAIL_LIMIT}`,
  });
  if (admitted !== PEOPLE) throw new Error(`only ${admitted} of ${PEOPLE} people from one address got in`);
  if (letThrough > PER_EMAIL_LIMIT) throw new Error(`${letThrough} tries at one address got through`);
}

await runBenchmark(BENCH, main);

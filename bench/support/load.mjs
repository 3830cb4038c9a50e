// Load generation with autocannon, failing loudly when the server does not answer every request with a 2xx
// (and, given `verifyBody`, with the expected body).
import autocannon from 'autocannon';

/**
 * A smoke run (BENCH_SMOKE=1, npm test) proves that a benchmark runs end to end, and its figures mean nothing:
 * there, a run given in seconds sends this many requests per connection instead, however busy the machine.
 */
const SMOKE = process.env.BENCH_SMOKE === '1';
const SMOKE_REQUESTS_PER_CONNECTION = 3;
/**
 * How long a smoke run's request may take, in seconds (autocannon's own 10 s stays for measuring runs): beside
 * the rest of npm test on two cores, 20 joins at once once took longer than 10 s, and a smoke run proves only
 * that every request is answered.
 */
const SMOKE_REQUEST_CEILING_SECONDS = 120;

/**
 * Runs autocannon against `url` and returns its result, or throws when any request failed, or when none
 * completed (unless `warmUp`: a short warm-up on a busy machine may end before the first slow answers).
 * Further autocannon options (method, headers, requests with setupRequest, verifyBody, …) pass through.
 */
export async function runLoad(url, { connections, seconds, warmUp = false, ...options }) {
  // Either a duration or, given `amount`, a number of requests; a smoke run's timed run is a few requests.
  const length =
    SMOKE && seconds !== undefined && options.amount === undefined
      ? { amount: connections * SMOKE_REQUESTS_PER_CONNECTION }
      : seconds === undefined
        ? {}
        : { duration: seconds };
  const ceiling = SMOKE ? { timeout: SMOKE_REQUEST_CEILING_SECONDS } : {};
  const result = await autocannon({ url, connections, ...length, ...ceiling, ...options });
  const problems = Object.entries({
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    'mismatched bodies': result.mismatches,
  })
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  if (result.requests.total === 0 && !warmUp) problems.push('no requests completed');
  if (problems.length > 0) throw new Error(`load on ${url} had ${problems.join(', ')}`);
  return result;
}

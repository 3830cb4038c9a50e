// Load generation with autocannon, failing loudly when the server does not answer every request with a 2xx
// (and, given `verifyBody`, with the expected body).
import autocannon from 'autocannon';

/**
 * Runs autocannon against `url` and returns its result, or throws when any request failed, or when none
 * completed (unless `warmUp`: a short warm-up on a busy machine may end before the first slow answers).
 * Further autocannon options (method, headers, requests with setupRequest, verifyBody, …) pass through.
 */
export async function runLoad(url, { connections, seconds, warmUp = false, ...options }) {
  // Either a duration or, given `amount`, a number of requests.
  const result = await autocannon({
    url,
    connections,
    ...(seconds === undefined ? {} : { duration: seconds }),
    ...options,
  });
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

// Waiting-list joins for load: each one a new address from a new client address, so that neither a rate
// limit nor the duplicate check fires and every join does the whole work (a row and its confirmation).

/** A name for this run, so two runs on one database never reuse an address. */
export function runId() {
  return `${process.pid.toString(36)}${Date.now().toString(36)}`;
}

/** autocannon's `request` made into join number `n` of run `run`. */
export function uniqueJoin(request, run, n) {
  return {
    ...request,
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      email: `join-${run}-${n}@example.com`,
      consent: true,
      website: '',
      language: 'en',
    }),
  };
}

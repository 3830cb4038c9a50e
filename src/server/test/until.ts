const UNTIL_TIMEOUT_MS = 40_000;

/**
 * Reads until `done` holds, and answers the value that satisfied it. The deadline is a ceiling for a busy
 * two-core CI machine (a test that waits for the outbox worker or a campaign sender may take seconds there),
 * not a speed target: benchmarks measure speed. Fails with the last value read. Reads again soon at first,
 * then less often (up to every 200 ms): a read is work for the database the awaited worker needs too.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + UNTIL_TIMEOUT_MS;
  let interval = 10;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
    interval = Math.min(interval * 1.5, 200);
  }
}

// The line format benchmarks use to hand figures to scripts/bench.mjs over stdout.
export const RESULT_PREFIX = 'BENCH_RESULT ';

/**
 * Prints one figure. `better` is 'higher' or 'lower'; `baseline` is the same figure for the reference
 * (or null when there is none).
 */
export function reportResult({ bench, name, value, unit, baseline = null, baselineName = '', better, goal }) {
  const result = { bench, name, value, unit, baseline, baselineName, better };
  if (goal) result.goal = goal;
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}

/** The result carried by a line of output, or undefined when the line is not a result line. */
export function parseResultLine(line) {
  if (!line.startsWith(RESULT_PREFIX)) return undefined;
  return JSON.parse(line.slice(RESULT_PREFIX.length));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

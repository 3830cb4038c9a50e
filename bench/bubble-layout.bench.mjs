// Bubble placement (spec §9, src/shared/domain/bubble-layout.ts): 100, 500, 1000 and 2000 bubbles of random
// importance at desktop sizes on the 760 px profile canvas, placed by the spatial grid beside the all-pairs
// reference, alternating in one process with the same random source per run (and checked to give the same
// layout). The median of RUNS runs each, after a warm-up; goal: 1000 bubbles within one frame (16 ms).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from './support/app.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): 100 and 500 bubbles, 2 runs each.
const SMOKE = process.env.BENCH_SMOKE === '1';
const COUNTS = SMOKE ? [100, 500] : [100, 500, 1000, 2000];
const RUNS = SMOKE ? 2 : Number(process.env.BENCH_LAYOUT_RUNS ?? 15);
const WARMUP_RUNS = SMOKE ? 1 : 3;
const VIEWPORT = 1280;
const GOALS = { 1000: '< 16 ms' };

const domain = (file) =>
  tsImport(pathToFileURL(path.join(ROOT, 'src/shared/domain', file)).href, import.meta.url);
const { placeBubbles, placeBubblesNaive } = await domain('bubble-layout.ts');
const { bubbleDiameter, canvasWidth, randomInt, seededRandom } = await domain('bubbles.ts');

function timed(place, diameters, width, seed) {
  const start = performance.now();
  const layout = place(diameters, { width, random: seededRandom(seed) });
  return { ms: performance.now() - start, layout };
}

function sameLayout(a, b) {
  return (
    a.height === b.height &&
    a.positions.length === b.positions.length &&
    a.positions.every((p, i) => p.x === b.positions[i].x && p.y === b.positions[i].y)
  );
}

function measure(count, width) {
  const grid = [];
  const naive = [];
  let height = 0;
  for (let run = -WARMUP_RUNS; run < RUNS; run++) {
    const seed = 1000 * count + run;
    const importances = seededRandom(seed + 0x9e3779b9);
    const diameters = Array.from({ length: count }, () =>
      bubbleDiameter(randomInt(importances, 1, 10), VIEWPORT),
    );
    const fast = timed(placeBubbles, diameters, width, seed);
    const reference = timed(placeBubblesNaive, diameters, width, seed);
    if (!sameLayout(fast.layout, reference.layout)) {
      throw new Error(`${count} bubbles, seed ${seed}: the grid and the reference placed them differently`);
    }
    if (run < 0) continue;
    grid.push(fast.ms);
    naive.push(reference.ms);
    height = fast.layout.height;
  }
  return { grid: median(grid), naive: median(naive), height };
}

function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LAYOUT_RUNS must be a whole number ≥ 1`);
  const width = canvasWidth(VIEWPORT, 'profile');
  for (const count of COUNTS) {
    const { grid, naive, height } = measure(count, width);
    console.log(
      `${count} bubbles on ${width} px: grid ${grid.toFixed(2)} ms, all pairs ${naive.toFixed(2)} ms, canvas ${Math.round(height)} px tall`,
    );
    reportResult({
      bench: BENCH,
      name: `place ${count} bubbles (desktop sizes, ${width} px), per layout`,
      value: grid,
      unit: 'ms',
      baseline: naive,
      baselineName: 'all-pairs reference, same layout',
      better: 'lower',
      goal: GOALS[count],
    });
  }
}

try {
  main();
} catch (error) {
  console.error(`${BENCH} failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
}

/**
 * Where the bubbles of the profile and the test home go (spec §9 "placement"): each bubble tries up to 1000
 * random spots, takes the first that overlaps no placed bubble by more than 2 px, then floats up in steps
 * of at most 5 px until it touches the bubble above it (or the top margin), which keeps the canvas compact.
 * When every try fails it goes below the lowest bubble. The canvas is `width` wide and as tall as it needs.
 *
 * The rules, precisely (r = diameter / 2, centres compared):
 * - Free: a spot is free when, for every placed bubble, the centre distance is at least
 *   r1 + r2 − overlapTolerance (an overlap of up to 2 px is allowed, more never).
 * - Spots: x uniformly in [margin, width − margin − d] (x = margin when the bubble is wider than that),
 *   y uniformly in the frontier band [max(margin, lowest − 3 × largest), lowest], where `lowest` is the
 *   lowest bottom edge so far (margin before the first bubble) and `largest` the largest diameter so far.
 *   The band moves down as the canvas fills, so a try rarely lands where there is no room; a spot at its
 *   lower end overlaps nothing.
 * - Touching (touchingTolerance, 5 px): a free spot moves up by min(5, y − margin) while the spot above is
 *   still free. So every bubble placed by a try ends at the top margin or "touching": 5 px higher it would
 *   overlap a bubble by more than the tolerance (its gap to that bubble is then under 5 − 2 = 3 px).
 *   A tolerance of 0 keeps bubbles where their spot fell (a tolerance must be 0 or at least 0.5 px).
 * - Fallback: when all `maxTries` spots overlap, x is drawn once more as above and the bubble's top sits on
 *   the lowest bottom edge (so it overlaps nothing); it does not float up.
 *
 * Bubbles are placed in the given order, each from the random numbers after the previous one's, so the
 * first k positions depend only on the first k diameters: appending bubbles ("load more") with the same
 * seed keeps the ones already shown where they were. Earlier bubbles sit nearer the top.
 */
import { PLACEMENT, type Random } from './bubbles';

/** `x`, `y`: the top-left corner of the bubble's square (CSS `left` / `top` inside the canvas), in px. */
export type BubblePosition = { x: number; y: number; diameter: number };

/** `positions[i]` belongs to `diameters[i]`; `height`: the lowest bottom edge + margin (0 with no bubbles). */
export type BubbleLayout = { positions: BubblePosition[]; height: number };

export type PlacementOptions = {
  width: number;
  random: Random;
  maxTries?: number;
  overlapTolerance?: number;
  touchingTolerance?: number;
  margin?: number;
};

/** How far up from the lowest bottom edge spots are drawn, in largest diameters so far. */
const FRONTIER_BAND_DIAMETERS = 3;

/** The placed bubbles, asked whether a bubble centred at (cx, cy) with radius r would overlap one. */
type Occupancy = {
  collides(cx: number, cy: number, r: number): boolean;
  add(cx: number, cy: number, r: number): void;
};

/** Placed bubble `other` and a bubble at (cx, cy, r) overlap by more than the tolerance. */
function overlapsTooMuch(
  cx: number,
  cy: number,
  r: number,
  otherX: number,
  otherY: number,
  otherR: number,
  tolerance: number,
): boolean {
  const minDistance = r + otherR - tolerance;
  if (minDistance <= 0) return false;
  const dx = cx - otherX;
  const dy = cy - otherY;
  return dx * dx + dy * dy < minDistance * minDistance;
}

/** The reference: checks every placed bubble. */
function allPairsOccupancy(tolerance: number): Occupancy {
  const xs: number[] = [];
  const ys: number[] = [];
  const rs: number[] = [];
  return {
    collides(cx, cy, r) {
      for (let i = 0; i < xs.length; i++) {
        if (overlapsTooMuch(cx, cy, r, xs[i] ?? 0, ys[i] ?? 0, rs[i] ?? 0, tolerance)) return true;
      }
      return false;
    },
    add(cx, cy, r) {
      xs.push(cx);
      ys.push(cy);
      rs.push(r);
    },
  };
}

/**
 * A uniform grid of square cells as wide as the largest bubble, each listing the bubbles whose centre lies
 * in it. Two bubbles can only overlap when their centres are less than r1 + r2 ≤ the largest diameter
 * apart, so their cells are neighbours: a check looks at the 3 × 3 cells around the centre. Columns are
 * clamped to the canvas (clamping never separates neighbouring cells), rows are added as the canvas grows.
 */
function gridOccupancy(tolerance: number, cellSize: number, width: number): Occupancy {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const cells: number[][] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const rs: number[] = [];
  const columnOf = (x: number) => Math.min(columns - 1, Math.max(0, Math.floor(x / cellSize)));
  const rowOf = (y: number) => Math.max(0, Math.floor(y / cellSize));
  return {
    collides(cx, cy, r) {
      const column = columnOf(cx);
      const row = rowOf(cy);
      const lastRow = Math.min(row + 1, cells.length / columns - 1);
      for (let y = Math.max(0, row - 1); y <= lastRow; y++) {
        for (let x = Math.max(0, column - 1); x <= Math.min(columns - 1, column + 1); x++) {
          const cell = cells[y * columns + x];
          if (!cell) continue;
          for (const i of cell) {
            if (overlapsTooMuch(cx, cy, r, xs[i] ?? 0, ys[i] ?? 0, rs[i] ?? 0, tolerance)) return true;
          }
        }
      }
      return false;
    },
    add(cx, cy, r) {
      const row = rowOf(cy);
      while (cells.length < (row + 1) * columns) cells.push([]);
      cells[row * columns + columnOf(cx)]?.push(xs.length);
      xs.push(cx);
      ys.push(cy);
      rs.push(r);
    },
  };
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number ≥ 0, got ${value}`);
  }
  return value;
}

/** Floating up takes steps of this size, so a tiny one would take millions of steps: 0 or at least 0.5 px. */
const MIN_TOUCHING_TOLERANCE = 0.5;

function touchingStep(value: number): number {
  if (value !== 0 && !(Number.isFinite(value) && value >= MIN_TOUCHING_TOLERANCE)) {
    throw new RangeError(
      `touchingTolerance must be 0 or a finite number ≥ ${MIN_TOUCHING_TOLERANCE}, got ${value}`,
    );
  }
  return value;
}

type Rules = { width: number; maxTries: number; overlap: number; touching: number; margin: number };

function readOptions(diameters: readonly number[], options: PlacementOptions): Rules {
  for (const [index, diameter] of diameters.entries()) {
    if (!Number.isFinite(diameter) || diameter <= 0) {
      throw new RangeError(`diameter ${index} must be a finite number > 0, got ${diameter}`);
    }
  }
  const maxTries = options.maxTries ?? PLACEMENT.maxTries;
  if (!Number.isInteger(maxTries) || maxTries < 0) {
    throw new RangeError(`maxTries must be a whole number ≥ 0, got ${maxTries}`);
  }
  return {
    width: nonNegative('width', options.width),
    maxTries,
    overlap: nonNegative('overlapTolerance', options.overlapTolerance ?? PLACEMENT.overlapTolerancePx),
    touching: touchingStep(options.touchingTolerance ?? PLACEMENT.touchingTolerancePx),
    margin: nonNegative('margin', options.margin ?? PLACEMENT.marginPx),
  };
}

/** The placement both versions share; only the overlap check (`occupancy`) differs. */
function layOut(
  diameters: readonly number[],
  rules: Rules,
  random: Random,
  occupancy: Occupancy,
): BubbleLayout {
  const { width, maxTries, touching, margin } = rules;
  const positions: BubblePosition[] = [];
  let lowest = margin;
  let largest = 0;
  for (const diameter of diameters) {
    const r = diameter / 2;
    largest = Math.max(largest, diameter);
    const xSpan = Math.max(0, width - 2 * margin - diameter);
    const yMin = Math.max(margin, lowest - FRONTIER_BAND_DIAMETERS * largest);
    const ySpan = lowest - yMin;
    let spot: { x: number; y: number } | undefined;
    for (let attempt = 0; attempt < maxTries; attempt++) {
      const x = margin + random() * xSpan;
      const y = yMin + random() * ySpan;
      if (!occupancy.collides(x + r, y + r, r)) {
        spot = { x, y: touching > 0 ? floatUp(occupancy, x + r, y, r, rules) : y };
        break;
      }
    }
    spot ??= { x: margin + random() * xSpan, y: lowest };
    occupancy.add(spot.x + r, spot.y + r, r);
    positions.push({ x: spot.x, y: spot.y, diameter });
    lowest = Math.max(lowest, spot.y + diameter);
  }
  return { positions, height: positions.length > 0 ? lowest + margin : 0 };
}

/** Moves a free spot up by at most `touching` px at a time while the spot above stays free. */
function floatUp(occupancy: Occupancy, cx: number, top: number, r: number, rules: Rules): number {
  let y = top;
  while (y > rules.margin) {
    const higher = Math.max(rules.margin, y - rules.touching);
    if (occupancy.collides(cx, higher + r, r)) break;
    y = higher;
  }
  return y;
}

/**
 * Places bubbles of the given diameters on a canvas `width` px wide (see the rules above). Each try checks
 * only the bubbles in the neighbouring cells of a uniform grid, so a layout costs about
 * bubbles × tries × a handful, not bubbles² × tries.
 */
export function placeBubbles(diameters: readonly number[], options: PlacementOptions): BubbleLayout {
  const rules = readOptions(diameters, options);
  const cellSize = diameters.reduce((largest, diameter) => Math.max(largest, diameter), 1);
  return layOut(diameters, rules, options.random, gridOccupancy(rules.overlap, cellSize, rules.width));
}

/**
 * The same placement checking every placed bubble on every try: the reference that tests and the
 * benchmark hold `placeBubbles` against (same random source, same layout).
 */
export function placeBubblesNaive(diameters: readonly number[], options: PlacementOptions): BubbleLayout {
  const rules = readOptions(diameters, options);
  return layOut(diameters, rules, options.random, allPairsOccupancy(rules.overlap));
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BubbleLayout, type PlacementOptions, placeBubbles, placeBubblesNaive } from './bubble-layout';
import { bubbleDiameter, canvasWidth, PLACEMENT, type Random, randomInt, seededRandom } from './bubbles';

const EPSILON = 1e-9;
const { marginPx: MARGIN, overlapTolerancePx: OVERLAP, touchingTolerancePx: TOUCHING } = PLACEMENT;

/** A random source that hands out `values` in turn, so a test decides every spot. */
function sequence(...values: number[]): Random {
  let next = 0;
  return () => {
    const value = values[next++];
    if (value === undefined)
      throw new Error(`the layout asked for random number ${next}, only ${values.length} given`);
    return value;
  };
}

/** Counts the numbers drawn from `random`. */
function counted(random: Random): { random: Random; calls: () => number } {
  let calls = 0;
  return {
    random: () => {
      calls++;
      return random();
    },
    calls: () => calls,
  };
}

function centreDistance(a: BubbleLayout['positions'][number], b: BubbleLayout['positions'][number]): number {
  return Math.hypot(
    a.x + a.diameter / 2 - (b.x + b.diameter / 2),
    a.y + a.diameter / 2 - (b.y + b.diameter / 2),
  );
}

/** The largest overlap (px, r1 + r2 − centre distance) of any two bubbles; negative when none touch. */
function largestOverlap(layout: BubbleLayout): number {
  let largest = Number.NEGATIVE_INFINITY;
  const { positions } = layout;
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) {
      const a = positions[i];
      const b = positions[j];
      if (!a || !b) continue;
      largest = Math.max(largest, (a.diameter + b.diameter) / 2 - centreDistance(a, b));
    }
  }
  return largest;
}

const diametersArb = fc.array(fc.double({ min: 8, max: 140, noNaN: true }), { minLength: 1, maxLength: 120 });
/** Diameters, a canvas at least as wide as the largest bubble plus the margins, a seed. */
const canvasArb = diametersArb.chain((diameters) =>
  fc.record({
    diameters: fc.constant(diameters),
    width: fc.double({ min: Math.max(...diameters) + 2 * MARGIN, max: 1400, noNaN: true }),
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  }),
);
const rulesArb = fc.record({
  maxTries: fc.integer({ min: 0, max: 60 }),
  overlapTolerance: fc.double({ min: 0, max: 10, noNaN: true }),
  touchingTolerance: fc.oneof(fc.constant(0), fc.double({ min: 0.5, max: 12, noNaN: true })),
  margin: fc.double({ min: 0, max: 40, noNaN: true }),
});

describe('placeBubbles', () => {
  it('gives an empty canvas no height', () => {
    expect(placeBubbles([], { width: 760, random: seededRandom(1) })).toEqual({ positions: [], height: 0 });
  });

  it('puts the first bubble on the top margin and makes the canvas as tall as its bubbles plus the margin', () => {
    const layout = placeBubbles([100], { width: 760, random: sequence(0.5, 0.9) });
    expect(layout.positions).toEqual([
      { x: MARGIN + 0.5 * (760 - 2 * MARGIN - 100), y: MARGIN, diameter: 100 },
    ]);
    expect(layout.height).toBe(MARGIN + 100 + MARGIN);
  });

  it('floats a free spot up in steps of the touching tolerance until the bubble above is within reach', () => {
    // Bubble 0 (d 100) sits at (20, 20); bubble 1 (d 40) gets the spot (20, 120) below it. Its centre is
    // 30 px to the side, so at y 110 the centres would be 67.08 px apart, under 50 + 20 − 2: it stops at 115.
    const layout = placeBubbles([100, 40], { width: 200, random: sequence(0, 0, 0, 1) });
    const [above, below] = layout.positions;
    expect(below).toEqual({ x: 20, y: 115, diameter: 40 });
    if (!above || !below) throw new Error('two bubbles expected');
    const gap = centreDistance(above, below) - 70;
    expect(gap).toBeGreaterThanOrEqual(-OVERLAP);
    expect(gap).toBeLessThan(TOUCHING - OVERLAP);
  });

  it('floats up to the top margin when nothing is above, and not at all with a touching tolerance of 0', () => {
    const random = () => sequence(0, 0, 1, 1);
    expect(placeBubbles([50, 50], { width: 200, random: random() }).positions[1]).toEqual({
      x: 130,
      y: MARGIN,
      diameter: 50,
    });
    expect(
      placeBubbles([50, 50], { width: 200, random: random(), touchingTolerance: 0 }).positions[1],
    ).toEqual({
      x: 130,
      y: 70,
      diameter: 50,
    });
  });

  it('tries maxTries spots, then places the bubble below the lowest one', () => {
    // With every number 0 each try of bubble 1 lands on bubble 0; then x is drawn once more.
    const source = counted(() => 0);
    const layout = placeBubbles([60, 40], { width: 300, random: source.random });
    expect(source.calls()).toBe(2 + 2 * PLACEMENT.maxTries + 1);
    expect(layout.positions[1]).toEqual({ x: MARGIN, y: MARGIN + 60, diameter: 40 });
    expect(layout.height).toBe(MARGIN + 100 + MARGIN);
  });

  it('stacks every bubble below the previous ones when no try is allowed', () => {
    const layout = placeBubbles([30, 50, 40], {
      width: 300,
      random: seededRandom(9),
      maxTries: 0,
      margin: 10,
    });
    expect(layout.positions.map(({ y }) => y)).toEqual([10, 40, 90]);
    expect(layout.height).toBe(140);
  });

  it('keeps a bubble wider than the canvas at the left margin', () => {
    const layout = placeBubbles([120, 120], { width: 100, random: seededRandom(3) });
    expect(layout.positions.map(({ x }) => x)).toEqual([MARGIN, MARGIN]);
    expect(largestOverlap(layout)).toBeLessThanOrEqual(OVERLAP + EPSILON);
  });

  it('refuses impossible input', () => {
    const random = seededRandom(1);
    expect(() => placeBubbles([0], { width: 760, random })).toThrow(RangeError);
    expect(() => placeBubbles([Number.NaN], { width: 760, random })).toThrow(/diameter 0/);
    expect(() => placeBubbles([50], { width: -1, random })).toThrow(/width/);
    expect(() => placeBubbles([50], { width: Number.POSITIVE_INFINITY, random })).toThrow(/width/);
    expect(() => placeBubbles([50], { width: 760, random, maxTries: 1.5 })).toThrow(/maxTries/);
    expect(() => placeBubbles([50], { width: 760, random, margin: -20 })).toThrow(/margin/);
    expect(() => placeBubblesNaive([50], { width: 760, random, overlapTolerance: -2 })).toThrow(/overlap/);
    expect(() => placeBubbles([50], { width: 760, random, touchingTolerance: 0.1 })).toThrow(/touching/);
  });

  it('never lets two bubbles overlap by more than the tolerance', () => {
    fc.assert(
      fc.property(canvasArb, rulesArb, ({ diameters, width, seed }, rules) => {
        const layout = placeBubbles(diameters, { width, random: seededRandom(seed), ...rules });
        expect(largestOverlap(layout)).toBeLessThanOrEqual(rules.overlapTolerance + EPSILON);
      }),
    );
  });

  it('keeps every bubble inside the canvas and its margins', () => {
    fc.assert(
      fc.property(canvasArb, ({ diameters, width, seed }) => {
        const layout = placeBubbles(diameters, { width, random: seededRandom(seed) });
        expect(layout.positions).toHaveLength(diameters.length);
        for (const [index, { x, y, diameter }] of layout.positions.entries()) {
          expect(diameter).toBe(diameters[index]);
          expect(x).toBeGreaterThanOrEqual(MARGIN);
          expect(x + diameter).toBeLessThanOrEqual(width - MARGIN + EPSILON);
          expect(y).toBeGreaterThanOrEqual(MARGIN);
          expect(y + diameter).toBeLessThanOrEqual(layout.height - MARGIN + EPSILON);
        }
        const lowest = Math.max(...layout.positions.map(({ y, diameter }) => y + diameter));
        expect(layout.height).toBe(lowest + MARGIN);
      }),
    );
  });

  it('leaves every bubble on the top margin, touching an earlier bubble, or below all earlier ones', () => {
    fc.assert(
      fc.property(canvasArb, rulesArb, ({ diameters, width, seed }, rules) => {
        const { positions } = placeBubbles(diameters, { width, random: seededRandom(seed), ...rules });
        for (const [index, bubble] of positions.entries()) {
          const earlier = positions.slice(0, index);
          const lowest = Math.max(rules.margin, ...earlier.map(({ y, diameter }) => y + diameter));
          if (bubble.y <= rules.margin || bubble.y === lowest || rules.touchingTolerance === 0) continue;
          const higher = { ...bubble, y: Math.max(rules.margin, bubble.y - rules.touchingTolerance) };
          const blocked = earlier.some(
            (other) =>
              centreDistance(higher, other) < (other.diameter + bubble.diameter) / 2 - rules.overlapTolerance,
          );
          expect(blocked).toBe(true);
        }
      }),
    );
  });

  it('gives the same layout as the all-pairs reference for the same random source', () => {
    fc.assert(
      fc.property(canvasArb, rulesArb, ({ diameters, width, seed }, rules) => {
        const options = (): PlacementOptions => ({ width, random: seededRandom(seed), ...rules });
        expect(placeBubbles(diameters, options())).toEqual(placeBubblesNaive(diameters, options()));
      }),
    );
  });

  it('gives the same layout for the same seed, and keeps earlier bubbles in place when more are appended', () => {
    fc.assert(
      fc.property(canvasArb, diametersArb, ({ diameters, width, seed }, more) => {
        const first = placeBubbles(diameters, { width, random: seededRandom(seed) });
        expect(placeBubbles(diameters, { width, random: seededRandom(seed) })).toEqual(first);
        const longer = placeBubbles([...diameters, ...more], { width, random: seededRandom(seed) });
        expect(longer.positions.slice(0, diameters.length)).toEqual(first.positions);
      }),
    );
  });

  it('also agrees with the reference on the large layouts of the benchmark', () => {
    const random = seededRandom(2024);
    const diameters = Array.from({ length: 1000 }, () => bubbleDiameter(randomInt(random, 1, 10), 1280));
    const grid = placeBubbles(diameters, { width: 760, random: seededRandom(7) });
    expect(grid).toEqual(placeBubblesNaive(diameters, { width: 760, random: seededRandom(7) }));
    expect(largestOverlap(grid)).toBeLessThanOrEqual(OVERLAP + EPSILON);
  });

  it('packs a category of mock bubbles compactly at every breakpoint', () => {
    for (const viewport of [390, 800, 1280]) {
      const random = seededRandom(viewport);
      const diameters = Array.from({ length: 100 }, () => bubbleDiameter(randomInt(random, 1, 10), viewport));
      const width = canvasWidth(viewport, 'profile');
      const layout = placeBubbles(diameters, { width, random });
      const bubbleArea = diameters.reduce((sum, d) => sum + (Math.PI * d * d) / 4, 0);
      const usedArea = (width - 2 * MARGIN) * (layout.height - 2 * MARGIN);
      // Left where their spots fell, bubbles cover 30–40 % of the area; floating up brings it past 50 %.
      expect(bubbleArea / usedArea).toBeGreaterThan(0.45);
    }
  });
});

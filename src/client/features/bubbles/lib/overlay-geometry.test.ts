import { describe, expect, it } from 'vitest';
import { easedProgress, nextProgress, overlayBox, overlayDiameter } from './overlay-geometry';

describe('overlayDiameter (spec §9)', () => {
  it('is 500 px from 768 px wide', () => {
    expect(overlayDiameter(768, 900)).toBe(500);
    expect(overlayDiameter(1280, 800)).toBe(500);
  });

  it('below 768 px is min(90 % width, 90 % height, 400) less the 16 px margin', () => {
    expect(overlayDiameter(390, 844)).toBeCloseTo(390 * 0.9 - 16);
    expect(overlayDiameter(767, 1000)).toBe(400 - 16);
    expect(overlayDiameter(700, 300)).toBeCloseTo(300 * 0.9 - 16);
  });

  it('keeps the margin on a short wide window, and is never negative', () => {
    expect(overlayDiameter(1024, 400)).toBe(400 - 32);
    expect(overlayDiameter(10, 10)).toBe(0);
  });
});

describe('overlayBox', () => {
  it('centres the circle in the visible part of the page', () => {
    expect(overlayBox({ width: 1280, height: 800, offsetLeft: 0, offsetTop: 0 })).toEqual({
      size: 500,
      left: 390,
      top: 150,
    });
    const zoomed = overlayBox({ width: 390, height: 600, offsetLeft: 100, offsetTop: 250 });
    expect(zoomed.left + zoomed.size / 2).toBeCloseTo(100 + 195);
    expect(zoomed.top + zoomed.size / 2).toBeCloseTo(250 + 300);
  });
});

describe('the opening progress (spec §4)', () => {
  it('goes 0, 2, 4 … 10 and stays there', () => {
    const steps = [0];
    while ((steps.at(-1) ?? 0) < 10) steps.push(nextProgress(steps.at(-1) ?? 0));
    expect(steps).toEqual([0, 2, 4, 6, 8, 10]);
    expect(nextProgress(10)).toBe(10);
  });

  it('eases out from 0 to 1', () => {
    expect(easedProgress(0)).toBe(0);
    expect(easedProgress(10)).toBe(1);
    expect(easedProgress(2)).toBeGreaterThan(0.2);
    expect(easedProgress(4)).toBeGreaterThan(easedProgress(2));
  });
});

import { describe, expect, it } from 'vitest';
import { gifDisplaySize } from './newsletters';

describe('gifDisplaySize', () => {
  it('keeps a GIF up to 600 px wide at its natural size', () => {
    expect(gifDisplaySize({ width: 180, height: 120 })).toEqual({ width: 180, height: 120 });
    expect(gifDisplaySize({ width: 600, height: 1000 })).toEqual({ width: 600, height: 1000 });
    expect(gifDisplaySize({ width: 1, height: 1 })).toEqual({ width: 1, height: 1 });
  });

  it('scales a wider one down to 600 px, keeping its proportions', () => {
    expect(gifDisplaySize({ width: 1200, height: 675 })).toEqual({ width: 600, height: 338 });
    expect(gifDisplaySize({ width: 601, height: 601 })).toEqual({ width: 600, height: 600 });
    // A very flat one keeps at least 1 px of height.
    expect(gifDisplaySize({ width: 65535, height: 1 })).toEqual({ width: 600, height: 1 });
  });
});

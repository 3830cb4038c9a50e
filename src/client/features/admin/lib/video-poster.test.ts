import { describe, expect, it } from 'vitest';
import { knownDuration, POSTER_MAX_EDGE, posterCaptureTime, posterSize } from './video-poster';

describe('posterCaptureTime', () => {
  it('takes the frame one second in for videos of 10 s and more', () => {
    expect(posterCaptureTime(10)).toBe(1);
    expect(posterCaptureTime(600)).toBe(1);
  });

  it('takes a tenth of the way into shorter videos, so the frame exists', () => {
    expect(posterCaptureTime(4)).toBeCloseTo(0.4);
    expect(posterCaptureTime(0.5)).toBeCloseTo(0.05);
  });

  it('takes the first frame when the duration is unknown', () => {
    expect(posterCaptureTime(null)).toBe(0);
    expect(posterCaptureTime(Number.NaN)).toBe(0);
    expect(posterCaptureTime(Number.POSITIVE_INFINITY)).toBe(0);
    expect(posterCaptureTime(0)).toBe(0);
  });
});

describe('posterSize', () => {
  it('keeps small videos at their size', () => {
    expect(posterSize(640, 360)).toEqual({ width: 640, height: 360 });
  });

  it('scales large videos down to the longest edge, keeping the shape', () => {
    expect(posterSize(3840, 2160)).toEqual({ width: POSTER_MAX_EDGE, height: 720 });
    expect(posterSize(1080, 1920)).toEqual({ width: 720, height: POSTER_MAX_EDGE });
  });

  it('gives no size for a file without a picture', () => {
    expect(posterSize(0, 0)).toBeNull();
    expect(posterSize(640, 0)).toBeNull();
  });
});

describe('knownDuration', () => {
  it('keeps finite positive durations only', () => {
    expect(knownDuration(12.5)).toBe(12.5);
    expect(knownDuration(Number.NaN)).toBeNull();
    expect(knownDuration(Number.POSITIVE_INFINITY)).toBeNull();
    expect(knownDuration(0)).toBeNull();
  });
});

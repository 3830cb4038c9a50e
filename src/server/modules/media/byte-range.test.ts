import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, ifRangeAllows, parseRangeHeader } from './byte-range';

describe('parseRangeHeader', () => {
  it('reads the three single-range forms against the size', () => {
    expect(parseRangeHeader('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=95-', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('Bytes=5-5', 100)).toEqual({ start: 5, end: 5 });
  });

  it('says unsatisfiable when no byte of the range exists', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('ignores headers it does not understand and several ranges, so the whole object is sent', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-2',
      'bytes=0-1,4-5',
      'items=0-5',
      'bytes=a-b',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseRangeHeader(header, 100), String(header)).toBeUndefined();
    }
  });
});

describe('conditional headers', () => {
  it('matches If-None-Match lists, weak tags and *', () => {
    expect(ifNoneMatchHits('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('*', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
  });

  it('allows a range only while If-Range names the current tag', () => {
    expect(ifRangeAllows(undefined, '"abc"')).toBe(true);
    expect(ifRangeAllows('"abc"', '"abc"')).toBe(true);
    expect(ifRangeAllows('"old"', '"abc"')).toBe(false);
    expect(ifRangeAllows('W/"abc"', '"abc"')).toBe(false);
    expect(ifRangeAllows('Mon, 02 Mar 2026 09:00:00 GMT', '"abc"')).toBe(false);
  });
});

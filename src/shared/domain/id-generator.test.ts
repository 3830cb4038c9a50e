import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkIdConfig,
  formatId,
  generateId,
  ID_GENERATOR_DEFAULTS,
  ID_MAX_ATTEMPTS,
  ID_RECENT_LIMIT,
  idRangeEnd,
  pushRecentId,
} from './id-generator';

describe('the ID generator', () => {
  it('formats with the prefix and zero padding', () => {
    expect(formatId(ID_GENERATOR_DEFAULTS, 7)).toBe('#07');
    expect(formatId({ start: 1, prefix: 'ID-', padding: 4 }, 123)).toBe('ID-0123');
  });

  it('checks the configuration as spec §5 says', () => {
    expect(checkIdConfig(ID_GENERATOR_DEFAULTS)).toBeNull();
    expect(checkIdConfig({ ...ID_GENERATOR_DEFAULTS, start: 0 })).toBe('startTooSmall');
    expect(checkIdConfig({ ...ID_GENERATOR_DEFAULTS, start: 1.5 })).toBe('startTooSmall');
    expect(checkIdConfig({ ...ID_GENERATOR_DEFAULTS, padding: 0 })).toBe('paddingOutOfRange');
    expect(checkIdConfig({ ...ID_GENERATOR_DEFAULTS, padding: 11 })).toBe('paddingOutOfRange');
    expect(checkIdConfig({ ...ID_GENERATOR_DEFAULTS, start: 100, padding: 2 })).toBe('startAboveRange');
  });

  it('draws between start and 10^padding - 1, never a used value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.integer({ min: 1, max: 999 }), { maxLength: 40 }),
        (start, padding, usedValues) => {
          const config = { start, prefix: '#', padding };
          const used = new Set(usedValues);
          const result = generateId(config, used);
          if (!result.ok) return;
          expect(result.value).toBeGreaterThanOrEqual(start);
          expect(result.value).toBeLessThanOrEqual(idRangeEnd(padding));
          expect(used.has(result.value)).toBe(false);
          expect(result.id).toBe(formatId(config, result.value));
        },
      ),
    );
  });

  it('gives up after the maximum number of attempts when every value is taken', () => {
    const used = new Set(Array.from({ length: 99 }, (_, index) => index + 1));
    let calls = 0;
    const result = generateId(ID_GENERATOR_DEFAULTS, used, () => {
      calls += 1;
      return Math.random();
    });
    expect(result).toEqual({ ok: false, error: 'exhausted' });
    expect(calls).toBe(ID_MAX_ATTEMPTS);
  });

  it('keeps the newest IDs first, each once, at most 20', () => {
    let recent: string[] = [];
    for (let n = 1; n <= 25; n += 1) recent = pushRecentId(recent, `#${n}`);
    expect(recent).toHaveLength(ID_RECENT_LIMIT);
    expect(recent[0]).toBe('#25');
    expect(pushRecentId(['#1', '#2'], '#2')).toEqual(['#2', '#1']);
  });
});

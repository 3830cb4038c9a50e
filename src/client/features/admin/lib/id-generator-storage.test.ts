import { generateId, ID_GENERATOR_DEFAULTS, pushRecentId } from '@shared/domain/id-generator';
import { describe, expect, it } from 'vitest';
import { parseIdConfig, parseRecentIds, parseUsedIds, serializeUsedIds } from './id-generator-storage';

describe('parseIdConfig', () => {
  it('reads a stored configuration', () => {
    expect(parseIdConfig('{"start":5,"prefix":"ID-","padding":4}')).toEqual({
      start: 5,
      prefix: 'ID-',
      padding: 4,
    });
  });

  it('gives the defaults of spec §9 for nothing or bad JSON', () => {
    for (const raw of [null, '', '{', '[]', '"x"', 'null', '7']) {
      expect(parseIdConfig(raw)).toEqual(ID_GENERATOR_DEFAULTS);
    }
    expect(parseIdConfig(null)).toEqual({ start: 1, prefix: '#', padding: 2 });
  });

  it('replaces each bad field on its own', () => {
    expect(parseIdConfig('{"start":0,"prefix":"A","padding":3}')).toEqual({
      start: 1,
      prefix: 'A',
      padding: 3,
    });
    expect(parseIdConfig('{"start":2.5,"prefix":7,"padding":11}')).toEqual(ID_GENERATOR_DEFAULTS);
    expect(parseIdConfig('{"start":"9","prefix":"abcdefghijk","padding":0}')).toEqual(ID_GENERATOR_DEFAULTS);
    expect(parseIdConfig('{"start":3,"padding":10}')).toEqual({ start: 3, prefix: '#', padding: 10 });
  });

  it('keeps an empty prefix, which is a choice', () => {
    expect(parseIdConfig('{"start":1,"prefix":"","padding":2}').prefix).toBe('');
  });
});

describe('parseUsedIds', () => {
  it('reads positive whole numbers, each once', () => {
    expect([...parseUsedIds('[3, 1, 3, 99]')]).toEqual([3, 1, 99]);
  });

  it('skips what is not a used number and tolerates bad JSON', () => {
    expect([...parseUsedIds('[0, -1, 2.5, "4", null, 7, 1e300]')]).toEqual([7]);
    for (const raw of [null, '', '{', '{"a":1}', '12']) expect(parseUsedIds(raw).size).toBe(0);
  });

  it('round-trips through serializeUsedIds, sorted', () => {
    const used = new Set([42, 7, 13]);
    expect(serializeUsedIds(used)).toBe('[7,13,42]');
    expect(parseUsedIds(serializeUsedIds(used))).toEqual(used);
  });

  it('feeds generateId, which then avoids those numbers', () => {
    const used = parseUsedIds(JSON.stringify([1, 2, 3, 4, 5, 6, 7, 8]));
    const result = generateId({ start: 1, prefix: '#', padding: 1 }, used, () => 0);
    expect(result).toEqual({ ok: false, error: 'exhausted' });
    const sequence = [0, 0.99];
    const next = generateId({ start: 1, prefix: '#', padding: 1 }, used, () => sequence.shift() ?? 0);
    expect(next).toEqual({ ok: true, id: '#9', value: 9 });
  });
});

describe('parseRecentIds', () => {
  it('reads strings, each once, at most 20', () => {
    const many = Array.from({ length: 30 }, (_, i) => `#${i}`);
    expect(parseRecentIds(JSON.stringify(many))).toEqual(many.slice(0, 20));
    expect(parseRecentIds('["#01", "#01", 5, "", "#02"]')).toEqual(['#01', '#02']);
  });

  it('tolerates bad JSON', () => {
    for (const raw of [null, '', '[', '"#01"', '{"0":"#01"}']) expect(parseRecentIds(raw)).toEqual([]);
  });

  it('keeps what pushRecentId writes', () => {
    const recent = pushRecentId(parseRecentIds('["#02","#01"]'), '#03');
    expect(parseRecentIds(JSON.stringify(recent))).toEqual(['#03', '#02', '#01']);
  });
});

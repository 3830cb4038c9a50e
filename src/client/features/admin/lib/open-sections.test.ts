import { ADMIN_SECTIONS } from '@shared/domain/admin';
import { describe, expect, it } from 'vitest';
import { knownSections, parseOpenSections, serializeOpenSections } from './open-sections';

describe('parseOpenSections', () => {
  it('reads a stored list, in page order', () => {
    expect(parseOpenSections('["idGenerator","newsletterList"]')).toEqual(['newsletterList', 'idGenerator']);
  });

  it('reads nothing stored as none open', () => {
    expect(parseOpenSections(null)).toEqual([]);
    expect(parseOpenSections('')).toEqual([]);
  });

  it('tolerates bad JSON and values that are not lists', () => {
    for (const raw of ['{', 'not json', '"newsletterList"', '42', 'null', '{"newsletterList":true}']) {
      expect(parseOpenSections(raw)).toEqual([]);
    }
  });

  it('drops unknown names, non-strings and repeats', () => {
    expect(parseOpenSections('["gone", 3, null, "apiSettings", "apiSettings", {"a":1}]')).toEqual([
      'apiSettings',
    ]);
  });

  it('round-trips through serializeOpenSections', () => {
    expect(parseOpenSections(serializeOpenSections([...ADMIN_SECTIONS].reverse()))).toEqual([
      ...ADMIN_SECTIONS,
    ]);
    expect(serializeOpenSections(['emailRouting', 'unknown', 'emailRouting'])).toBe('["emailRouting"]');
  });
});

describe('knownSections', () => {
  it('keeps known names in page order, each once', () => {
    expect(knownSections(['idGenerator', 'contentManagement', 'idGenerator', 'nope', 1])).toEqual([
      'contentManagement',
      'idGenerator',
    ]);
    expect(knownSections([])).toEqual([]);
  });
});

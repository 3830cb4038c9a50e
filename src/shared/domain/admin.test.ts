import { describe, expect, it } from 'vitest';
import { isValidApiKey, knownSections, maskSecret } from './admin';

describe('the provider key', () => {
  it('is one run of visible ASCII characters, blanks around it trimmed', () => {
    expect(isValidApiKey('  re_123abc_XYZ-9  ')).toBe(true);
    for (const bad of ['', '   ', 're_12 34', 're_😀_key', 're_key\u0000', 'schlüssel']) {
      expect(isValidApiKey(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('is shown with its ends only, never splitting a character', () => {
    expect(maskSecret('re_1234567890abcd')).toBe('re_••••••••abcd');
    expect(maskSecret('short')).toBe('••••••••');
    const masked = maskSecret('😀😀😀middle-part😀😀😀😀');
    expect(masked).toBe('😀😀😀••••••••😀😀😀😀');
    // No lone surrogate: the mask is stored as text, which PostgreSQL refuses with one.
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(masked)).toBe(false);
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

import { ALL, CATEGORIES } from '@shared/domain/bubbles';
import { describe, expect, it } from 'vitest';
import { testHomeChoice } from './selection';

describe('testHomeChoice', () => {
  it('reads each of the ten categories', () => {
    for (const category of CATEGORIES) expect(testHomeChoice(category)).toBe(category);
  });

  it('opens on All without a category or with one it does not know', () => {
    for (const value of [null, '', 'All', 'trust', 'Trust ', 'Everything']) {
      expect(testHomeChoice(value), String(value)).toBe(ALL);
    }
  });
});

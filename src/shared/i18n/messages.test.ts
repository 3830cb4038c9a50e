import { describe, expect, it } from 'vitest';
import { ROUTE_IDS } from '../routes';
import de from './de.json';
import en from './en.json';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('English and German have exactly the same keys', () => {
    const enKeys = Object.keys(en).sort();
    const deKeys = Object.keys(de).sort();
    expect(
      enKeys.filter((key) => !deKeys.includes(key)),
      'missing in de.json',
    ).toEqual([]);
    expect(
      deKeys.filter((key) => !enKeys.includes(key)),
      'missing in en.json',
    ).toEqual([]);
  });

  it('every message is a non-blank string with the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const german = (de as Record<string, unknown>)[key];
      expect(typeof text === 'string' && text.trim().length > 0, `en ${key}`).toBe(true);
      expect(typeof german === 'string' && german.trim().length > 0, `de ${key}`).toBe(true);
      expect(placeholders(german as string), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });

  it('keys are flat and dotted', () => {
    for (const key of Object.keys(en)) expect(key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9_-]+)+$/);
  });

  it('every route has a page title', () => {
    for (const id of ROUTE_IDS) expect(Object.keys(en)).toContain(`routes.${id}`);
  });
});

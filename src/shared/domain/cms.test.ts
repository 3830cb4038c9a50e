import { describe, expect, it } from 'vitest';
import { hasBuiltInTexts, LEGAL_REQUIRED_KEYS, missingLegalKeys } from './cms';

describe('the legal notice', () => {
  it('has no built-in texts; the other pages have', () => {
    expect(hasBuiltInTexts('legal')).toBe(false);
    expect(hasBuiltInTexts('home')).toBe(true);
  });

  it('lacks the operator, address or contact while any is empty or blank', () => {
    expect(missingLegalKeys(() => undefined)).toEqual([...LEGAL_REQUIRED_KEYS]);
    const texts: Record<string, string> = {
      'legal.companyName': 'Mirror GmbH',
      'legal.address': '  \n ',
      'legal.contact': 'hello@example.com',
    };
    expect(missingLegalKeys((key) => texts[key])).toEqual(['legal.address']);
    texts['legal.address'] = 'Hauptstraße 1';
    expect(missingLegalKeys((key) => texts[key])).toEqual([]);
  });
});

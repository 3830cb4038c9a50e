import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSecret, SecretBoxError, sealSecret } from './secret-box';

const SECRET = 'a-secret-that-is-long-enough-for-tests-0123456789';
const NAME = 'mail_provider_key';

/** Flips one bit of one base64url part of a sealed value. */
function flipBit(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('round-trips any text, in the v1 format, with a fresh IV each time', () => {
    const sealed = sealSecret(SECRET, NAME, 're_live_0123456789abcdef');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('0123456789abcdef');
    expect(openSecret(SECRET, NAME, sealed)).toBe('re_live_0123456789abcdef');
    expect(sealSecret(SECRET, NAME, 're_live_0123456789abcdef')).not.toBe(sealed);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (plaintext) => {
        expect(openSecret(SECRET, NAME, sealSecret(SECRET, NAME, plaintext))).toBe(plaintext);
      }),
      { numRuns: 200 },
    );
  });

  it('detects a change to the IV, the tag or the ciphertext', () => {
    const sealed = sealSecret(SECRET, NAME, 're_secret_value');
    for (const part of [1, 2, 3] as const) {
      expect(() => openSecret(SECRET, NAME, flipBit(sealed, part))).toThrow(SecretBoxError);
    }
  });

  it('does not open under another name, so a ciphertext cannot be moved to another secret', () => {
    const sealed = sealSecret(SECRET, NAME, 're_secret_value');
    expect(() => openSecret(SECRET, 'other_secret', sealed)).toThrow(SecretBoxError);
  });

  it('does not open with another session secret', () => {
    const sealed = sealSecret(SECRET, NAME, 're_secret_value');
    expect(() => openSecret(`${SECRET}-rotated`, NAME, sealed)).toThrow(SecretBoxError);
  });

  it('refuses malformed values with the same error and never returns garbage', () => {
    const sealed = sealSecret(SECRET, NAME, 'x');
    for (const bad of ['', 'v1', 'v2.a.b.c', `${sealed}.extra`, sealed.replace(/^v1/, 'v2')]) {
      expect(() => openSecret(SECRET, NAME, bad)).toThrow(SecretBoxError);
    }
    fc.assert(
      fc.property(fc.string(), (garbage) => {
        expect(() => openSecret(SECRET, NAME, garbage)).toThrow(SecretBoxError);
      }),
    );
  });
});

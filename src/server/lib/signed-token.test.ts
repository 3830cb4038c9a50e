import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyedHash, signToken, verifyToken } from './signed-token';

const SECRET = 'a-secret-that-is-long-enough-for-tests-0123456789';

describe('signed tokens', () => {
  it('round-trips the payload for the same purpose', () => {
    const token = signToken(SECRET, 'unsubscribe', { id: 'abc', n: 3 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(SECRET, 'unsubscribe', token)).toEqual({ id: 'abc', n: 3 });
  });

  it('refuses another purpose, another secret, a changed payload or signature', () => {
    const token = signToken(SECRET, 'unsubscribe', { id: 'abc' });
    const [body, sig] = token.split('.') as [string, string];
    expect(verifyToken(SECRET, 'confirm', token)).toBeNull();
    expect(verifyToken(`${SECRET}x`, 'unsubscribe', token)).toBeNull();
    const forgedBody = Buffer.from(JSON.stringify({ id: 'xyz' })).toString('base64url');
    expect(verifyToken(SECRET, 'unsubscribe', `${forgedBody}.${sig}`)).toBeNull();
    expect(verifyToken(SECRET, 'unsubscribe', `${body}.${sig.slice(0, -2)}AA`)).toBeNull();
    expect(verifyToken(SECRET, 'unsubscribe', `${body}.${sig}.x`)).toBeNull();
  });

  it('never throws and never accepts garbage', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (garbage) => {
        expect(verifyToken(SECRET, 'unsubscribe', garbage)).toBeNull();
      }),
    );
  });

  it('hashes with the key, so equal inputs match and the secret matters', () => {
    expect(keyedHash(SECRET, '203.0.113.7')).toBe(keyedHash(SECRET, '203.0.113.7'));
    expect(keyedHash(SECRET, '203.0.113.7')).not.toBe(keyedHash(`${SECRET}x`, '203.0.113.7'));
    expect(keyedHash(SECRET, '203.0.113.7')).not.toContain('203');
  });
});

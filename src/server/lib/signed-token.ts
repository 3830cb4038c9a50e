import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links in e-mails: `<payload>.<signature>`, both base64url, the signature an HMAC-SHA256 of the
 * purpose and payload. Unforgeable without the session secret, and a token for one purpose (confirming)
 * never passes as another (unsubscribing).
 */
export type TokenPayload = Record<string, string | number>;

const MAX_TOKEN_LENGTH = 1024;

function signature(secret: string, purpose: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
}

export function signToken(secret: string, purpose: string, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, purpose, body).toString('base64url')}`;
}

/** The payload of a genuine token for this purpose, or null for anything else. */
export function verifyToken(secret: string, purpose: string, token: string): TokenPayload | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [body, given, extra] = token.split('.');
  if (!body || !given || extra !== undefined) return null;
  const expected = signature(secret, purpose, body);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/** A keyed hash for storing something we must not keep in clear (an IP address in the consent record). */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`hash.${value}`).digest('base64url').slice(0, 32);
}

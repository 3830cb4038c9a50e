import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Svix-style webhook signatures, as Resend sends them (decision 043): the HMAC-SHA256 of
 * `<svix-id>.<svix-timestamp>.<raw body>` under the secret's key (the base64 after `whsec_`), base64,
 * listed in `svix-signature` as `v1,<signature>` (several, space-separated, while a secret is rotated).
 */

/** How far the timestamp may be from our clock, either way: a captured request is useless after this. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export type WebhookHeaders = { id: string | null; timestamp: string | null; signature: string | null };

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'timestamp' | 'signature' };

/** The key a `whsec_…` secret stands for; null when it is not one. */
export function webhookKey(secret: string): Buffer | null {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : null;
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= 16 ? key : null;
}

export function signWebhook(key: Buffer, input: { id: string; timestamp: string; body: string }): string {
  return createHmac('sha256', key).update(`${input.id}.${input.timestamp}.${input.body}`).digest('base64');
}

export function verifyWebhook(input: {
  key: Buffer;
  headers: WebhookHeaders;
  body: string;
  now: Date;
}): SignatureCheck {
  const { id, timestamp, signature } = input.headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'timestamp' };
  if (Math.abs(input.now.getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) {
    return { ok: false, reason: 'timestamp' };
  }
  const expected = Buffer.from(signWebhook(input.key, { id, timestamp, body: input.body }), 'base64');
  const matches = signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'signature' };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@shared/domain/staff';
import { encode } from 'uqr';

/**
 * Time-based one-time passwords (RFC 6238 on RFC 4226's HOTP), as authenticator apps compute them, and the
 * QR code that carries the secret to the app (drawn here, never by a third party).
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export type TotpOptions = { digits: number; periodSeconds: number; algorithm: TotpAlgorithm };

/** What every authenticator app reads from a plain otpauth URI. */
export const TOTP_DEFAULTS: TotpOptions = {
  digits: TOTP_DIGITS,
  periodSeconds: TOTP_PERIOD_SECONDS,
  algorithm: 'sha1',
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form otpauth URIs and apps use. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; null for anything else. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP: the dynamically truncated HMAC of the 8-byte counter, as `digits` decimal digits. */
export function hotp(
  key: Uint8Array,
  counter: number,
  options: Pick<TotpOptions, 'digits' | 'algorithm'>,
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac(options.algorithm, key).update(message).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** options.digits).padStart(options.digits, '0');
}

/** The RFC 6238 time step of a moment (T0 = 0). */
export function totpStep(timeMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(timeMs / 1000 / periodSeconds);
}

/** The code an authenticator shows at `timeMs`. */
export function totpCode(key: Uint8Array, timeMs: number, options: TotpOptions = TOTP_DEFAULTS): string {
  return hotp(key, totpStep(timeMs, options.periodSeconds), options);
}

/**
 * The time step whose code `code` is, within TOTP_WINDOW_STEPS of `timeMs` (clocks drift), or null. The
 * caller makes sure a step is accepted once (a replayed code is refused).
 */
export function matchTotpStep(
  key: Uint8Array,
  code: string,
  timeMs: number,
  options: TotpOptions = TOTP_DEFAULTS,
): number | null {
  if (!new RegExp(`^\\d{${options.digits}}$`).test(code)) return null;
  const current = totpStep(timeMs, options.periodSeconds);
  let matched: number | null = null;
  // Every step of the window is computed, so the time taken does not say which one matched.
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step += 1) {
    if (step < 0) continue;
    const expected = Buffer.from(hotp(key, step, options));
    if (timingSafeEqual(expected, Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** A new secret: 160 random bits, as RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function otpauthUri(input: { issuer: string; account: string; secret: Uint8Array }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(input.secret),
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}

/** A QR code as an SVG path of its dark modules in a `size` × `size` grid (quiet zone included). */
export type QrPath = { size: number; path: string };

/** Encodes `text` as a QR code (error correction M, a 4-module quiet zone) and draws it as one path. */
export function qrPath(text: string): QrPath {
  const qr = encode(text, { ecc: 'M', border: 4 });
  const parts: string[] = [];
  qr.data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size: qr.size, path: parts.join('') };
}

import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotpStep,
  otpauthUri,
  qrPath,
  type TotpAlgorithm,
  totpCode,
} from './totp';

// RFC 6238, appendix B: the seeds and the 8-digit codes at each test time, for SHA-1, SHA-256 and SHA-512.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [seconds: number, codes: Record<TotpAlgorithm, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
    it.each(VECTORS)(`gives the RFC's ${algorithm} code at %i s`, (seconds, codes) => {
      const options = { digits: 8, periodSeconds: 30, algorithm };
      expect(totpCode(SEEDS[algorithm], seconds * 1000, options)).toBe(codes[algorithm]);
    });
  }

  it('gives the RFC 4226 HOTP values for the first counters', () => {
    // RFC 4226, appendix D.
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expected.forEach((code, counter) => {
      expect(hotp(SEEDS.sha1, counter, { digits: 6, algorithm: 'sha1' })).toBe(code);
    });
  });

  it('accepts a code from the step before and after, and no further', () => {
    const now = 1_111_111_111_000;
    const step = Math.floor(now / 30_000);
    const at = (offsetSteps: number) => totpCode(SEEDS.sha1, now + offsetSteps * 30_000);
    expect(matchTotpStep(SEEDS.sha1, at(0), now)).toBe(step);
    expect(matchTotpStep(SEEDS.sha1, at(-1), now)).toBe(step - 1);
    expect(matchTotpStep(SEEDS.sha1, at(1), now)).toBe(step + 1);
    expect(matchTotpStep(SEEDS.sha1, at(-2), now)).toBeNull();
    expect(matchTotpStep(SEEDS.sha1, at(2), now)).toBeNull();
  });

  it('refuses what is not six digits', () => {
    const now = 59_000;
    const code = totpCode(SEEDS.sha1, now);
    expect(matchTotpStep(SEEDS.sha1, `${code}0`, now)).toBeNull();
    expect(matchTotpStep(SEEDS.sha1, code.slice(1), now)).toBeNull();
    expect(matchTotpStep(SEEDS.sha1, 'abcdef', now)).toBeNull();
  });
});

describe('base32', () => {
  it('encodes as RFC 4648 does, without padding, and decodes back', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb oi==')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    const bytes = Buffer.from([0, 255, 7, 128, 64, 3, 250, 1, 2, 3]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });
});

describe('the setup QR code', () => {
  it('names the issuer, the account and the secret in the otpauth URI', () => {
    const uri = new URL(otpauthUri({ issuer: 'Mirror', account: 'ana@example.com', secret: SEEDS.sha1 }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Mirror:ana@example.com');
    expect(uri.searchParams.get('secret')).toBe(base32Encode(SEEDS.sha1));
    expect(uri.searchParams.get('issuer')).toBe('Mirror');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('draws the dark modules as one path inside a square with its quiet zone', () => {
    const { size, path } = qrPath('otpauth://totp/Mirror:a?secret=ABC');
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    // The finder pattern's top row starts right after the 4-module quiet zone.
    expect(path.startsWith('M4 4h7v1h-7z')).toBe(true);
  });
});

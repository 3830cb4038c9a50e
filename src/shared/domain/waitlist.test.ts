import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AttemptLog,
  checkJoin,
  EMPTY_ATTEMPT_LOG,
  HOUR_MS,
  isValidEmail,
  type JoinForm,
  normalizeEmail,
  recordAttempt,
} from './waitlist';

const valid: JoinForm = { honeypot: '', consent: true, email: 'ada@example.com' };
const NOW = 1_800_000_000_000;

describe('the order of the checks (spec §5)', () => {
  const full: AttemptLog = { windowStartedAt: NOW - 1000, count: 3, lastAttemptAt: NOW - 1000 };
  const everythingWrong: JoinForm = { honeypot: 'bot', consent: false, email: 'not an email' };

  it('reports the first failing check, peeling them off one by one', () => {
    expect(checkJoin(everythingWrong, full, NOW)).toEqual({ ok: false, error: 'somethingWrong' });
    const human = { ...everythingWrong, honeypot: '' };
    expect(checkJoin(human, full, NOW)).toEqual({ ok: false, error: 'consent' });
    const consented = { ...human, consent: true };
    expect(checkJoin(consented, full, NOW)).toEqual({ ok: false, error: 'tooManyAttempts' });
    const recent: AttemptLog = { ...full, count: 1 };
    expect(checkJoin(consented, recent, NOW)).toEqual({ ok: false, error: 'pleaseWait' });
    const rested: AttemptLog = { ...recent, lastAttemptAt: NOW - 5000 };
    expect(checkJoin({ ...consented, email: '   ' }, rested, NOW)).toEqual({
      ok: false,
      error: 'emailRequired',
    });
    expect(checkJoin(consented, rested, NOW)).toEqual({ ok: false, error: 'invalidEmail' });
    expect(checkJoin({ ...consented, email: ' Ada@Example.COM ' }, rested, NOW)).toEqual({
      ok: true,
      email: 'ada@example.com',
    });
  });

  it('allows three attempts an hour, and more once the hour has passed', () => {
    let log = EMPTY_ATTEMPT_LOG;
    for (let i = 0; i < 3; i++) {
      const at = NOW + i * 10_000;
      expect(checkJoin(valid, log, at).ok).toBe(true);
      log = recordAttempt(log, at);
    }
    expect(checkJoin(valid, log, NOW + 40_000)).toEqual({ ok: false, error: 'tooManyAttempts' });
    expect(checkJoin(valid, log, NOW + HOUR_MS - 1)).toEqual({ ok: false, error: 'tooManyAttempts' });
    expect(checkJoin(valid, log, NOW + HOUR_MS).ok).toBe(true);
    expect(recordAttempt(log, NOW + HOUR_MS)).toEqual({
      windowStartedAt: NOW + HOUR_MS,
      count: 1,
      lastAttemptAt: NOW + HOUR_MS,
    });
  });

  it('needs 5 seconds between attempts', () => {
    const log = recordAttempt(EMPTY_ATTEMPT_LOG, NOW);
    expect(checkJoin(valid, log, NOW + 4999)).toEqual({ ok: false, error: 'pleaseWait' });
    expect(checkJoin(valid, log, NOW + 5000).ok).toBe(true);
  });
});

describe('e-mail addresses', () => {
  it.each([
    'ada@example.com',
    'ada.lovelace@example.co.uk',
    'first+tag@sub.example.org',
    "o'brien@example.ie",
    'user_name-1@my-domain.io',
    'x@y.de',
    'müller@münchen.de',
    'jörg@beispiel.xn--p1ai',
    'a!#$%&*+/=?^_`{|}~-b@example.com',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'ada@',
    'ada@example',
    'ada@@example.com',
    'ada@exa mple.com',
    'ada lovelace@example.com',
    'ada@example..com',
    '.ada@example.com',
    'ada.@example.com',
    'ad..a@example.com',
    'ada@-example.com',
    'ada@example-.com',
    'ada@example.c',
    'ada@example.123',
    'ada@[127.0.0.1]',
    '"ada"@example.com',
    'ada@example.com.',
    `${'a'.repeat(65)}@example.com`,
    `ada@${'a'.repeat(64)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`,
    'ada\n@example.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('never throws, on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(typeof isValidEmail(value)).toBe('boolean');
        expect(checkJoin({ honeypot: '', consent: true, email: value }, EMPTY_ATTEMPT_LOG, NOW)).toBeTypeOf(
          'object',
        );
      }),
    );
  });

  it('normalising twice is the same as once', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (value) => normalizeEmail(normalizeEmail(value)) === normalizeEmail(value),
      ),
    );
  });

  it('a valid address stays valid after normalising, and has no spaces', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const normal = normalizeEmail(email);
        if (isValidEmail(normal)) expect(normal).not.toMatch(/\s/);
      }),
    );
  });
});

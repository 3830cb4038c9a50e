import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkSignUp, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './accounts';

const listed = new Set(['password', 'qwerty123']);
const isCommon = (password: string) => listed.has(password.toLowerCase());

describe('new passwords', () => {
  it('needs 6 to 128 characters (spec §9)', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(checkNewPassword('12345')).toBe('password_too_short');
    expect(checkNewPassword('')).toBe('password_too_short');
    expect(checkNewPassword('zq7!rm')).toBeNull();
    expect(checkNewPassword('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(checkNewPassword('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('password_too_long');
  });

  it('refuses a common password whatever its case, when given the list', () => {
    expect(checkNewPassword('Password', isCommon)).toBe('password_common');
    expect(checkNewPassword('QWERTY123', isCommon)).toBe('password_common');
    expect(checkNewPassword('Password')).toBeNull();
  });

  it('checks length before the list', () => {
    expect(checkNewPassword('12345', () => true)).toBe('password_too_short');
  });
});

describe('sign-up', () => {
  it('trims and lowercases the address it returns', () => {
    expect(checkSignUp({ email: '  Ada@Example.COM ', password: 'a quiet walk' })).toEqual({
      ok: true,
      email: 'ada@example.com',
    });
  });

  it('checks in order: e-mail, too short, too long, common', () => {
    const cases: [string, string, string][] = [
      ['no spaces@example.com', '1', 'invalid_email'],
      ['', 'a quiet walk', 'invalid_email'],
      ['ada@example', 'a quiet walk', 'invalid_email'],
      ['ada@example.com', '12345', 'password_too_short'],
      ['ada@example.com', 'y'.repeat(129), 'password_too_long'],
      ['ada@example.com', 'password', 'password_common'],
    ];
    for (const [email, password, error] of cases) {
      expect(checkSignUp({ email, password }, isCommon)).toEqual({ ok: false, error });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkSignUp, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './accounts';

const listed = new Set(['password', 'sunshine1']);
const isCommon = (password: string) => listed.has(password.toLowerCase());

describe('new passwords', () => {
  it('needs 6 to 128 characters (spec §9)', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(checkNewPassword('12345')).toBe('password_too_short');
    expect(checkNewPassword('')).toBe('password_too_short');
    expect(checkNewPassword('zq7!rm')).toBeNull();
    expect(checkNewPassword('river stone '.repeat(11).slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
    expect(checkNewPassword('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('password_too_long');
  });

  it('refuses a common password whatever its case, when given the list', () => {
    expect(checkNewPassword('Password', isCommon)).toBe('password_common');
    expect(checkNewPassword('SUNSHINE1', isCommon)).toBe('password_common');
    expect(checkNewPassword('Password')).toBeNull();
  });

  it('refuses one character, or a piece of up to three, repeated', () => {
    for (const password of ['aaaaaa', '      ', 'AAAaaa', 'ababab', '123123', 'xyzxyzxyz', '!!!!!!!!']) {
      expect(checkNewPassword(password), password).toBe('password_repeated');
    }
    for (const password of ['abcdabcd', 'aaaaab', 'ab ab ab c']) {
      expect(checkNewPassword(password), password).not.toBe('password_repeated');
    }
  });

  it('refuses runs of neighbouring keys or letters, alone or joined', () => {
    for (const password of [
      'qwerty',
      'QWERTZ',
      'azerty',
      'asdfgh',
      'zxcvbnm',
      '123456',
      '654321',
      '0987654321',
      'abcdef',
      'fedcba',
      'qwerty123',
      'qwertz123456',
      'abcxyz',
      'abcdcba',
      'yxcvbnm',
    ]) {
      expect(checkNewPassword(password), password).toBe('password_sequence');
    }
    for (const password of ['qwerty!', 'abcdeg', 'qazwsx-edc', 'a quiet walk', 'zq7!rm', 'asdfgj']) {
      expect(checkNewPassword(password), password).not.toBe('password_sequence');
    }
  });

  it('refuses the e-mail address or the part before its @, given the address', () => {
    const email = 'Ada.Lovelace@example.com';
    expect(checkNewPassword('ada.lovelace@example.com', undefined, { email })).toBe('password_email');
    expect(checkNewPassword('ADA.LOVELACE', undefined, { email })).toBe('password_email');
    expect(checkNewPassword(' ada.lovelace ', undefined, { email })).toBe('password_email');
    expect(checkNewPassword('ada.lovelace!1', undefined, { email })).toBeNull();
    expect(checkNewPassword('ada.lovelace')).toBeNull();
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

  it('checks in order: e-mail, too short, too long, weak, common', () => {
    const cases: [string, string, string][] = [
      ['no spaces@example.com', '1', 'invalid_email'],
      ['', 'a quiet walk', 'invalid_email'],
      ['ada@example', 'a quiet walk', 'invalid_email'],
      ['ada@example.com', '12345', 'password_too_short'],
      ['ada@example.com', 'y'.repeat(129), 'password_too_long'],
      ['ada@example.com', 'password', 'password_common'],
      ['ada@example.com', 'aaaaaa', 'password_repeated'],
      ['ada@example.com', 'qwerty', 'password_sequence'],
      ['Ada@Example.com', 'ADA@example.com', 'password_email'],
      ['ada.lovelace@example.com', 'ada.lovelace', 'password_email'],
    ];
    for (const [email, password, error] of cases) {
      expect(checkSignUp({ email, password }, isCommon)).toEqual({ ok: false, error });
    }
  });
});

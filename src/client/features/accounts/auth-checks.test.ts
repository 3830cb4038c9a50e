import { ApiError } from '@client/lib/api-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCredentials, checkEmail, checkPassword, problemOfError, safeNextPath } from './auth-checks';

const signUp = {
  mode: 'signUp' as const,
  email: 'ada@example.com',
  password: 'lovelace',
  confirm: 'lovelace',
};

describe('checkCredentials: the order of the checks (spec §5)', () => {
  it('reports the first failing check, peeling them off one by one', () => {
    const allWrong = { mode: 'signUp' as const, email: '  ', password: '', confirm: 'x' };
    expect(checkCredentials(allWrong)).toEqual({
      ok: false,
      problem: { field: 'email', message: 'auth.error.emailRequired' },
    });
    const badEmail = { ...allWrong, email: 'ada at example' };
    expect(checkCredentials(badEmail)).toEqual({
      ok: false,
      problem: { field: 'email', message: 'errors.invalid_email' },
    });
    const withEmail = { ...badEmail, email: 'ada@example.com' };
    expect(checkCredentials(withEmail)).toEqual({
      ok: false,
      problem: { field: 'password', message: 'auth.error.passwordRequired' },
    });
    const short = { ...withEmail, password: '12345' };
    expect(checkCredentials(short)).toEqual({
      ok: false,
      problem: { field: 'password', message: 'errors.password_too_short' },
    });
    const long = { ...withEmail, password: 'x'.repeat(129) };
    expect(checkCredentials(long)).toEqual({
      ok: false,
      problem: { field: 'password', message: 'errors.password_too_long' },
    });
    const weak = { ...withEmail, password: 'qwerty' };
    expect(checkCredentials(weak)).toEqual({
      ok: false,
      problem: { field: 'password', message: 'errors.password_sequence' },
    });
    const mine = { ...withEmail, password: 'ADA@example.com' };
    expect(checkCredentials(mine)).toEqual({
      ok: false,
      problem: { field: 'password', message: 'errors.password_email' },
    });
    const mismatch = { ...withEmail, password: 'zq7!rm' };
    expect(checkCredentials(mismatch)).toEqual({
      ok: false,
      problem: { field: 'confirm', message: 'auth.error.passwordsMismatch.title' },
    });
    expect(checkCredentials({ ...mismatch, confirm: 'zq7!rm' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: 'zq7!rm' },
    });
  });

  it('accepts the length limits exactly: 6 and 128 characters', () => {
    expect(checkCredentials({ ...signUp, password: 'zq7!rm', confirm: 'zq7!rm' }).ok).toBe(true);
    const max = 'a walk by the river '.repeat(7).slice(0, 128);
    expect(checkCredentials({ ...signUp, password: max, confirm: max }).ok).toBe(true);
  });

  it('signs in with a password as it was set, even one the rules for new passwords now refuse', () => {
    expect(checkCredentials({ ...signUp, mode: 'signIn', password: '123456', confirm: '' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: '123456' },
    });
  });

  it('ignores the confirmation when signing in', () => {
    expect(checkCredentials({ ...signUp, mode: 'signIn', confirm: '' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: 'lovelace' },
    });
  });

  it('sends the address trimmed and lowercased, and the password exactly as typed', () => {
    const result = checkCredentials({
      ...signUp,
      email: '  Ada@Example.COM ',
      password: ' pass word ',
      confirm: ' pass word ',
    });
    expect(result).toEqual({ ok: true, value: { email: 'ada@example.com', password: ' pass word ' } });
  });

  it('never lets a password through that the length rules refuse', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (password) => {
        const result = checkCredentials({ ...signUp, password, confirm: password });
        if (password.length < 6 || password.length > 128) expect(result.ok).toBe(false);
      }),
    );
  });
});

describe('checkEmail and checkPassword (reset screens)', () => {
  it('checks the address alone', () => {
    expect(checkEmail('')).toMatchObject({ ok: false, problem: { message: 'auth.error.emailRequired' } });
    expect(checkEmail('nobody@')).toMatchObject({ ok: false, problem: { message: 'errors.invalid_email' } });
    expect(checkEmail(' Me@Example.org')).toEqual({ ok: true, value: 'me@example.org' });
  });

  it('checks a new password and its confirmation', () => {
    expect(checkPassword('', '')).toMatchObject({ ok: false, problem: { field: 'password' } });
    expect(checkPassword('abc', 'abc')).toMatchObject({
      ok: false,
      problem: { message: 'errors.password_too_short' },
    });
    expect(checkPassword('abcdefg', 'abcdefg')).toMatchObject({
      ok: false,
      problem: { message: 'errors.password_sequence' },
    });
    expect(checkPassword('rain garden', 'rain gardem')).toMatchObject({
      ok: false,
      problem: { field: 'confirm' },
    });
    expect(checkPassword('rain garden', 'rain garden')).toEqual({ ok: true, value: 'rain garden' });
  });
});

describe('problemOfError: server answers next to the right field', () => {
  it('puts field answers next to their field and the rest on the form', () => {
    expect(problemOfError(new ApiError(409, 'user_exists'))).toEqual({
      field: 'email',
      message: 'errors.user_exists',
    });
    expect(problemOfError(new ApiError(400, 'password_common'))).toEqual({
      field: 'password',
      message: 'errors.password_common',
    });
    expect(problemOfError(new ApiError(401, 'invalid_credentials'))).toEqual({
      field: 'form',
      message: 'errors.invalid_credentials',
    });
    expect(problemOfError(new ApiError(0, 'network'))).toEqual({ field: 'form', message: 'errors.network' });
  });

  it('says "something went wrong" for answers it does not know', () => {
    expect(problemOfError(new ApiError(500, 'teapot'))).toEqual({ field: 'form', message: 'errors.unknown' });
    expect(problemOfError(new TypeError('boom'))).toEqual({ field: 'form', message: 'errors.unknown' });
  });
});

describe('safeNextPath', () => {
  it('keeps a path to a page for signed-in people, with its query', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/reflect/day/3')).toBe('/reflect/day/3');
    expect(safeNextPath('/profile?category=Trust')).toBe('/profile?category=Trust');
    expect(safeNextPath('/settings')).toBe('/settings');
  });

  it('refuses other sites, tricks and public or unknown pages', () => {
    for (const next of [
      null,
      undefined,
      '',
      'dashboard',
      '//evil.example/dashboard',
      '/\\evil.example',
      'https://evil.example/dashboard',
      'javascript:alert(1)',
      '/',
      '/auth',
      '/list',
      '/reflect/day/9',
      '/nope',
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it('never answers with anything but a same-site path', () => {
    fc.assert(
      fc.property(fc.string(), (next) => {
        const safe = safeNextPath(next);
        if (safe !== null) {
          expect(safe.startsWith('/')).toBe(true);
          expect(safe.startsWith('//')).toBe(false);
          expect(new URL(safe, 'https://mirror.example').origin).toBe('https://mirror.example');
        }
      }),
    );
  });
});

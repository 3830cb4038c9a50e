import { checkSignUp } from '@shared/domain/accounts';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';
import ranked from './common-passwords.json';

describe('common passwords', () => {
  it('ships at least the 3,000 most common ones, lowercased, each once, none shorter than 6', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(3000);
    expect(COMMON_PASSWORD_COUNT).toBe(ranked.length);
    for (const password of ranked) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(6);
    }
  });

  it.each(['password', '123456', 'qwerty123', 'PASSWORD', 'Qwerty123', 'iloveyou'])(
    'knows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['a quiet evening walk', 'Lindenblüte 42', 'zq7!rm'])('lets %s through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it('makes sign-up answer password_common', () => {
    expect(checkSignUp({ email: 'ada@example.com', password: 'Sunshine1' }, isCommonPassword)).toEqual({
      ok: false,
      error: 'password_common',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readAuthLink } from './auth-link';

describe('readAuthLink', () => {
  it('reads nothing from a plain visit, and leaves other parameters alone', () => {
    expect(readAuthLink(new URLSearchParams('next=/dashboard&lang=de'))).toEqual({
      notice: null,
      verifyToken: null,
      resetToken: null,
      invitationToken: null,
      consumed: [],
    });
  });

  it('says the address is confirmed', () => {
    expect(readAuthLink(new URLSearchParams('verified=1'))).toEqual({
      notice: 'verified',
      verifyToken: null,
      resetToken: null,
      invitationToken: null,
      consumed: ['verified'],
    });
  });

  it('prefers the failure when a confirmation link reports one', () => {
    expect(readAuthLink(new URLSearchParams('verified=1&verifyError=invalid_token')).notice).toBe(
      'verifyFailed',
    );
  });

  it('tells a refused attempt (too many) apart from a broken link', () => {
    expect(readAuthLink(new URLSearchParams('verifyError=expired')).notice).toBe('verifyFailed');
    expect(readAuthLink(new URLSearchParams('verifyError=invalid')).notice).toBe('verifyFailed');
    expect(readAuthLink(new URLSearchParams('verifyError=rate_limited')).notice).toBe('verifyRateLimited');
  });

  it('takes the verification token, and marks it for removal from the address bar', () => {
    expect(readAuthLink(new URLSearchParams('verify=aaa.bbb.ccc&lang=de'))).toEqual({
      notice: null,
      verifyToken: 'aaa.bbb.ccc',
      resetToken: null,
      invitationToken: null,
      consumed: ['verify'],
    });
  });

  it('takes the reset token, and marks it for removal from the address bar', () => {
    expect(readAuthLink(new URLSearchParams('reset=abc.DEF_123&lang=en'))).toEqual({
      notice: null,
      verifyToken: null,
      resetToken: 'abc.DEF_123',
      invitationToken: null,
      consumed: ['reset'],
    });
    expect(readAuthLink(new URLSearchParams('reset=')).resetToken).toBeNull();
  });

  it('takes an invitation token, and marks it for removal from the address bar', () => {
    expect(readAuthLink(new URLSearchParams('invitation=eyJpZCI6.SIG&lang=de'))).toEqual({
      notice: null,
      verifyToken: null,
      resetToken: null,
      invitationToken: 'eyJpZCI6.SIG',
      consumed: ['invitation'],
    });
  });
});

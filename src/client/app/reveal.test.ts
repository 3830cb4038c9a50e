import { describe, expect, it } from 'vitest';
import { decideRevealStart } from './reveal';

const NONE = { revealed: false, homeForceClear: false, fromTransition: false };

describe('decideRevealStart (decision 029)', () => {
  it('veils the front door on a first visit', () => {
    for (const path of ['/', '/invite', '/waiting-list', '/testhome', '/videos']) {
      expect(decideRevealStart(path, NONE), path).toBe('veiled');
    }
  });

  it('keeps the front door clear once revealed, except home, which only the logo clears', () => {
    const revealed = { ...NONE, revealed: true };
    expect(decideRevealStart('/invite', revealed)).toBe('clear');
    expect(decideRevealStart('/', revealed)).toBe('veiled');
    expect(decideRevealStart('/', { ...NONE, homeForceClear: true })).toBe('clear');
  });

  it('never veils sign-in, signed-in, staff, legal or e-mail-link pages', () => {
    const paths = [
      '/auth',
      '/dashboard',
      '/onboarding',
      '/reflect/day/2',
      '/settings',
      '/history',
      '/profile',
      '/app',
      '/admin-login',
      '/list',
      '/admin/videos',
      '/legal',
      '/ok',
      '/gdpr-confirmation',
      '/byebye',
      '/email-off',
      '/no-such-page',
    ];
    for (const path of paths) expect(decideRevealStart(path, NONE), path).toBe('clear');
  });

  it('lifts the blur on /app after the test home intro', () => {
    expect(decideRevealStart('/app', { ...NONE, fromTransition: true })).toBe('lifting');
  });
});

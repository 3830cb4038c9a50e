import { describe, expect, it } from 'vitest';
import { href, matchRoute, ROUTE_IDS, ROUTES } from './routes';

describe('route table', () => {
  it('holds every route of spec §2', () => {
    expect(Object.values(ROUTES).map((route) => route.path)).toEqual([
      '/',
      '/dashboard',
      '/onboarding',
      '/auth',
      '/invite',
      '/waiting-list',
      '/admin-login',
      '/list',
      '/admin/videos',
      '/videos',
      '/reflect/day/:day',
      '/choose-lane',
      '/settings',
      '/legal',
      '/gdpr-confirmation',
      '/ok',
      '/byebye',
      '/app',
      '/profile',
      '/testhome',
      '/history',
      '/history/:week',
      '/email-off',
    ]);
  });

  it('matches each static path to its route', () => {
    for (const id of ROUTE_IDS) {
      const { path } = ROUTES[id];
      if (!path.includes(':')) expect(matchRoute(path)?.id, path).toBe(id);
    }
  });

  it('accepts day 1 to 7 and nothing else', () => {
    for (let day = 1; day <= 7; day++) {
      expect(matchRoute(`/reflect/day/${day}`)).toEqual({ id: 'reflectDay', params: { day: String(day) } });
    }
    for (const bad of ['0', '8', '10', '-1', '1.5', 'abc', '01', '%31%32', '%E0%A4%A']) {
      expect(matchRoute(`/reflect/day/${bad}`), bad).toBeNull();
    }
    expect(matchRoute('/reflect/day')).toBeNull();
    expect(matchRoute('/reflect/day/1/extra')).toBeNull();
  });

  it('takes a week by its Monday, and nothing else', () => {
    expect(matchRoute('/history/2026-03-02')).toEqual({ id: 'historyWeek', params: { week: '2026-03-02' } });
    for (const bad of ['2026-03-03', '2026-02-30', '2026-13-02', '2026-3-2', 'last', '9999-99-99']) {
      expect(matchRoute(`/history/${bad}`), bad).toBeNull();
    }
    expect(matchRoute('/history')).toEqual({ id: 'history', params: {} });
  });

  it('does not know other paths', () => {
    for (const path of ['/nope', '/admin', '/admin/login', '/list/x', '/index.html', '/DASHBOARD']) {
      expect(matchRoute(path), path).toBeNull();
    }
  });

  it('builds paths with parameters and queries', () => {
    expect(href('home')).toBe('/');
    expect(href('reflectDay', { day: 4 })).toBe('/reflect/day/4');
    expect(href('app', { category: 'Self-Worth' })).toBe('/app?category=Self-Worth');
    expect(href('gdprConfirmation', { email: 'a+b@x.de' })).toBe('/gdpr-confirmation?email=a%2Bb%40x.de');
    expect(href('profile', { category: undefined })).toBe('/profile');
  });
});

import { clearFlag, readFlag, setFlag } from '@client/lib/session-flags';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { href, matchRoute, type RouteId } from '@shared/routes';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useInitialRender } from './initial-render';

/** How a page starts (spec §4 "Shell blur and reveal"). */
export type RevealStart = 'clear' | 'veiled' | 'lifting';
export type RevealState = RevealStart | 'revealing';

/** Spec §9: the wordmark plays this long after the click; blur lifts this long after arriving at /app. */
export const REVEAL_DURATION_MS = 1700;
export const ARRIVAL_BLUR_LIFT_MS = 1000;

export type RevealFlags = { revealed: boolean; homeForceClear: boolean; fromTransition: boolean };

/**
 * The routes a first visit sees veiled (decision 029): the public front door, where the wordmark is the
 * welcome. Sign-in, signed-in, staff, legal and e-mail-link pages open clear, whatever the session.
 */
export const VEILED_ROUTES: ReadonlySet<RouteId> = new Set([
  'home',
  'invite',
  'waitingList',
  'testHome',
  'videos',
]);

/**
 * On / the page is veiled unless the logo asked for a clear home (once). Arriving at /app from the test
 * home's intro, the page starts blurred and clears by itself. The other front-door pages are veiled until
 * the visitor has revealed once this session; every other page is clear. The server decides with the same
 * rule (it knows only `revealed`).
 */
export function decideRevealStart(pathname: string, flags: RevealFlags): RevealStart {
  const route = matchRoute(pathname)?.id;
  if (route === 'home') return flags.homeForceClear ? 'clear' : 'veiled';
  if (route === 'app' && flags.fromTransition) return 'lifting';
  if (!route || !VEILED_ROUTES.has(route)) return 'clear';
  return flags.revealed ? 'clear' : 'veiled';
}

/** Decides from the session flags and uses up the one-shot flags this page consumed. */
export function revealStartFor(pathname: string): RevealStart {
  const flags = {
    revealed: readFlag('revealed'),
    homeForceClear: readFlag('homeForceClear'),
    fromTransition: readFlag('fromTransition'),
  };
  if (pathname === href('home')) clearFlag('homeForceClear');
  if (pathname === href('app')) clearFlag('fromTransition');
  return decideRevealStart(pathname, flags);
}

// Decided once per navigation: deciding clears one-shot flags, and React may render twice.
const startsByNavigation = new Map<string, RevealStart>();
function startFor(locationKey: string, pathname: string): RevealStart {
  let start = startsByNavigation.get(locationKey);
  if (!start) {
    start = revealStartFor(pathname);
    startsByNavigation.set(locationKey, start);
  }
  return start;
}

/**
 * The veil, the reveal animation and the blur that lifts on arrival, for the current page. A server-rendered
 * first page starts as the server drew it (the server knows the revealed flag from its cookie).
 */
export function useReveal() {
  const location = useLocation();
  const reduceMotion = useReducedMotion();
  const initial = useInitialRender();
  const [state, setState] = useState<RevealState>(() => {
    if (!initial) return startFor(location.key, location.pathname);
    const start = initial.veiled ? 'veiled' : 'clear';
    startsByNavigation.set(location.key, start);
    return start;
  });

  // Only a new path is a new page: a change of the query string (a language switch) keeps the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the path on purpose
  useLayoutEffect(() => {
    setState(startFor(location.key, location.pathname));
  }, [location.pathname]);

  useEffect(() => {
    if (state !== 'lifting' && state !== 'revealing') return;
    const delay = state === 'lifting' ? ARRIVAL_BLUR_LIFT_MS : REVEAL_DURATION_MS;
    const timer = setTimeout(() => setState('clear'), reduceMotion ? 0 : delay);
    return () => clearTimeout(timer);
  }, [state, reduceMotion]);

  const reveal = () => {
    setFlag('revealed');
    setState(reduceMotion ? 'clear' : 'revealing');
  };

  // A click on the veil before hydration, recorded by public/boot.js, reveals now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first page the app starts on
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.earlyReveal !== 'true') return;
    delete root.dataset.earlyReveal;
    if (state === 'veiled') reveal();
  }, []);

  return { state, reveal };
}

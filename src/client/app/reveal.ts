import { clearFlag, readFlag, setFlag } from '@client/lib/session-flags';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { href } from '@shared/routes';
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
 * On /profile nothing is blurred. On / the page is veiled unless the logo asked for a clear home (once).
 * Arriving at /app from the test home's intro, the page starts blurred and clears by itself. Anywhere else
 * the page is veiled until the visitor has revealed it once this session. The server decides with the same
 * rule (it knows only `revealed`).
 */
export function decideRevealStart(pathname: string, flags: RevealFlags): RevealStart {
  if (pathname === href('profile')) return 'clear';
  if (pathname === href('home')) return flags.homeForceClear ? 'clear' : 'veiled';
  if (pathname === href('app') && flags.fromTransition) return 'lifting';
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
  return { state, reveal };
}

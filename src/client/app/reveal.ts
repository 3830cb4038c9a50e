import { clearFlag, readFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';

/** How a page starts (spec §4 "Shell blur and reveal"). */
export type RevealStart = 'clear' | 'veiled' | 'lifting';

/**
 * On /profile nothing is blurred. On / the page is veiled unless the logo asked for a clear home (once).
 * Arriving at /app from the test home's intro, the page starts blurred and clears by itself. Anywhere else
 * the page is veiled until the visitor has revealed it once this session.
 */
export function revealStartFor(pathname: string): RevealStart {
  if (pathname === href('profile')) return 'clear';
  if (pathname === href('home')) {
    if (!readFlag('homeForceClear')) return 'veiled';
    clearFlag('homeForceClear');
    return 'clear';
  }
  if (pathname === href('app') && readFlag('fromTransition')) {
    clearFlag('fromTransition');
    return 'lifting';
  }
  return readFlag('revealed') ? 'clear' : 'veiled';
}

/** Spec §9: the wordmark plays this long after the click; blur lifts this long after arriving at /app. */
export const REVEAL_DURATION_MS = 1700;
export const ARRIVAL_BLUR_LIFT_MS = 1000;

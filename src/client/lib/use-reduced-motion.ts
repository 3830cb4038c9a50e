import { useMediaQuery } from './use-media-query';

/** Spec §9: every animation is off when the user prefers reduced motion. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

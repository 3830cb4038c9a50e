import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { type RefObject, useEffect } from 'react';

/** One bubble's drift: how far it wanders (px) and how long a round takes (ms); offsets keep them apart. */
export type Drift = { x: number; y: number; durationMs: number; delayMs: number };

/**
 * A gentle, endless float (Web Animations API, so no stylesheet or animation library is needed). Nothing
 * moves when the visitor prefers reduced motion.
 */
export function useFloat(ref: RefObject<HTMLElement | null>, { x, y, durationMs, delayMs }: Drift) {
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    const element = ref.current;
    if (!element || reduceMotion || typeof element.animate !== 'function') return;
    const animation = element.animate(
      [
        { transform: 'translate(0, 0)' },
        { transform: `translate(${x}px, ${-y}px)` },
        { transform: `translate(${-x / 2}px, ${-y / 3}px)` },
        { transform: 'translate(0, 0)' },
      ],
      { duration: durationMs, delay: -delayMs, iterations: Number.POSITIVE_INFINITY, easing: 'ease-in-out' },
    );
    return () => animation.cancel();
  }, [ref, reduceMotion, x, y, durationMs, delayMs]);
}

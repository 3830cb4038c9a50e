import { MOTION } from '@client/lib/ui-constants';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { type RefObject, useEffect } from 'react';

/**
 * The layout transition (spec §9, 0.45 s): when the content above changes height, `moving` glides to its new
 * place instead of jumping (a FLIP animation on the compositor).
 */
export function useLayoutGlide(
  contentRef: RefObject<HTMLElement | null>,
  movingRef: RefObject<HTMLElement | null>,
) {
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    const content = contentRef.current;
    const moving = movingRef.current;
    if (!content || !moving || reduceMotion) return;
    let lastTop = moving.getBoundingClientRect().top + window.scrollY;
    const observer = new ResizeObserver(() => {
      const top = moving.getBoundingClientRect().top + window.scrollY;
      const delta = lastTop - top;
      lastTop = top;
      if (Math.abs(delta) < 1) return;
      moving.animate([{ transform: `translateY(${delta}px)` }, { transform: 'none' }], {
        duration: MOTION.layoutSeconds * 1000,
        easing: 'cubic-bezier(0.22, 1, 0.36, 1)',
      });
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [contentRef, movingRef, reduceMotion]);
}

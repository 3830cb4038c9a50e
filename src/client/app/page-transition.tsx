import { cn } from '@client/lib/cn';
import { MOTION } from '@client/lib/ui-constants';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { useLayoutEffect, useState } from 'react';
import { useOutlet } from 'react-router';

/** Keeps the page that is leaving on screen while it fades out, instead of the one arriving. */
function FrozenOutlet() {
  const outlet = useOutlet();
  const [frozen] = useState(outlet);
  return frozen;
}

type Phase = 'idle' | 'exit' | 'enter';

/**
 * Page changes (spec §9): the old page blurs and fades out (0.25 s), then the new one in (0.3 s). CSS
 * animations, so no animation library is in the first download; with reduced motion the swap is instant.
 */
export function PageTransition({ pathname }: { pathname: string }) {
  const reduceMotion = useReducedMotion();
  const [shown, setShown] = useState(pathname);
  const [phase, setPhase] = useState<Phase>('idle');

  useLayoutEffect(() => {
    if (pathname === shown) return;
    if (reduceMotion) {
      setShown(pathname);
      setPhase('idle');
      return;
    }
    setPhase('exit');
    const timer = setTimeout(() => {
      setShown(pathname);
      setPhase('enter');
    }, MOTION.blurOutSeconds * 1000);
    return () => clearTimeout(timer);
  }, [pathname, shown, reduceMotion]);

  return (
    <div
      key={shown}
      className={cn(
        'flex flex-1 flex-col',
        phase === 'exit' && 'page-exit',
        phase === 'enter' && 'page-enter',
      )}
      onAnimationEnd={(event) => {
        if (event.target === event.currentTarget && phase === 'enter') setPhase('idle');
      }}
    >
      <FrozenOutlet />
    </div>
  );
}

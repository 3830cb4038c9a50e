import { useEffect, useRef } from 'react';

/**
 * Calls `check` when the person comes back to the page: the tab is shown again, or the page is restored from
 * the back-forward cache. What was written on another device meanwhile is found then, not only on the next
 * save (decision 064).
 */
export function useReturnCheck(check: () => void) {
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  });
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') checkRef.current();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkRef.current();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
}

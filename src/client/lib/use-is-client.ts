import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False on the server and during hydration, true once the page runs in the browser. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';
import { sessionSeed } from '../lib/storage';

const noSubscription = () => () => undefined;

/** The seed of `scope` for this browser session (see `sessionSeed`); 0 outside a browser. */
export function useSessionSeed(scope: string): number {
  return useSyncExternalStore(
    noSubscription,
    () => sessionSeed(scope),
    () => 0,
  );
}

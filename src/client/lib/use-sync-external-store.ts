/**
 * What `use-sync-external-store/shim` gives: vite.config.ts resolves that package's shim here, as React 19
 * has the hook itself and the shim's fallback for older Reacts would only add bytes to every page.
 */
export { useSyncExternalStore } from 'react';

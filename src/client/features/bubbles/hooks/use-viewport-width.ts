import { useSyncExternalStore } from 'react';

/** Layouts follow the window after it has settled, not on every frame of a resize. */
export const VIEWPORT_DEBOUNCE_MS = 150;

export type ViewportSize = { width: number; height: number };

let current: ViewportSize | undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function measure(): ViewportSize {
  return { width: window.innerWidth, height: window.innerHeight };
}

function onResize() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const next = measure();
    if (current && next.width === current.width && next.height === current.height) return;
    current = next;
    for (const listener of listeners) listener();
  }, VIEWPORT_DEBOUNCE_MS);
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('resize', onResize);
    window.removeEventListener('orientationchange', onResize);
    clearTimeout(timer);
    // Measured afresh by the next page that asks: the window may have changed in between.
    current = undefined;
  };
}

function getSnapshot(): ViewportSize {
  current ??= measure();
  return current;
}

const NO_VIEWPORT: ViewportSize = { width: 0, height: 0 };

/** The window's size in CSS pixels, updated 150 ms after a resize or rotation ends; 0 × 0 outside a browser. */
export function useViewportSize(): ViewportSize {
  return useSyncExternalStore(subscribe, getSnapshot, () => NO_VIEWPORT);
}

/** The window's width (spec §9's breakpoints and canvas widths follow it). */
export function useViewportWidth(): number {
  return useViewportSize().width;
}

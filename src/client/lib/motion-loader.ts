/**
 * motion's animation features (about 19 kB gzipped) load when the first animation can be needed: the first
 * pointer or key press, or the first client-side navigation. Until then nothing animates, and a first visit
 * downloads less. The first render never animates (AnimatePresence initial={false}).
 */
let markNeeded: () => void = () => undefined;
const needed = new Promise<void>((resolve) => {
  markNeeded = resolve;
});

export function requestMotionFeatures() {
  markNeeded();
}

export function loadMotionFeatures() {
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    window.addEventListener(type, requestMotionFeatures, { once: true, passive: true, capture: true });
  }
  return needed.then(() => import('./motion-features')).then((mod) => mod.features);
}

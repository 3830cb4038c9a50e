// Starts a server-rendered page's app after its first paint (decision 013): the page is readable at once,
// and its code, listed by the server in <meta name="mirror-boot">, is fetched and run right after.
const boot = document.querySelector('meta[name="mirror-boot"]');
const entry = boot?.getAttribute('data-entry');
const modules = (boot?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);

// A click on the server-drawn reveal veil before the app runs is remembered, and the app plays the reveal
// once it starts (decision 029): on a slow phone the first tap is not lost. So is the last tap on any other
// button of the page (not a form's submit button, which waits for the app): the app repeats it once it runs
// (decision 054), say "Forgot your password?" on the sign-in page or a language.
document.addEventListener(
  'click',
  (event) => {
    if (document.documentElement.dataset.ready || !(event.target instanceof Element)) return;
    if (event.target.closest('[data-reveal-veil]')) {
      document.documentElement.dataset.earlyReveal = 'true';
      return;
    }
    const button = event.target.closest('#root button[type="button"]');
    if (button) globalThis.mirrorEarlyClick = button;
  },
  { capture: true },
);

function start() {
  // The page has been painted: what waits for that (the landing's video poster, decision 055) may load now.
  document.documentElement.dataset.painted = 'true';
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (entry) import(entry);
}

// The code is requested once the page has been painted. The first animation frame alone does not say so:
// Chrome may hold that frame's paint while styles and fonts settle, and scripts requested meanwhile compete
// with them, so the page first appeared only after all of its code had arrived. The first contentful paint
// does say so. Without paint timing the code starts right after the first frame; with it, and no contentful
// paint 3 s after the first frame (a page that paints no text or image), it starts then. On a busy phone
// the paint can trail the first frame by more than a second.
const FALLBACK_AFTER_FRAME_MS = 3000;
let started = false;
function startOnce() {
  if (started) return;
  started = true;
  start();
}
if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    setTimeout(startOnce, 0);
  });
  painted.observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => setTimeout(startOnce, FALLBACK_AFTER_FRAME_MS));
} else {
  requestAnimationFrame(() => setTimeout(startOnce, 0));
}

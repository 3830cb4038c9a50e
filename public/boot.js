// Starts a server-rendered page's app after the first frame (decision 013): the page is readable at once,
// and its code, listed by the server in <meta name="mirror-boot">, is fetched and run right after.
const boot = document.querySelector('meta[name="mirror-boot"]');
const entry = boot?.getAttribute('data-entry');
const modules = (boot?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);

// A click on the server-drawn reveal veil before the app runs is remembered, and the app plays the reveal
// once it starts (decision 029): on a slow phone the first tap is not lost.
document.addEventListener(
  'click',
  (event) => {
    if (document.documentElement.dataset.ready) return;
    if (event.target instanceof Element && event.target.closest('[data-reveal-veil]')) {
      document.documentElement.dataset.earlyReveal = 'true';
    }
  },
  { capture: true },
);

function start() {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (entry) import(entry);
}

requestAnimationFrame(() => setTimeout(start, 0));

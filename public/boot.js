// Starts a server-rendered page's app (decision 013): the page is readable at once, and its code, listed by
// the server in <meta name="mirror-boot">, is fetched and run once the page has been painted. A page under the
// reveal veil or one the server calls whole (`data-wait="someone"`) waits for someone too (decisions 056,
// 062): until someone moves, taps, scrolls or types, the page as served is all anyone uses (a veil, a text, a
// form that keeps what is typed), so its code is not fetched and run for nobody.
//
// It runs in <head>, before the page is parsed and painted (decision 061): a tap on anything the page shows
// finds its listener here, however slowly this script arrived. What needs the page's elements waits until
// the page has been parsed.
const root = document.documentElement;

// The same names and values as src/client/lib/session-flags.ts and src/shared/ssr.ts (app/boot-script.test.ts
// checks).
const REVEALED_FLAG = 'mirror.revealed';
const REVEALED_COOKIE = 'mirror-revealed';
const HOME_CLEAR_COOKIE = 'mirror-home-clear';
const HOME_CLEAR_MAX_AGE_SECONDS = 10;
/** The veil fades in 1.7 s (app.css `veil-revealing`); should its end not be reported, the page opens anyway. */
const REVEAL_FALLBACK_MS = 2000;

/**
 * Sets a cookie that the very next request must carry. Chromium hands a `document.cookie` write to its cookie
 * store asynchronously, on a path of its own: a navigation the same click starts can reach the server without
 * it (decision 061). Reading the cookies back waits until the write has landed. As setCookieForNextRequest in
 * src/client/lib/session-flags.ts.
 */
function setCookieForNextRequest(cookie) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet
  document.cookie = cookie;
  return document.cookie;
}

/**
 * A tap on the veil before the app runs plays the reveal at once (spec §4) and then leaves the page usable
 * as the server drew it: its links work as plain links. The app, once it runs, finishes what was started here
 * (`data-early-reveal`, app/reveal.ts) and removes the veil.
 */
function revealEarly(tapped) {
  root.dataset.earlyReveal = 'true';
  try {
    sessionStorage.setItem(REVEALED_FLAG, '1');
  } catch {
    // private mode or full storage: the cookie below still tells the server
  }
  setCookieForNextRequest(`${REVEALED_COOKIE}=1; Path=/; SameSite=Lax`);
  // The page behind opens once the wordmark has played (spec §4), as in the app.
  const open = () => {
    const content = document.querySelector('#root [data-shell-content]');
    content?.removeAttribute('inert');
    content?.removeAttribute('aria-hidden');
  };
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    tapped.style.display = 'none';
    open();
    return;
  }
  tapped.addEventListener('animationend', (event) => event.target === tapped && open());
  setTimeout(open, REVEAL_FALLBACK_MS);
  tapped.classList.add('veil-revealing', 'pointer-events-none');
  tapped.querySelector('.veil-idle')?.classList.remove('veil-idle');
  tapped.querySelector('[data-veil-hint]')?.classList.add('opacity-0');
}

// A click on the server-drawn reveal veil before the app runs is remembered, and the app plays the reveal
// once it starts (decision 029): on a slow phone the first tap is not lost. So is the last tap on any other
// button of the page (not a form's submit button, which waits for the app): the app repeats it once it runs
// (decision 054), say "Forgot your password?" on the sign-in page or a language. The landing runs a small
// script of its own instead of the app (decision 059): its veil stays this script's to reveal.
document.addEventListener(
  'click',
  (event) => {
    if (root.dataset.app === 'react' || !(event.target instanceof Element)) return;
    const tapped = event.target.closest('[data-reveal-veil]');
    if (tapped) {
      if (root.dataset.earlyReveal !== 'true') revealEarly(tapped);
      return;
    }
    // The landing's own script runs the rest of its page.
    if (root.dataset.app) return;
    // The logo followed home before the app runs: the landing opens clear, as the app's logo asks (spec §2).
    const home = event.target.closest('#root a[data-home-clear]');
    if (home) {
      if (event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
        setCookieForNextRequest(
          `${HOME_CLEAR_COOKIE}=1; Path=/; Max-Age=${HOME_CLEAR_MAX_AGE_SECONDS}; SameSite=Lax`,
        );
      }
      return;
    }
    const button = event.target.closest('#root button[type="button"]');
    if (button) globalThis.mirrorEarlyClick = button;
  },
  { capture: true },
);

/** The page's code and the veil, read once the page has been parsed. */
let entry;
let modules = [];
let veil = null;

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

/**
 * Signs that a person is at the page; any one of them is enough. `click` and `input` besides the pointer and
 * the keys: a screen reader's activation and a dictated or autofilled field may come without either.
 */
const PRESENCE_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'keydown',
  'wheel',
  'scroll',
  'click',
  'input',
];

let parsed = false;
let present = false;
let painted = false;
let settled = false;
let started = false;
function startWhenReady() {
  if (!parsed || !painted) return;
  if (!settled) {
    settled = true;
    // The veil's button takes the focus now (not before the paint, which would force an early layout), so
    // Enter or Space reveals before the app runs too.
    veil?.querySelector('button')?.focus({ preventScroll: true });
  }
  if (started || !present) return;
  started = true;
  start();
}

function noticed() {
  for (const type of PRESENCE_EVENTS) removeEventListener(type, noticed, { capture: true });
  present = true;
  startWhenReady();
}
for (const type of PRESENCE_EVENTS) addEventListener(type, noticed, { capture: true, passive: true });
/** The animation app.css starts on a field the browser fills in by itself (saved credentials). */
const AUTOFILL_ANIMATION = 'mirror-autofill';
// The browser filling in a form by itself means someone is about to send it: a returning person's first tap
// is often the submit button, which works only once the code runs (decision 062).
addEventListener(
  'animationstart',
  (event) => {
    if (event.animationName === AUTOFILL_ANIMATION && !present) noticed();
  },
  { capture: true, passive: true },
);

function parsedOnce() {
  const boot = document.querySelector('meta[name="mirror-boot"]');
  entry = boot?.getAttribute('data-entry');
  modules = (boot?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);
  veil = document.querySelector('#root [data-reveal-veil]');
  parsed = true;
  // A page the server does not call whole (a video that plays by itself, placeholders its code fills in)
  // starts after its first paint.
  if (!veil && boot?.getAttribute('data-wait') !== 'someone') noticed();
  else startWhenReady();
}
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', parsedOnce, { once: true });
else parsedOnce();

// The code is requested once the page has been painted. The first animation frame alone does not say so:
// Chrome may hold that frame's paint while styles and fonts settle, and scripts requested meanwhile compete
// with them, so the page first appeared only after all of its code had arrived. The first contentful paint
// does say so. Without paint timing the code starts right after the first frame; with it, and no contentful
// paint 3 s after the first frame (a page that paints no text or image), it starts then. On a busy phone
// the paint can trail the first frame by more than a second.
const FALLBACK_AFTER_FRAME_MS = 3000;
function paintedOnce() {
  if (painted) return;
  painted = true;
  // The page has been painted: what waits for that (the landing's video poster, decision 055) may load now.
  root.dataset.painted = 'true';
  startWhenReady();
}
if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(paintedOnce, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => setTimeout(paintedOnce, FALLBACK_AFTER_FRAME_MS));
} else {
  requestAnimationFrame(() => setTimeout(paintedOnce, 0));
}

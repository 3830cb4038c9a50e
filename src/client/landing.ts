import {
  backgroundVideoSource,
  MOBILE_VIDEO_QUERY,
  playMuted,
  REDUCED_MOTION_QUERY,
  VIDEO_CLASS,
  VIDEO_PROBLEM_CLASS,
  whenSettled,
} from '@client/lib/background-video';
import { repeatEarlyClick } from '@client/lib/early-click';
import {
  clearFlag,
  keepFlag,
  readFlag,
  type SessionFlag,
  setCookieForNextRequest,
  setFlag,
} from '@client/lib/session-flags';
import { attachWrappedTooltip } from '@client/lib/tooltip';
import { LANG_QUERY_PARAM } from '@shared/domain/locale';
import { HOME_CLEAR_COOKIE, HOME_CLEAR_COOKIE_MAX_AGE_SECONDS } from '@shared/ssr';

/**
 * The landing's own script (decision 059). A landing opened from the server is a document, not an app: its
 * links are plain links, and the app starts on the page they lead to. public/boot.js plays the reveal when
 * the veil is tapped and loads this script once someone is there; this script does the rest: it removes the
 * veil once its animation has played, runs the background video and its button, switches the language,
 * keeps the logo from reloading the page it is on, and opens the footer's tooltip. The markup it works on
 * is the React page's (app/routes/home.tsx), which the app also renders when someone comes back to / from
 * one of its pages.
 */

const root = document.documentElement;
const FAILED_SAVE_NOTICE_MS = 8000;
const reducedMotion = matchMedia(REDUCED_MOTION_QUERY);

/** Whether the flag was set; it is cleared. */
function takeFlag(flag: SessionFlag): boolean {
  const set = readFlag(flag);
  clearFlag(flag);
  return set;
}

/** The video joins once the page has settled, plays muted and looping, and its button tells the truth. */
function runVideo() {
  const container = document.querySelector<HTMLElement>('#root [data-background-video]');
  const toggle = document.querySelector<HTMLButtonElement>('#root [data-video-toggle]');
  if (!container || !toggle) return;
  const mobile = matchMedia(MOBILE_VIDEO_QUERY);
  // What the visitor wants; reduced motion keeps it paused on the poster (and follows a later change), and
  // so does the visitor's own pause, across a language switch or a reload.
  let wantsPlaying = !reducedMotion.matches && !readFlag('videoPaused');
  let video: HTMLVideoElement | null = null;
  let banner: HTMLParagraphElement | null = null;

  // What the element really does, from its own play and pause events.
  const showPlaying = (playing: boolean) => {
    toggle.toggleAttribute('data-playing', playing);
    toggle.setAttribute('aria-label', (playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '');
  };
  const showProblem = (kind: 'error' | 'playback') => {
    if (!banner) {
      banner = document.createElement('p');
      banner.setAttribute('role', 'alert');
      banner.className = `${VIDEO_PROBLEM_CLASS} bg-red-700`;
      toggle.after(banner);
    }
    banner.textContent =
      (kind === 'playback' ? container.dataset.labelPlayback : container.dataset.labelError) ?? '';
  };
  const follow = () => {
    if (!video) return;
    if (!wantsPlaying) {
      video.pause();
      return;
    }
    void playMuted(video).then((problem) => {
      if (problem) showProblem(problem.kind);
    });
  };
  // A new source is a new element, started afresh.
  const join = () => {
    video?.remove();
    banner?.remove();
    banner = null;
    showPlaying(false);
    const source = backgroundVideoSource(mobile.matches);
    const element = document.createElement('video');
    Object.assign(element, {
      className: VIDEO_CLASS,
      src: source.src,
      poster: source.poster,
      muted: true,
      loop: true,
      playsInline: true,
      // Someone who keeps it paused sees the poster: the file is fetched and decoded once it is to play.
      preload: wantsPlaying ? 'auto' : 'none',
    });
    element.addEventListener('play', () => showPlaying(true));
    element.addEventListener('pause', () => showPlaying(false));
    element.addEventListener('error', () => showProblem('error'));
    container.prepend(element);
    video = element;
    follow();
  };

  toggle.hidden = false;
  toggle.addEventListener('click', () => {
    wantsPlaying = !toggle.hasAttribute('data-playing');
    keepFlag('videoPaused', !wantsPlaying);
    follow();
  });
  reducedMotion.addEventListener('change', () => {
    wantsPlaying = !reducedMotion.matches;
    follow();
  });
  mobile.addEventListener('change', () => {
    if (video) join();
  });
  whenSettled(join);
}

/**
 * boot.js plays the reveal on the server's markup (decision 056); once the veil's animation has played it
 * goes, and the focus it held moves to the page.
 */
function finishReveal() {
  const veil = document.querySelector<HTMLElement>('#root [data-reveal-veil]');
  if (!veil) return;
  const remove = () => {
    if (!veil.isConnected) return;
    const focused = veil.contains(document.activeElement);
    veil.remove();
    delete root.dataset.earlyReveal;
    if (focused) document.getElementById('main')?.focus({ preventScroll: true });
  };
  const afterReveal = () => {
    if (veil.style.display === 'none') {
      remove();
      return;
    }
    const playing = veil
      .getAnimations({ subtree: true })
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    void Promise.allSettled(playing.map((animation) => animation.finished)).then(remove);
  };
  if (root.dataset.earlyReveal === 'true') afterReveal();
  // boot.js's own listener (capture, on the document) has started the reveal by the time this one runs.
  else veil.addEventListener('click', () => requestAnimationFrame(afterReveal), { once: true });
}

/**
 * The language buttons of the header: the choice is saved in the locale cookie (PUT /api/locale, as the app
 * does) and the landing opens again in that language, without its veil (HOME_CLEAR_COOKIE). Should saving
 * fail, `?lang=` still shows this page in the language chosen.
 */
function runLanguageSwitch() {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('#root button[data-locale]')];
  let switching = false;
  const choose = async (locale: string) => {
    if (switching || locale === root.lang) return;
    switching = true;
    for (const button of buttons) button.setAttribute('aria-disabled', 'true');
    const url = new URL(location.href);
    url.searchParams.delete(LANG_QUERY_PARAM);
    const saved = await fetch('/api/locale', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale }),
      credentials: 'same-origin',
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (!saved) url.searchParams.set(LANG_QUERY_PARAM, locale);
    setFlag(saved ? 'localeSwitched' : 'localeSaveFailed');
    setCookieForNextRequest(
      `${HOME_CLEAR_COOKIE}=1; Path=/; Max-Age=${HOME_CLEAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    );
    location.replace(url);
  };
  for (const button of buttons) {
    button.addEventListener('click', () => void choose(button.dataset.locale ?? ''));
  }
  reportFailedSave(buttons[0]?.closest('fieldset'));
  // Opened again after a switch: the focus goes back to the language chosen, where the keyboard left it.
  if (takeFlag('localeSwitched') && document.activeElement === document.body) {
    buttons.find((button) => button.getAttribute('aria-pressed') === 'true')?.focus({ preventScroll: true });
  }
}

/**
 * After a switch whose save failed, the page says so (as the app's toast does), in the language it now shows:
 * the choice holds for this page only.
 */
function reportFailedSave(switcher: HTMLElement | null | undefined) {
  const message = switcher?.dataset.saveFailed;
  if (!takeFlag('localeSaveFailed') || !message) return;
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.className =
    'fixed inset-x-4 top-20 z-50 mx-auto max-w-md rounded-xl bg-red-700 px-4 py-3 text-sm font-medium text-white shadow-lg';
  notice.textContent = message;
  notice.addEventListener('click', () => notice.remove());
  document.body.append(notice);
  setTimeout(() => notice.remove(), FAILED_SAVE_NOTICE_MS);
}

/** The logo leads home; on the landing that is where one already is: back to the top, not a reload. */
function stayHome() {
  const logo = document.querySelector<HTMLAnchorElement>('#root header a[href="/"]');
  logo?.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: reducedMotion.matches ? 'instant' : 'smooth' });
  });
}

/** The tooltips the app's `<Tooltip>` drew (the footer's staff link), as the app would run them. */
function runTooltips() {
  for (const wrapper of document.querySelectorAll<HTMLElement>('#root [data-tooltip]')) {
    attachWrappedTooltip(wrapper);
  }
}

finishReveal();
runVideo();
runLanguageSwitch();
stayHome();
runTooltips();
// `data-app` tells boot.js the veil stays its own; `data-ready` that the page's code runs (tests, tooling).
root.dataset.app = 'landing';
root.dataset.ready = 'true';
repeatEarlyClick();

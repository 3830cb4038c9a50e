import { BACKGROUND_VIDEOS, mediaUrl } from '@shared/domain/media';
import { MOBILE_BREAKPOINT_PX } from './ui-constants';

/**
 * What the background video of spec §2 does in the browser, in plain DOM terms: the React component
 * (components/background-video.tsx) and the landing's own script (landing.ts, decision 059) both use it, so
 * which video plays, when it joins the page and how playback starts are written once.
 */

/** 1.m4v below 768 px, 2.m4v above (spec §9). */
export const MOBILE_VIDEO_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The video element's classes, and the red banner's when it fails (also set by landing.ts). */
export const VIDEO_CLASS = 'size-full object-cover';
export const VIDEO_PROBLEM_CLASS =
  // Clear of the pause button at the bottom left (1rem + 2.5rem + a 0.75rem gap), on any width.
  'fixed right-4 bottom-4 z-30 max-w-[min(20rem,calc(100vw-5.25rem))] rounded-lg px-3 py-2 text-sm font-medium wrap-anywhere text-white shadow-lg';

export function backgroundVideoSource(mobile: boolean): { src: string; poster: string } {
  const source = mobile ? BACKGROUND_VIDEOS.mobile : BACKGROUND_VIDEOS.desktop;
  return { src: mediaUrl('videos', source.video), poster: mediaUrl('videos', source.poster) };
}

/**
 * Runs `join` once the page has settled (idle, or 1.5 s at the latest), so the poster and the text of the page
 * are not kept waiting behind the video (decision 055). Returns a cancel function.
 */
export function whenSettled(join: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(join, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(join, 200);
  return () => window.clearTimeout(timer);
}

export type VideoProblem = { kind: 'error' | 'playback'; message: string | undefined };

/**
 * Starts muted playback (autoplay rules want the muted property set before play()). Resolves to the problem
 * when play() failed; leaving the page or switching source interrupts play(), which is not a failure, and a
 * source that cannot load rejects too while its error event reports it (kind `error`).
 */
export async function playMuted(video: HTMLVideoElement): Promise<VideoProblem | null> {
  video.muted = true;
  try {
    await video.play();
    return null;
  } catch (error) {
    if (
      error instanceof DOMException &&
      (error.name === 'AbortError' || error.name === 'NotSupportedError')
    ) {
      return null;
    }
    return { kind: 'playback', message: error instanceof Error ? error.message : undefined };
  }
}

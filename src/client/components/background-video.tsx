import { cn } from '@client/lib/cn';
import { MOBILE_BREAKPOINT_PX } from '@client/lib/ui-constants';
import { useIsClient } from '@client/lib/use-is-client';
import { useMediaQuery } from '@client/lib/use-media-query';
import { BACKGROUND_VIDEOS, mediaUrl } from '@shared/domain/media';
import { Pause, Play } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Problem = { kind: 'error' | 'playback'; message: string | undefined };

/**
 * The full-screen background video of the landing and the test home (spec §2): muted, looping, inline,
 * 1.m4v below 768 px and 2.m4v above, with its poster. It starts paused when the visitor prefers reduced
 * motion, and can always be paused (WCAG 2.2.2). Failures show a red banner: the short form on the landing,
 * the message too in `debug` mode (test home), with a loading notice.
 */
export function BackgroundVideo({ debug = false }: { debug?: boolean }) {
  const { t } = useTranslation();
  // Which video fits is known in the browser only; the server's page shows the poster of each layout.
  const inBrowser = useIsClient();
  // The poster is asked for right after the first paint (`html[data-painted]`, set by public/boot.js and
  // main.tsx), so the text of the page is not kept waiting behind it (decision 055); the video joins once
  // the page has settled.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!inBrowser) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const handle = idle(() => setSettled(true), { timeout: 1500 });
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, [inBrowser]);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const source = mobile ? BACKGROUND_VIDEOS.mobile : BACKGROUND_VIDEOS.desktop;
  // The element itself is state: playback starts when it exists, not when this component first rendered
  // (the video joins after the page has settled, and a new source is a new element).
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loading, setLoading] = useState(true);
  // What the visitor wants; reduced motion starts paused on the poster (and follows a later change).
  const [wantsPlaying, setWantsPlaying] = useState(!reduceMotion);
  useEffect(() => setWantsPlaying(!reduceMotion), [reduceMotion]);
  // What the element really does, from its own play/pause events: the button tells the truth.
  const [playing, setPlaying] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source is a new video element, start afresh
  useEffect(() => {
    setProblem(null);
    setLoading(true);
    setPlaying(false);
  }, [source.video]);

  useEffect(() => {
    if (!video) return;
    if (!wantsPlaying) {
      video.pause();
      return;
    }
    // Autoplay rules want the muted property set before play(); React does not always reflect `muted`.
    video.muted = true;
    video.play().catch((error: unknown) => {
      // Leaving the page or switching source interrupts play(); that is not a failure. A source that cannot
      // load rejects play() too, and the element's error event already reports it ("Video error").
      if (
        error instanceof DOMException &&
        (error.name === 'AbortError' || error.name === 'NotSupportedError')
      ) {
        return;
      }
      setProblem({ kind: 'playback', message: error instanceof Error ? error.message : undefined });
    });
  }, [video, wantsPlaying]);

  const label = problem?.kind === 'playback' ? t('video.playbackFailed') : t('video.error');
  const detail = problem?.message || t('video.unknownError');

  return (
    <>
      <div
        className="pointer-events-none fixed inset-0 -z-10 overflow-hidden bg-[#16131c] bg-cover bg-center [html[data-painted]_&]:bg-[image:var(--poster-mobile)] md:[html[data-painted]_&]:bg-[image:var(--poster-desktop)]"
        style={
          {
            '--poster-mobile': `url(${mediaUrl('videos', BACKGROUND_VIDEOS.mobile.poster)})`,
            '--poster-desktop': `url(${mediaUrl('videos', BACKGROUND_VIDEOS.desktop.poster)})`,
          } as CSSProperties
        }
        aria-hidden="true"
      >
        {settled && (
          <video
            key={source.video}
            ref={setVideo}
            className="size-full object-cover"
            src={mediaUrl('videos', source.video)}
            poster={mediaUrl('videos', source.poster)}
            muted
            loop
            playsInline
            preload="auto"
            onCanPlay={() => setLoading(false)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onError={(event) =>
              setProblem({ kind: 'error', message: event.currentTarget.error?.message || undefined })
            }
          />
        )}
        <div className="absolute inset-0 bg-gradient-to-b from-black/55 via-black/35 to-black/75" />
      </div>
      {inBrowser && (
        <button
          type="button"
          onClick={() => setWantsPlaying(!playing)}
          aria-label={playing ? t('video.pause') : t('video.play')}
          className="fixed bottom-4 left-4 z-30 inline-flex size-10 items-center justify-center rounded-full border border-white/20 bg-black/40 text-white backdrop-blur transition hover:bg-black/60"
        >
          {playing ? (
            <Pause className="size-4" aria-hidden="true" />
          ) : (
            <Play className="size-4" aria-hidden="true" />
          )}
        </button>
      )}
      {(problem || (debug && loading)) && (
        <p
          role={problem ? 'alert' : 'status'}
          className={cn(
            // Clear of the pause button at the bottom left (1rem + 2.5rem + a 0.75rem gap), on any width.
            'fixed right-4 bottom-4 z-30 max-w-[min(20rem,calc(100vw-5.25rem))] rounded-lg px-3 py-2 text-sm font-medium wrap-anywhere text-white shadow-lg',
            problem ? 'bg-red-700' : 'bg-black/60',
          )}
        >
          {problem ? (debug ? `${label}: ${detail}` : label) : t('video.loading')}
        </p>
      )}
    </>
  );
}

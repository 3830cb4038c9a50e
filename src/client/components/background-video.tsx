import {
  backgroundVideoSource,
  MOBILE_VIDEO_QUERY,
  playMuted,
  REDUCED_MOTION_QUERY,
  VIDEO_CLASS,
  VIDEO_PROBLEM_CLASS,
  type VideoProblem,
  whenSettled,
} from '@client/lib/background-video';
import { cn } from '@client/lib/cn';
import { keepFlag, readFlag } from '@client/lib/session-flags';
import { useIsClient } from '@client/lib/use-is-client';
import { useMediaQuery } from '@client/lib/use-media-query';
import { BACKGROUND_VIDEOS, mediaUrl } from '@shared/domain/media';
import { Pause, Play } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The full-screen background video of the landing and the test home (spec §2): muted, looping, inline,
 * 1.m4v below 768 px and 2.m4v above, with its poster. It starts paused when the visitor prefers reduced
 * motion, and can always be paused (WCAG 2.2.2). Failures show a red banner: the short form on the landing,
 * the message too in `debug` mode (test home), with a loading notice.
 *
 * A landing opened from the server is run by landing.ts instead (decision 059): the markup carries what it
 * needs (`data-background-video` with the banner's texts, the button with both icons and both labels).
 */
export function BackgroundVideo({ debug = false }: { debug?: boolean }) {
  const { t } = useTranslation();
  // Which video fits is known in the browser only; the server's page shows the poster of each layout.
  const inBrowser = useIsClient();
  // The poster is asked for right after the first paint (`html[data-painted]`, set by public/boot.js and
  // main.tsx); the video joins once the page has settled.
  const [settled, setSettled] = useState(false);
  useEffect(() => (inBrowser ? whenSettled(() => setSettled(true)) : undefined), [inBrowser]);
  const mobile = useMediaQuery(MOBILE_VIDEO_QUERY);
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const source = backgroundVideoSource(mobile);
  // The element itself is state: playback starts when it exists, not when this component first rendered
  // (the video joins after the page has settled, and a new source is a new element).
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<VideoProblem | null>(null);
  const [loading, setLoading] = useState(true);
  // What the visitor wants; reduced motion starts paused on the poster (and follows a later change), and so
  // does the visitor's own pause, across a language switch or a reload.
  const [wantsPlaying, setWantsPlaying] = useState(() => !reduceMotion && !readFlag('videoPaused'));
  useEffect(() => setWantsPlaying(!reduceMotion && !readFlag('videoPaused')), [reduceMotion]);
  // What the element really does, from its own play/pause events: the button tells the truth.
  const [playing, setPlaying] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source is a new video element, start afresh
  useEffect(() => {
    setProblem(null);
    setLoading(true);
    setPlaying(false);
  }, [source.src]);

  useEffect(() => {
    if (!video) return;
    if (!wantsPlaying) {
      video.pause();
      return;
    }
    void playMuted(video).then((failed) => {
      if (failed) setProblem(failed);
    });
  }, [video, wantsPlaying]);

  const label = problem?.kind === 'playback' ? t('video.playbackFailed') : t('video.error');
  const detail = problem?.message || t('video.unknownError');

  return (
    <>
      <div
        data-background-video=""
        data-label-error={t('video.error')}
        data-label-playback={t('video.playbackFailed')}
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
            key={source.src}
            ref={setVideo}
            className={VIDEO_CLASS}
            src={source.src}
            poster={source.poster}
            muted
            loop
            playsInline
            // Kept paused (reduced motion), it shows the poster: the file is fetched once it is to play.
            preload={wantsPlaying ? 'auto' : 'none'}
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
      {/* Drawn by the server too, hidden: it works only with a script, which shows it (decision 059). */}
      <button
        type="button"
        hidden={!inBrowser}
        data-video-toggle=""
        data-playing={playing ? '' : undefined}
        data-label-play={t('video.play')}
        data-label-pause={t('video.pause')}
        onClick={() => {
          keepFlag('videoPaused', playing);
          setWantsPlaying(!playing);
        }}
        aria-label={playing ? t('video.pause') : t('video.play')}
        className="group fixed bottom-4 left-4 z-30 inline-flex size-10 items-center justify-center rounded-full border border-white/20 bg-black/40 text-white backdrop-blur transition hover:bg-black/60"
      >
        <Pause className="hidden size-4 group-data-playing:block" aria-hidden="true" />
        <Play className="size-4 group-data-playing:hidden" aria-hidden="true" />
      </button>
      {(problem || (debug && loading && wantsPlaying)) && (
        <p
          role={problem ? 'alert' : 'status'}
          className={cn(VIDEO_PROBLEM_CLASS, problem ? 'bg-red-700' : 'bg-black/60')}
        >
          {problem ? (debug ? `${label}: ${detail}` : label) : t('video.loading')}
        </p>
      )}
    </>
  );
}

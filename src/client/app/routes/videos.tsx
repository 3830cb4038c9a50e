import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { usePublishedVideos } from '@client/features/media/api/videos';
import type { TPublicVideo } from '@shared/schemas/media';
import { Film, Play } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: six placeholders while the list loads. */
const SKELETONS = 6;

type Problem = { kind: 'error' | 'playback'; message: string | undefined };

/**
 * One published video. Nothing of it loads until it is wanted: the poster is a lazily loaded image on a play
 * button, and the video (`preload="none"`) starts on that button, then plays with the browser's own controls.
 * Failures show the red corner banner of spec §8.
 */
function VideoCard({ video }: { video: TPublicVideo }) {
  const { t } = useTranslation();
  const player = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const headingId = useId();

  const start = () => {
    const element = player.current;
    if (!element) return;
    setStarted(true);
    setProblem(null);
    // The button goes away: focus moves to the player, whose controls take over.
    element.focus();
    element.play().catch((error: unknown) => {
      // Pausing or leaving before playback begins interrupts play(); that is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = error instanceof Error ? error.message : undefined;
      // A file the browser cannot play also reports a load error, which says more: keep that one.
      setProblem((current) => current ?? { kind: 'playback', message });
    });
  };

  const label = problem?.kind === 'playback' ? t('video.playbackFailed') : t('video.error');
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="h-full overflow-hidden rounded-3xl border border-border bg-surface-raised"
      >
        <div className="relative aspect-video bg-black">
          {/* biome-ignore lint/a11y/useMediaCaption: uploads have no caption track yet (named in the media issue note) */}
          <video
            ref={player}
            className="size-full object-contain"
            src={video.url}
            poster={started ? (video.posterUrl ?? undefined) : undefined}
            controls={started}
            tabIndex={started ? undefined : -1}
            playsInline
            preload="none"
            aria-label={video.title}
            onError={(event) =>
              setProblem({ kind: 'error', message: event.currentTarget.error?.message || undefined })
            }
          />
          {!started && (
            <button
              type="button"
              onClick={start}
              aria-label={t('videos.play', { title: video.title })}
              className="group absolute inset-0 flex items-center justify-center focus-visible:outline-offset-[-4px]"
            >
              {video.posterUrl && (
                <img
                  src={video.posterUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="absolute inset-0 size-full object-cover"
                />
              )}
              <span className="relative inline-flex size-16 items-center justify-center rounded-full bg-black/60 text-white shadow-lg backdrop-blur transition group-hover:scale-105 group-hover:bg-black/75">
                <Play className="size-7 translate-x-0.5" fill="currentColor" aria-hidden="true" />
              </span>
            </button>
          )}
          {problem && (
            <p
              role="alert"
              className="absolute top-3 left-3 max-w-[calc(100%-1.5rem)] rounded-lg bg-red-700 px-3 py-2 text-sm font-medium wrap-anywhere text-white shadow-lg"
            >
              {`${label}: ${problem.message || t('video.unknownError')}`}
            </p>
          )}
        </div>
        <div className="p-5">
          {video.isFeatured && (
            <span className="mb-2 inline-block rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
              {t('videos.featured')}
            </span>
          )}
          <h2 id={headingId} className="font-display text-xl font-semibold">
            {video.title}
          </h2>
          {video.description && <p className="mt-2 text-sm text-fg-muted">{video.description}</p>}
        </div>
      </article>
    </li>
  );
}

/** Public videos (spec §2 "/videos"): published ones, featured first. */
export function Component() {
  const { t } = useTranslation();
  const videos = usePublishedVideos();

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader />
      <div className="mx-auto w-full max-w-6xl px-6 pt-6 pb-16">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t('videos.title')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-fg-muted">{t('videos.subtitle')}</p>
        {videos.isPending && (
          <ul aria-busy="true" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETONS }, (_, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                key={index}
                data-testid="video-skeleton"
                className="overflow-hidden rounded-3xl border border-border bg-surface-raised"
              >
                <div className="aspect-video animate-pulse bg-surface-sunken" />
                <div className="space-y-3 p-5">
                  <div className="h-5 w-2/3 animate-pulse rounded bg-surface-sunken" />
                  <div className="h-4 w-full animate-pulse rounded bg-surface-sunken" />
                </div>
              </li>
            ))}
          </ul>
        )}
        {videos.isError && (
          <div role="alert" className="mt-10 rounded-2xl border border-border bg-surface-raised p-6">
            <p>{t('videos.loadError')}</p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => void videos.refetch()}>
              {t('videos.retry')}
            </Button>
          </div>
        )}
        {videos.isSuccess &&
          (videos.data.videos.length === 0 ? (
            <div className="mt-10 flex flex-col items-center gap-4 rounded-3xl border border-dashed border-border px-6 py-16 text-center">
              <Film className="size-8 text-fg-muted" aria-hidden="true" />
              <p className="text-lg text-fg-muted">{t('videos.empty')}</p>
            </div>
          ) : (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {videos.data.videos.map((video) => (
                <VideoCard key={video.id} video={video} />
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

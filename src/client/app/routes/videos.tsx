import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { usePublishedVideos } from '@client/features/media/api/videos';
import type { TPublicVideo } from '@shared/schemas/media';
import { Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Spec §9: six placeholders while the list loads. */
const SKELETONS = 6;

function VideoCard({ video }: { video: TPublicVideo }) {
  const { t } = useTranslation();
  return (
    <li className="overflow-hidden rounded-3xl border border-border bg-surface-raised">
      {/* biome-ignore lint/a11y/useMediaCaption: uploads have no caption track yet (named in the media issue note) */}
      <video
        className="aspect-video w-full bg-black object-cover"
        src={video.url}
        poster={video.posterUrl ?? undefined}
        controls
        playsInline
        preload="none"
        aria-label={video.title}
      />
      <div className="p-5">
        {video.isFeatured && (
          <span className="mb-2 inline-block rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
            {t('videos.featured')}
          </span>
        )}
        <h2 className="font-display text-xl font-semibold">{video.title}</h2>
        {video.description && <p className="mt-2 text-sm text-fg-muted">{video.description}</p>}
      </div>
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

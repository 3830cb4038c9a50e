import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TAdminVideo, TUpdateVideo } from '@shared/schemas/media';
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, Film, Star, StarOff, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { adminVideosQueryOptions, useDeleteVideo, useUpdateVideo } from '../api/videos';
import { formatDuration, formatFileSize } from '../lib/video-upload';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="sr-only">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** One video with its state, its flags to toggle and its deletion. */
function VideoRow({
  video,
  formatDate,
  onDeleted,
}: {
  video: TAdminVideo;
  formatDate: (iso: string) => string;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateVideo();
  const remove = useDeleteVideo();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const titleId = useId();

  const change = (patch: TUpdateVideo) => {
    // One change per video at a time, so the answers cannot arrive out of order.
    if (update.isPending) return;
    update.mutate(
      { id: video.id, patch },
      {
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.videos.manage.updateFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  const confirmDelete = () => {
    remove.mutate(video.id, {
      onSuccess: () => {
        toast.success(t('admin.videos.manage.deleted'));
        onDeleted();
      },
      onError: (error) => {
        if (isAdminSessionMissing(error)) return;
        toast.error(t('admin.videos.manage.deleteFailed'), { description: t(errorMessageKey(error)) });
      },
      onSettled: () => setConfirmOpen(false),
    });
  };

  const title = video.title;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:flex-row"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: uploads have no caption track (named in the media issue) */}
      <video
        className="aspect-video w-full shrink-0 rounded-xl bg-black object-contain sm:w-56"
        src={video.url}
        poster={video.posterUrl ?? undefined}
        controls
        playsInline
        preload="none"
        aria-label={t('admin.videos.manage.preview', { title })}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={video.isPublished ? 'success' : 'neutral'}>
            {video.isPublished ? t('admin.videos.manage.published') : t('admin.videos.manage.draft')}
          </Badge>
          {video.isFeatured && (
            <Badge tone="accent">
              <Star className="size-3" aria-hidden="true" />
              {t('admin.videos.manage.featured')}
            </Badge>
          )}
        </div>
        <h3 id={titleId} className="mt-2 text-lg font-semibold break-words">
          {title}
        </h3>
        {video.description && (
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-fg-muted">{video.description}</p>
        )}
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
          <Meta label={t('admin.videos.manage.duration')}>
            {video.durationSeconds === null
              ? t('admin.videos.manage.unknownDuration')
              : formatDuration(video.durationSeconds)}
          </Meta>
          <Meta label={t('admin.videos.manage.size')}>{formatFileSize(video.fileSize, i18n.language)}</Meta>
          <Meta label={t('admin.videos.manage.created')}>
            <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
          </Meta>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
            aria-disabled={update.isPending || undefined}
            aria-label={
              video.isPublished
                ? t('admin.videos.manage.unpublishNamed', { title })
                : t('admin.videos.manage.publishNamed', { title })
            }
            onClick={() => change({ isPublished: !video.isPublished })}
          >
            {video.isPublished ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {video.isPublished ? t('admin.videos.manage.unpublish') : t('admin.videos.manage.publish')}
          </Button>
          <Button
            variant="secondary"
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
            aria-disabled={update.isPending || undefined}
            aria-label={
              video.isFeatured
                ? t('admin.videos.manage.unfeatureNamed', { title })
                : t('admin.videos.manage.featureNamed', { title })
            }
            onClick={() => change({ isFeatured: !video.isFeatured })}
          >
            {video.isFeatured ? (
              <StarOff className="size-4" aria-hidden="true" />
            ) : (
              <Star className="size-4" aria-hidden="true" />
            )}
            {video.isFeatured ? t('admin.videos.manage.unfeature') : t('admin.videos.manage.feature')}
          </Button>
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            pending={remove.isPending}
            title={t('admin.videos.manage.deleteConfirm.title', { title })}
            description={t('admin.videos.manage.deleteConfirm.body')}
            confirmLabel={t('admin.videos.manage.deleteConfirm.confirm')}
            cancelLabel={t('admin.videos.cancel')}
            pendingLabel={t('admin.videos.manage.deleteConfirm.pending')}
            onConfirm={confirmDelete}
            trigger={
              <button
                type="button"
                className={DANGER_OUTLINE_BUTTON_CLASS}
                aria-label={t('admin.videos.manage.deleteNamed', { title })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('admin.videos.manage.delete')}
              </button>
            }
          />
        </div>
      </div>
    </li>
  );
}

function Skeleton() {
  return (
    <ul aria-hidden="true" className="space-y-4">
      {[0, 1, 2].map((index) => (
        <li key={index} className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:flex-row">
          <div className="aspect-video w-full shrink-0 animate-pulse rounded-xl bg-surface-sunken sm:w-56" />
          <div className="flex-1 space-y-3">
            <div className="h-5 w-20 animate-pulse rounded-full bg-surface-sunken" />
            <div className="h-6 w-2/3 animate-pulse rounded bg-surface-sunken" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-surface-sunken" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Manage tab (spec §2): every video, drafts included, newest first, with publish/unpublish,
 * feature/unfeature (shown at once, undone when the server refuses) and deletion after a confirmation.
 */
export function VideoManageList({ onStartUpload }: { onStartUpload: () => void }) {
  const { t, i18n } = useTranslation();
  const list = useQuery(adminVideosQueryOptions);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The deleted row and its button are gone: focus goes to the list's heading instead of the page.
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => dates.format(new Date(iso));

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label={t('admin.videos.manage.loading')}>
        <Skeleton />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
        <p className="font-semibold">{t('admin.videos.manage.loadError')}</p>
        <p className="mt-1 text-fg-muted">{t(errorMessageKey(list.error))}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void list.refetch()}>
          {t('admin.videos.retry')}
        </Button>
      </div>
    );
  } else if (list.data.videos.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-border px-6 py-12 text-center">
        <Film className="size-8 text-fg-muted" aria-hidden="true" />
        <p className="text-lg font-semibold">{t('admin.videos.manage.empty.title')}</p>
        <p className="text-fg-muted">{t('admin.videos.manage.empty.body')}</p>
        <Button className="mt-2" onClick={onStartUpload}>
          <Upload className="size-4" aria-hidden="true" />
          {t('admin.videos.manage.empty.action')}
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {list.data.videos.map((video) => (
          <VideoRow key={video.id} video={video} formatDate={formatDate} onDeleted={focusHeading} />
        ))}
      </ul>
    );
  }

  const videos = list.data?.videos;
  return (
    <Card asChild className="p-5 sm:p-8">
      <section aria-labelledby={headingId}>
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 ref={heading} id={headingId} tabIndex={-1} className="font-display text-2xl font-semibold">
            {t('admin.videos.manage.heading')}
          </h2>
          {videos && videos.length > 0 && (
            <p className="text-sm text-fg-muted">
              {t('admin.videos.manage.count', {
                count: videos.length,
                published: videos.filter((video) => video.isPublished).length,
              })}
            </p>
          )}
        </div>
        {body}
      </section>
    </Card>
  );
}

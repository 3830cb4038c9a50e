import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { useMediaQuery } from '@client/lib/use-media-query';
import { BACKGROUND_VIDEOS, checkVideoFile, VIDEO_ACCEPT } from '@shared/domain/media';
import type { TBackgroundSlot, TBackgroundVideos } from '@shared/schemas/media';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  adminBackgroundVideosKey,
  adminBackgroundVideosQueryOptions,
  adminStorageKey,
  isAbort,
  UPLOAD_TARGETS,
  useFileUpload,
} from '../api/videos';
import { readVideoFile } from '../lib/video-poster';
import { formatFileSize, VIDEO_FILE_PROBLEM_KEYS } from '../lib/video-upload';
import { VideoUploadProgress } from './video-upload-progress';

type StoredFile = NonNullable<TBackgroundVideos['mobile']['video']>;

const SLOTS = Object.keys(BACKGROUND_VIDEOS) as TBackgroundSlot[];
type Stage = 'reading' | 'video' | 'poster';

/** The file's address with its date, so a replaced file is fetched anew although its name stays the same. */
function freshUrl(file: StoredFile): string {
  return `${file.url}?v=${encodeURIComponent(file.createdAt)}`;
}

function FileFacts({ label, file }: { label: string; file: StoredFile | null }) {
  const { t, i18n } = useTranslation();
  const date = file
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(file.createdAt),
      )
    : null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{label}</dt>
      <dd className="text-fg-muted">
        {file ? (
          <>
            <span className="font-mono">{file.name}</span>
            {' · '}
            <span className="whitespace-nowrap tabular-nums">{formatFileSize(file.size, i18n.language)}</span>
            {' · '}
            <time dateTime={file.createdAt} className="whitespace-nowrap">
              {date}
            </time>
          </>
        ) : (
          t('admin.videos.background.missing')
        )}
      </dd>
    </div>
  );
}

/** One background slot: its preview, its files, and replacing the video (and with it the poster). */
function BackgroundSlot({
  slot,
  files,
}: {
  slot: TBackgroundSlot;
  files: TBackgroundVideos[TBackgroundSlot];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useFileUpload();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  const replace = async (file: File | null) => {
    if (!file || stage) return;
    const problem = checkVideoFile(file);
    if (problem) {
      toast.error(t('admin.videos.upload.failed'), { description: t(VIDEO_FILE_PROBLEM_KEYS[problem]) });
      if (input.current) input.current.value = '';
      return;
    }
    try {
      setStage('reading');
      const { poster } = await readVideoFile(file);
      setStage('video');
      let result = await upload.send<TBackgroundVideos>(UPLOAD_TARGETS.background(slot), file);
      queryClient.setQueryData(adminBackgroundVideosKey, result);
      if (poster) {
        setStage('poster');
        result = await upload.send<TBackgroundVideos>(UPLOAD_TARGETS.backgroundPoster(slot), poster);
        queryClient.setQueryData(adminBackgroundVideosKey, result);
      }
      toast.success(t('admin.videos.background.replaced'), {
        description: poster
          ? t('admin.videos.background.replacedBody')
          : t('admin.videos.background.replacedNoPoster'),
      });
    } catch (error) {
      if (isAbort(error)) toast.info(t('admin.videos.upload.cancelled'));
      else if (!isAdminSessionMissing(error)) {
        toast.error(t('admin.videos.upload.failed'), { description: t(errorMessageKey(error)) });
      }
    } finally {
      setStage(null);
      if (input.current) input.current.value = '';
      void queryClient.invalidateQueries({ queryKey: adminBackgroundVideosKey });
      void queryClient.invalidateQueries({ queryKey: adminStorageKey });
    }
  };

  const names = BACKGROUND_VIDEOS[slot];
  const steps: Record<Stage, string> = {
    reading: t('admin.videos.background.reading'),
    video: t('admin.videos.background.uploadingVideo'),
    poster: t('admin.videos.background.uploadingPoster'),
  };
  return (
    <div className="flex min-w-0 flex-col rounded-2xl border border-border p-4">
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold">
        {t(`admin.videos.background.slot.${slot}`)}
        <span className="font-mono text-sm font-normal text-fg-muted">{names.video}</span>
      </h3>
      <div className="mt-3 aspect-video overflow-hidden rounded-xl bg-black">
        {files.video ? (
          <video
            key={files.video.createdAt}
            className="size-full object-contain"
            src={freshUrl(files.video)}
            poster={files.poster ? freshUrl(files.poster) : undefined}
            muted
            loop
            playsInline
            controls
            autoPlay={!reduceMotion}
            preload="metadata"
            aria-label={t(`admin.videos.background.preview.${slot}`)}
          />
        ) : null}
      </div>
      <div className="mt-3 flex items-start gap-3">
        {files.poster && (
          <img
            src={freshUrl(files.poster)}
            alt={t(`admin.videos.background.posterAlt.${slot}`)}
            loading="lazy"
            className="h-14 w-24 shrink-0 rounded-lg bg-black object-cover"
          />
        )}
        <dl className="min-w-0 space-y-1 text-sm break-all">
          <FileFacts label={t('admin.videos.background.video')} file={files.video} />
          <FileFacts label={t('admin.videos.background.poster')} file={files.poster} />
        </dl>
      </div>
      <div className="mt-4 space-y-3">
        {stage && (
          <VideoUploadProgress
            step={steps[stage]}
            progress={stage === 'reading' ? null : upload.progress}
            onCancel={upload.cancel}
          />
        )}
        {/* Not disabled while busy (focus would fall to the page): it just does not open the picker. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={VIDEO_ACCEPT}
          className="peer sr-only"
          aria-label={t(`admin.videos.background.replaceNamed.${slot}`)}
          aria-disabled={stage ? true : undefined}
          onClick={(event) => stage && event.preventDefault()}
          onChange={(event) => void replace(event.currentTarget.files?.[0] ?? null)}
        />
        <label
          htmlFor={inputId}
          aria-hidden="true"
          className={cn(
            'inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-full border border-border bg-surface-raised px-5 font-medium text-fg transition hover:bg-surface-sunken',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            'peer-aria-disabled:cursor-not-allowed peer-aria-disabled:opacity-50',
          )}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('admin.videos.background.replace')}
        </label>
      </div>
    </div>
  );
}

/**
 * The background videos of the landing page and the test home (spec §2, §9: 1.m4v mobile, 2.m4v desktop):
 * what is stored now, a muted looping preview, and replacing either, with a new poster taken from the new
 * video in the browser.
 */
export function BackgroundVideosCard() {
  const { t } = useTranslation();
  const backgrounds = useQuery(adminBackgroundVideosQueryOptions);
  const headingId = useId();
  return (
    <Card asChild className="p-5 sm:p-8">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="font-display text-2xl font-semibold">
          {t('admin.videos.background.heading')}
        </h2>
        <p className="mt-2 text-fg-muted">{t('admin.videos.background.intro')}</p>
        <p className="mt-2 text-sm text-fg-muted">{t('admin.videos.background.cacheNote')}</p>
        <div className="mt-6">
          {backgrounds.isPending && (
            <div
              role="status"
              aria-label={t('admin.videos.storage.loading')}
              className="grid gap-4 md:grid-cols-2"
            >
              {SLOTS.map((slot) => (
                <div key={slot} className="rounded-2xl border border-border p-4">
                  <div className="h-6 w-1/3 animate-pulse rounded bg-surface-sunken" />
                  <div className="mt-3 aspect-video animate-pulse rounded-xl bg-surface-sunken" />
                  <div className="mt-3 h-4 w-2/3 animate-pulse rounded bg-surface-sunken" />
                </div>
              ))}
            </div>
          )}
          {backgrounds.isError && (
            <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
              <p className="font-semibold">{t('admin.videos.background.loadError')}</p>
              <p className="mt-1 text-fg-muted">{t(errorMessageKey(backgrounds.error))}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                onClick={() => void backgrounds.refetch()}
              >
                {t('admin.videos.retry')}
              </Button>
            </div>
          )}
          {backgrounds.isSuccess && (
            <div className="grid gap-4 md:grid-cols-2">
              {SLOTS.map((slot) => (
                <BackgroundSlot key={slot} slot={slot} files={backgrounds.data[slot]} />
              ))}
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}

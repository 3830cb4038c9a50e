import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field, FieldError } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  titleFromFileName,
  VIDEO_ACCEPT,
  VIDEO_DESCRIPTION_MAX_LENGTH,
  VIDEO_TITLE_MAX_LENGTH,
} from '@shared/domain/media';
import type { TUploadedFile } from '@shared/schemas/media';
import { Clock, Film, ImageOff, Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { isAbort, UPLOAD_TARGETS, useCreateVideo, useFileUpload } from '../api/videos';
import { readVideoFile, type VideoFileDetails } from '../lib/video-poster';
import {
  formatDuration,
  formatFileSize,
  type UploadFormErrors,
  uploadFormErrors,
  VIDEO_FILE_PROBLEM_KEYS,
  videoTexts,
} from '../lib/video-upload';
import { VideoUploadProgress } from './video-upload-progress';

type Chosen = {
  file: File;
  /** Null while the browser is still reading the file. */
  details: VideoFileDetails | null;
};

type Phase = 'idle' | 'video' | 'poster' | 'saving';

/** Files already stored for the chosen video, so a retry after a later step failed does not send them again. */
type Sent = { file: File; video: TUploadedFile; poster: TUploadedFile | null };

/** An object URL for a blob, revoked when the blob changes or the component leaves. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Asks before the tab is closed while a file is on its way (an upload cannot survive a reload). */
function useWarnBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** What the browser read from the chosen file: its poster frame and duration, or why there is no poster. */
function ChosenPreview({ chosen }: { chosen: Chosen }) {
  const { t, i18n } = useTranslation();
  const posterUrl = useObjectUrl(chosen.details?.poster ?? null);
  const { details } = chosen;
  let picture: ReactNode;
  if (!details) {
    picture = (
      <div className="flex size-full animate-pulse items-center justify-center bg-surface-sunken">
        <Film className="size-8 text-fg-muted" aria-hidden="true" />
      </div>
    );
  } else if (posterUrl) {
    picture = (
      <img src={posterUrl} alt={t('admin.videos.upload.posterAlt')} className="size-full object-contain" />
    );
  } else {
    picture = (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-surface-sunken p-4 text-center">
        <ImageOff className="size-7 text-fg-muted" aria-hidden="true" />
        <p className="max-w-sm text-sm text-fg-muted">{t('admin.videos.upload.noPoster')}</p>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <div className="aspect-video overflow-hidden rounded-2xl bg-black">{picture}</div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
        <span className="min-w-0 font-medium break-all text-fg">{chosen.file.name}</span>
        <span className="tabular-nums">{formatFileSize(chosen.file.size, i18n.language)}</span>
        {!details && <span role="status">{t('admin.videos.upload.reading')}</span>}
        {details?.durationSeconds != null && (
          <span className="inline-flex items-center gap-1 tabular-nums">
            <Clock className="size-3.5" aria-hidden="true" />
            {t('admin.videos.upload.duration', { duration: formatDuration(details.durationSeconds) })}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The Upload tab (spec §2, §5): a video file (picked or dropped), checked at once; its poster frame and
 * duration read in the browser; title (from the file name), description, featured and published. Uploading
 * sends the file with progress (cancellable), then the poster, then saves the video.
 */
export function VideoUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const upload = useFileUpload();
  const createVideo = useCreateVideo();
  const fileInputId = useId();
  const fileErrorId = useId();
  const fileHintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const reading = useRef<Promise<VideoFileDetails> | null>(null);
  const [title, setTitle] = useState('');
  const [titleEdited, setTitleEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [featured, setFeatured] = useState(false);
  const [published, setPublished] = useState(false);
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const sent = useRef<Sent | null>(null);
  const busy = phase !== 'idle';
  useWarnBeforeUnload(busy);

  const choose = (file: File | null) => {
    setFailure(null);
    const nextErrors = uploadFormErrors({
      file,
      title: file && !titleEdited ? titleFromFileName(file.name) : title,
    });
    // The file is checked at once; the title only once the form was sent, so an empty form is not all red.
    setErrors(submitted ? nextErrors : { file: nextErrors.file });
    if (!file || nextErrors.file) {
      setChosen(null);
      reading.current = null;
      return;
    }
    if (!titleEdited) setTitle(titleFromFileName(file.name));
    setChosen({ file, details: null });
    const details = readVideoFile(file);
    reading.current = details;
    void details.then((result) => {
      // A later choice replaced this one meanwhile.
      if (reading.current !== details) return;
      setChosen({ file, details: result });
    });
  };

  const reset = () => {
    setChosen(null);
    reading.current = null;
    sent.current = null;
    setTitle('');
    setTitleEdited(false);
    setDescription('');
    setFeatured(false);
    setPublished(false);
    setErrors({});
    setSubmitted(false);
    setFailure(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFailure(null);
    const file = chosen?.file ?? null;
    const nextErrors = uploadFormErrors({ file, title });
    setErrors(nextErrors);
    if (nextErrors.file || !file) {
      fileInput.current?.focus();
      return;
    }
    if (nextErrors.title) {
      titleInput.current?.focus();
      return;
    }
    try {
      const details = (await reading.current) ?? { durationSeconds: null, poster: null };
      let stored = sent.current?.file === file ? sent.current : null;
      if (!stored) {
        setPhase('video');
        stored = { file, video: await upload.send<TUploadedFile>(UPLOAD_TARGETS.video, file), poster: null };
        sent.current = stored;
      }
      if (details.poster && !stored.poster) {
        setPhase('poster');
        stored.poster = await upload.send<TUploadedFile>(UPLOAD_TARGETS.thumbnail, details.poster);
      }
      setPhase('saving');
      const texts = videoTexts({ title, description });
      await createVideo.mutateAsync({
        ...texts,
        fileName: stored.video.name,
        thumbnailName: stored.poster?.name ?? null,
        durationSeconds: details.durationSeconds,
        isFeatured: featured,
        isPublished: published,
      });
      toast.success(t('admin.videos.upload.success'), {
        description: published
          ? t('admin.videos.upload.successPublished')
          : t('admin.videos.upload.successDraft'),
      });
      reset();
      onUploaded();
    } catch (error) {
      if (isAbort(error)) {
        toast.info(t('admin.videos.upload.cancelled'));
      } else if (!isAdminSessionMissing(error)) {
        const message = t(errorMessageKey(error));
        setFailure(message);
        toast.error(t('admin.videos.upload.failed'), { description: message });
      }
    } finally {
      setPhase('idle');
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (busy || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    choose(event.dataTransfer.files[0] ?? null);
  };

  const steps: Record<Exclude<Phase, 'idle'>, string> = {
    video: t('admin.videos.upload.phase.video'),
    poster: t('admin.videos.upload.phase.poster'),
    saving: t('admin.videos.upload.phase.saving'),
  };
  const fileDescribedBy = [fileHintId, errors.file ? fileErrorId : null].filter(Boolean).join(' ');

  return (
    <Card asChild className="p-5 sm:p-8">
      <section aria-labelledby={`${fileInputId}-heading`}>
        <h2 id={`${fileInputId}-heading`} className="font-display text-2xl font-semibold">
          {t('admin.videos.upload.heading')}
        </h2>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6">
          <fieldset disabled={busy} className="grid min-w-0 gap-8 lg:grid-cols-2">
            <div className="min-w-0">
              {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file field beside it does the same by keyboard */}
              <div
                onDragOver={onDragOver}
                onDragEnter={onDragOver}
                onDragLeave={onDragLeave}
                onDrop={onDrop}
                data-dragging={dragging || undefined}
                className={cn(
                  'rounded-3xl border-2 border-dashed border-border p-5 text-center transition-colors',
                  'data-dragging:border-accent data-dragging:bg-accent-soft/50',
                  errors.file && 'border-danger',
                )}
              >
                <Upload className="mx-auto size-8 text-accent" aria-hidden="true" />
                <label id={`${fileInputId}-label`} htmlFor={fileInputId} className="mt-3 block font-semibold">
                  {t('admin.videos.upload.file')}
                </label>
                <input
                  ref={fileInput}
                  id={fileInputId}
                  type="file"
                  accept={VIDEO_ACCEPT}
                  className="peer sr-only"
                  aria-labelledby={`${fileInputId}-label`}
                  aria-invalid={errors.file ? true : undefined}
                  aria-describedby={fileDescribedBy}
                  onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
                />
                <label
                  htmlFor={fileInputId}
                  aria-hidden="true"
                  className={cn(
                    'mt-3 inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-full bg-accent px-5 font-medium text-accent-fg shadow-sm transition hover:brightness-110',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                    'peer-disabled:pointer-events-none peer-disabled:opacity-50',
                  )}
                >
                  {chosen ? t('admin.videos.upload.chooseOther') : t('admin.videos.upload.choose')}
                </label>
                <p className="mt-2 text-sm text-fg-muted">
                  {dragging ? t('admin.videos.upload.dropActive') : t('admin.videos.upload.drop')}
                </p>
                <p id={fileHintId} className="mt-1 text-sm text-fg-muted">
                  {t('admin.videos.upload.hint')}
                </p>
                {errors.file && (
                  <FieldError id={fileErrorId} className="mt-3">
                    {t(VIDEO_FILE_PROBLEM_KEYS[errors.file])}
                  </FieldError>
                )}
              </div>
              {chosen && <ChosenPreview chosen={chosen} />}
            </div>

            <div className="flex min-w-0 flex-col gap-6">
              <Field
                label={t('admin.videos.upload.title')}
                hint={chosen && !titleEdited ? t('admin.videos.upload.titleHint') : undefined}
                error={errors.title ? t('errors.title_required') : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={titleInput}
                    value={title}
                    maxLength={VIDEO_TITLE_MAX_LENGTH}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      setTitle(next);
                      setTitleEdited(true);
                      if (submitted)
                        setErrors((current) => ({ ...current, title: next.trim() ? undefined : 'required' }));
                    }}
                  />
                )}
              </Field>
              <Field
                label={t('admin.videos.upload.description')}
                hint={t('admin.videos.upload.descriptionHint')}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    value={description}
                    maxLength={VIDEO_DESCRIPTION_MAX_LENGTH}
                    className="min-h-28"
                    onChange={(event) => setDescription(event.currentTarget.value)}
                  />
                )}
              </Field>
              <SwitchRow
                label={t('admin.videos.upload.featured')}
                hint={t('admin.videos.upload.featuredHint')}
                checked={featured}
                onChange={setFeatured}
              />
              <SwitchRow
                label={t('admin.videos.upload.published')}
                hint={t('admin.videos.upload.publishedHint')}
                checked={published}
                onChange={setPublished}
              />
            </div>
          </fieldset>

          <div className="mt-8 space-y-4">
            {busy && (
              <VideoUploadProgress
                step={steps[phase]}
                progress={phase === 'saving' ? null : upload.progress}
                onCancel={upload.cancel}
              />
            )}
            {failure && !busy && (
              <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
                <span className="font-semibold">{t('admin.videos.upload.failed')}</span>: {failure}
              </p>
            )}
            {/* aria-disabled, not disabled: the button keeps focus while the upload runs. */}
            <Button type="submit" aria-disabled={busy || undefined} className="aria-disabled:opacity-50">
              <Upload className="size-4" aria-hidden="true" />
              {t('admin.videos.upload.submit')}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

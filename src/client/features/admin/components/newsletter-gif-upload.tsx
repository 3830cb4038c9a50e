import { FieldError } from '@client/components/ui/field';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { checkGifFile, GIF_RECOMMENDED_WIDTH, type NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterGifs } from '@shared/schemas/newsletters';
import { useQuery } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { gifUploadTarget, newsletterGifsQueryOptions, useGifUploaded } from '../api/newsletters';
import { isAbort, useFileUpload } from '../api/videos';
import { GIF_FILE_PROBLEM_KEYS, gifUploadErrorCode } from '../lib/newsletter-composer';
import { formatFileSize } from '../lib/video-upload';
import { useFormatDate } from './content-editor-parts';
import { VideoUploadProgress } from './video-upload-progress';

/**
 * The GIF of one kind (spec §5, §7): the one in use (the latest upload of its folder) and a file input that
 * checks the file, uploads it with its progress and refreshes the preview. The alt text is a field of each
 * language tab.
 */
export function NewsletterGifUpload({ kind }: { kind: NewsletterKind }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const formatDate = useFormatDate();
  const gifs = useQuery(newsletterGifsQueryOptions);
  const upload = useFileUpload();
  const gifUploaded = useGifUploaded();
  const [error, setError] = useState<string | null>(null);
  const current = gifs.data?.[kind] ?? null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again (after a failure) still counts as a change.
    input.value = '';
    if (!file) return;
    const problem = checkGifFile(file);
    if (problem) {
      setError(t(GIF_FILE_PROBLEM_KEYS[problem]));
      return;
    }
    setError(null);
    try {
      gifUploaded(await upload.send<TNewsletterGifs>(gifUploadTarget(kind), file));
      toast.success(t('admin.newsletters.gif.uploaded'));
    } catch (failure) {
      if (isAbort(failure) || isAdminSessionMissing(failure)) return;
      const code =
        failure instanceof ApiError
          ? gifUploadErrorCode({ status: failure.status, code: failure.code })
          : 'unknown';
      const message = t(
        errorMessageKey(new ApiError(failure instanceof ApiError ? failure.status : 0, code)),
      );
      setError(message);
      toast.error(t('admin.newsletters.gif.uploadFailed'), { description: message });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-2xl border border-border p-4 sm:p-5">
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold">
        {t('admin.newsletters.gif.title')}
      </h3>
      <div className="mt-4 grid gap-5 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-start">
        <div className="flex min-h-32 items-center justify-center overflow-hidden rounded-xl bg-surface-sunken p-2">
          {current ? (
            <img
              src={current.url}
              alt={t('admin.newsletters.gif.currentAlt')}
              className="max-h-48 w-auto max-w-full rounded-lg"
            />
          ) : (
            <p className="p-3 text-center text-sm text-fg-muted">
              {gifs.isPending
                ? t('admin.editor.loading')
                : gifs.isError
                  ? t('admin.newsletters.gif.loadFailed')
                  : t('admin.newsletters.gif.none')}
            </p>
          )}
        </div>
        <div className="min-w-0">
          {current && (
            <p className="text-sm text-fg-muted">
              {t('admin.newsletters.gif.current', {
                date: formatDate(current.createdAt),
                size: formatFileSize(current.size, i18n.language),
              })}
            </p>
          )}
          <input
            id={`${id}-file`}
            type="file"
            accept=".gif,image/gif"
            disabled={upload.progress !== null}
            className="peer sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => void choose(event)}
          />
          {/* The input's own button would speak the browser's language; this one speaks ours. */}
          <label
            htmlFor={`${id}-file`}
            className={cn(
              'inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface-raised px-4 text-sm font-medium transition hover:bg-surface-sunken',
              current && 'mt-3',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
              'peer-disabled:pointer-events-none peer-disabled:opacity-50',
            )}
          >
            <ImageUp className="size-4" aria-hidden="true" />
            {current ? t('admin.newsletters.gif.replace') : t('admin.newsletters.gif.choose')}
          </label>
          <p id={`${id}-hint`} className="mt-2 text-sm text-fg-muted">
            {t('admin.newsletters.gif.hint', { width: GIF_RECOMMENDED_WIDTH })}
          </p>
          {error && (
            <FieldError id={`${id}-error`} className="mt-2">
              {error}
            </FieldError>
          )}
          {upload.progress && (
            <div className="mt-3">
              <VideoUploadProgress
                step={t('admin.newsletters.gif.uploading')}
                progress={upload.progress}
                onCancel={upload.cancel}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

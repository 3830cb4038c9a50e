import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { FieldError } from '@client/components/ui/field';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import {
  checkGifFile,
  GIF_MAX_DISPLAY_WIDTH,
  gifDisplaySize,
  type NewsletterKind,
} from '@shared/domain/newsletters';
import type { TNewsletterGif, TNewsletterGifs } from '@shared/schemas/newsletters';
import { useQuery } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  gifUploadTarget,
  newsletterGifsQueryOptions,
  useGifsChanged,
  useRemoveGif,
} from '../api/newsletters';
import { isAbort, useFileUpload } from '../api/videos';
import { GIF_FILE_PROBLEM_KEYS, gifUploadErrorCode } from '../lib/newsletter-composer';
import { formatFileSize } from '../lib/video-upload';
import { useFormatDate } from './content-editor-parts';
import { VideoUploadProgress } from './video-upload-progress';

/**
 * The GIFs of one e-mail (spec §5, §7; decision 048): one per language, each used only in that language's
 * e-mail. Each language shows the GIF in use with its size, and lets staff upload, replace or remove it. The
 * alt text is a field of each language tab.
 */
export function NewsletterGifUpload({ kind }: { kind: NewsletterKind }) {
  const { t } = useTranslation();
  const id = useId();
  const gifs = useQuery(newsletterGifsQueryOptions);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-2xl border border-border p-4 sm:p-5">
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold">
        {t(`admin.newsletters.gif.title.${kind}`)}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">
        {t('admin.newsletters.gif.intro', { width: GIF_MAX_DISPLAY_WIDTH })}
      </p>
      {gifs.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {t('admin.newsletters.gif.loadFailed')}
        </p>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {LOCALES.map((language) => (
          <GifSlot
            key={language}
            kind={kind}
            language={language}
            current={gifs.data?.[kind][language] ?? null}
            loading={gifs.isPending}
          />
        ))}
      </div>
    </section>
  );
}

/** The GIF of one e-mail in one language: the one in use, its size, and upload, replace and remove. */
function GifSlot({
  kind,
  language,
  current,
  loading,
}: {
  kind: NewsletterKind;
  language: TLocale;
  current: TNewsletterGif | null;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const formatDate = useFormatDate();
  const upload = useFileUpload();
  const gifsChanged = useGifsChanged();
  const removeGif = useRemoveGif();
  const [error, setError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const languageName = t(`admin.editor.language.${language}`);

  const failureMessage = (failure: unknown) => {
    const code =
      failure instanceof ApiError
        ? gifUploadErrorCode({ status: failure.status, code: failure.code })
        : 'unknown';
    return t(errorMessageKey(new ApiError(failure instanceof ApiError ? failure.status : 0, code)));
  };

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
      gifsChanged(await upload.send<TNewsletterGifs>(gifUploadTarget(kind, language), file));
      toast.success(t('admin.newsletters.gif.uploaded'));
    } catch (failure) {
      if (isAbort(failure) || isAdminSessionMissing(failure)) return;
      const message = failureMessage(failure);
      setError(message);
      toast.error(t('admin.newsletters.gif.uploadFailed'), { description: message });
    }
  };

  const remove = () =>
    removeGif.mutate(
      { kind, language },
      {
        onSuccess: () => {
          setError(null);
          toast.success(t('admin.newsletters.gif.removed'));
        },
        onError: (failure) => {
          if (isAdminSessionMissing(failure)) return;
          toast.error(t('admin.newsletters.gif.removeFailed'), { description: failureMessage(failure) });
        },
        onSettled: () => setConfirmOpen(false),
      },
    );

  const shown = current ? gifDisplaySize(current) : null;
  const busy = upload.progress !== null || removeGif.isPending;

  return (
    <section
      aria-labelledby={`${id}-language`}
      className="min-w-0 rounded-xl border border-border p-3 sm:p-4"
    >
      <h4 id={`${id}-language`} className="font-medium">
        {languageName}
      </h4>
      <div className="mt-3 flex min-h-32 items-center justify-center overflow-hidden rounded-xl bg-surface-sunken p-2">
        {current ? (
          <img
            src={current.url}
            alt={t('admin.newsletters.gif.currentAlt', { language: languageName })}
            width={current.width}
            height={current.height}
            className="h-auto max-h-64 w-auto max-w-full rounded-lg object-contain"
          />
        ) : (
          <p className="p-3 text-center text-sm text-fg-muted">
            {loading ? t('admin.editor.loading') : t('admin.newsletters.gif.none')}
          </p>
        )}
      </div>
      {current && shown && (
        <div className="mt-3 text-sm text-fg-muted">
          <p>
            {t('admin.newsletters.gif.current', {
              width: current.width,
              height: current.height,
              size: formatFileSize(current.size, i18n.language),
              date: formatDate(current.uploadedAt),
            })}
          </p>
          <p>
            {shown.width === current.width
              ? t('admin.newsletters.gif.natural')
              : t('admin.newsletters.gif.scaled', shown)}
          </p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          id={`${id}-file`}
          type="file"
          accept=".gif,image/gif"
          disabled={busy}
          className="peer sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => void choose(event)}
        />
        {/* The input's own button would speak the browser's language; this one speaks ours. */}
        <label
          htmlFor={`${id}-file`}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface-raised px-4 text-sm font-medium transition hover:bg-surface-sunken',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            'peer-disabled:pointer-events-none peer-disabled:opacity-50',
          )}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {current ? t('admin.newsletters.gif.replace') : t('admin.newsletters.gif.choose')}
          <span className="sr-only"> ({languageName})</span>
        </label>
        {current && (
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={
              <button type="button" disabled={busy} className={cn(DANGER_OUTLINE_BUTTON_CLASS, 'text-sm')}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('admin.newsletters.gif.remove')}
                <span className="sr-only"> ({languageName})</span>
              </button>
            }
            title={t('admin.newsletters.gif.removeTitle')}
            description={t(`admin.newsletters.gif.removeBody.${kind}`, { language: languageName })}
            confirmLabel={t('admin.newsletters.gif.removeAction')}
            cancelLabel={t('common.cancel')}
            pendingLabel={t('admin.newsletters.gif.removing')}
            pending={removeGif.isPending}
            onConfirm={remove}
          />
        )}
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-fg-muted">
        {t('admin.newsletters.gif.hint', { width: GIF_MAX_DISPLAY_WIDTH })}
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
    </section>
  );
}

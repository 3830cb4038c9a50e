import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import type { TLocale } from '@shared/domain/locale';
import type { NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterContent } from '@shared/schemas/newsletters';
import { Monitor, Smartphone } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewsletterPreview } from '../api/newsletters';
import { useDebounced } from '../hooks/use-debounced';
import { contentForApi, PREVIEW_WIDTHS, type PreviewWidth } from '../lib/newsletter-composer';

/** Wait after the last keystroke before asking the server for a new preview. */
const PREVIEW_DEBOUNCE_MS = 400;
/** A preview that comes back faster than this shows no loading sign at all. */
const BUSY_SIGN_DELAY_MS = 300;
const FRAME_HEIGHT_PX = 640;

/**
 * How much a box `width` px wide must shrink to fit into `container`: 1 when it fits. A narrow screen shows
 * the e-mail at the width chosen, made smaller, rather than squeezed into another layout.
 */
function useScaleToFit(container: RefObject<HTMLElement | null>, width: number): number {
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  return available === null || available >= width ? 1 : available / width;
}

function useDelayedFlag(on: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [on, delay]);
  return shown;
}

/**
 * The e-mail of the language on screen as the server renders it for sending, in a sandboxed frame (no
 * scripts, no navigation), at a desktop or a phone width.
 */
export function NewsletterPreview({
  kind,
  language,
  content,
}: {
  kind: NewsletterKind;
  language: TLocale;
  content: TNewsletterContent;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  // Compared as text, so a new object with the same texts does not restart the wait.
  const request = useDebounced(
    JSON.stringify({ kind, language, content: contentForApi(content, kind) }),
    PREVIEW_DEBOUNCE_MS,
  );
  const preview = useNewsletterPreview(JSON.parse(request));
  const busy = useDelayedFlag(preview.isFetching, BUSY_SIGN_DELAY_MS);
  const data = preview.data;
  const frameBox = useRef<HTMLDivElement>(null);
  const frameWidth = PREVIEW_WIDTHS[width];
  const scale = useScaleToFit(frameBox, frameWidth);
  // The box the e-mail takes on screen, while it loads too, so nothing moves when it arrives.
  const shown = { width: frameWidth * scale, height: FRAME_HEIGHT_PX * scale };

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-display text-xl font-semibold">
            {t('admin.newsletters.preview.title', { language: t(`admin.editor.language.${language}`) })}
          </h3>
          <p className="mt-1 text-sm text-fg-muted">{t('admin.newsletters.preview.note')}</p>
        </div>
        <fieldset className="flex gap-1 rounded-2xl bg-surface-sunken p-1">
          <legend className="sr-only">{t('admin.newsletters.preview.widthLabel')}</legend>
          {(['desktop', 'mobile'] as const).map((option) => {
            const Icon = option === 'desktop' ? Monitor : Smartphone;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={width === option}
                onClick={() => setWidth(option)}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1.5 rounded-xl whitespace-nowrap px-3.5 py-1.5 text-sm font-medium text-fg-muted transition hover:text-fg',
                  'aria-pressed:bg-surface-raised aria-pressed:text-fg aria-pressed:shadow-sm',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`admin.newsletters.preview.${option}`)}
                <span className="text-xs tabular-nums">
                  {t('admin.newsletters.preview.px', { width: PREVIEW_WIDTHS[option] })}
                </span>
              </button>
            );
          })}
        </fieldset>
      </div>

      <div className="mt-4 rounded-2xl border border-border bg-surface-sunken p-3 sm:p-4">
        <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm">
          <p className="min-w-0 break-words" lang={language}>
            <span className="font-medium text-fg-muted">{t('admin.newsletters.preview.subject')} </span>
            {data ? data.subject : '…'}
          </p>
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            {busy && (
              <>
                <Spinner className="size-4 text-accent" />
                {t('admin.newsletters.preview.updating')}
              </>
            )}
          </p>
        </div>
        {/* On a narrow screen the frame keeps the chosen width and is shown smaller (useScaleToFit). */}
        <div ref={frameBox} className="mt-3">
          {preview.isError && !preview.isFetching ? (
            <div
              role="alert"
              style={{ minHeight: shown.height }}
              className="flex flex-col items-center justify-center gap-4 p-6 text-center"
            >
              <p>
                {t('admin.newsletters.preview.failed')} {t(errorMessageKey(preview.error))}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
                {t('admin.editor.retry')}
              </Button>
            </div>
          ) : data ? (
            <div className="mx-auto overflow-hidden rounded-xl" style={shown}>
              <iframe
                title={t('admin.newsletters.preview.frameTitle', {
                  language: t(`admin.editor.language.${language}`),
                })}
                sandbox=""
                srcDoc={data.html}
                style={{
                  width: frameWidth,
                  height: FRAME_HEIGHT_PX,
                  transform: scale < 1 ? `scale(${scale})` : undefined,
                  transformOrigin: 'top left',
                }}
                className="block border-0 bg-white"
              />
            </div>
          ) : (
            <div aria-hidden="true" style={shown} className="mx-auto animate-pulse rounded-xl bg-surface" />
          )}
        </div>
        {data && (
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium">
              {t('admin.newsletters.preview.plainText')}
            </summary>
            <pre
              lang={language}
              className="mt-2 max-h-80 overflow-auto rounded-xl bg-surface p-3 text-sm whitespace-pre-wrap break-words"
            >
              {data.text}
            </pre>
          </details>
        )}
      </div>
    </section>
  );
}

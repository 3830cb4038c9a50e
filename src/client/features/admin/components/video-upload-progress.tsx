import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { Spinner } from '@client/components/ui/spinner';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type UploadProgress, uploadMegabytes, uploadPercent } from '../lib/video-upload';

/**
 * What an upload is doing now: the step in words, and while a file is on its way a bar with the percent and
 * megabytes sent, and a button that cancels it.
 */
export function VideoUploadProgress({
  step,
  progress,
  onCancel,
}: {
  /** The step in words ("Uploading the video…"). */
  step: string;
  /** Bytes of the file being sent; null for a step without a file (saving). */
  progress: UploadProgress | null;
  /** Absent when the step cannot be cancelled. */
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = progress ? uploadPercent(progress) : 0;
  const megabytes = progress ? uploadMegabytes(progress, i18n.language) : null;
  const amount = megabytes ? t('admin.videos.upload.progress', { percent, ...megabytes }) : null;
  return (
    <div className="rounded-2xl bg-surface-sunken p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Spinner className="size-4 text-accent" />
          {step}
        </p>
        {onCancel && progress && (
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            <X className="size-4" aria-hidden="true" />
            {t('admin.videos.upload.cancel')}
          </Button>
        )}
      </div>
      {progress && (
        <>
          <Progress
            className="mt-3"
            value={percent}
            max={100}
            label={t('admin.videos.upload.progressLabel')}
            valueText={amount ?? undefined}
          />
          <p className="mt-2 text-sm text-fg-muted tabular-nums">{amount}</p>
        </>
      )}
    </div>
  );
}

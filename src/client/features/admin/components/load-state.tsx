import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useTranslation } from 'react-i18next';

/**
 * What a panel shows before its data is there: a quiet spinner while it loads, or what failed with a
 * retry. Renders nothing once the data is in (`loaded`).
 */
export function LoadState({
  loaded,
  failed,
  failedText,
  onRetry,
}: {
  loaded: boolean;
  failed: boolean;
  failedText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loaded) return null;
  if (failed) {
    return (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
        <p>{failedText}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          {t('admin.list.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-fg-muted">
      <Spinner className="size-5 text-accent" />
      {t('admin.list.loading')}
    </p>
  );
}

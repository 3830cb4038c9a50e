import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { saveFile } from '@client/lib/save-file';
import { toast } from '@client/lib/toast';
import { toLocale } from '@shared/domain/locale';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type AccountExport, useExportAccount, useExportReflections } from '../api/account';
import { WRAPPING_BUTTON_CLASS } from './wrapping-button';

/** A button that downloads a file of the user's and saves it, with a spinner meanwhile and a toast on failure. */
function DownloadButton({
  label,
  errorTitle,
  pending,
  download,
}: {
  label: string;
  errorTitle: string;
  pending: boolean;
  download: (handlers: {
    onSuccess: (file: AccountExport) => void;
    onError: (error: unknown) => void;
  }) => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      className={WRAPPING_BUTTON_CLASS}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() =>
        download({
          onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
          onError: (error) => toast.error(errorTitle, { description: t(errorMessageKey(error)) }),
        })
      }
    >
      {pending ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** Downloads everything stored about the user as one JSON file. */
export function ExportDataButton() {
  const { t } = useTranslation();
  const exportAccount = useExportAccount();
  return (
    <DownloadButton
      label={t('settings.export.button')}
      errorTitle={t('settings.export.error')}
      pending={exportAccount.isPending}
      download={(handlers) => exportAccount.mutate(undefined, handlers)}
    />
  );
}

/** Downloads the user's reflections, week by week, as a Markdown file in the language of the page. */
export function ExportReflectionsButton() {
  const { t, i18n } = useTranslation();
  const exportReflections = useExportReflections();
  return (
    <DownloadButton
      label={t('settings.exportMarkdown.button')}
      errorTitle={t('settings.exportMarkdown.error')}
      pending={exportReflections.isPending}
      download={(handlers) => exportReflections.mutate(toLocale(i18n.language), handlers)}
    />
  );
}

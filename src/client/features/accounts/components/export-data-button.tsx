import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { saveFile } from '@client/lib/save-file';
import { toast } from '@client/lib/toast';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useExportAccount } from '../api/account';
import { WRAPPING_BUTTON_CLASS } from './wrapping-button';

/** Downloads everything stored about the user as one JSON file. */
export function ExportDataButton() {
  const { t } = useTranslation();
  const exportAccount = useExportAccount();
  return (
    <Button
      variant="secondary"
      className={WRAPPING_BUTTON_CLASS}
      disabled={exportAccount.isPending}
      aria-busy={exportAccount.isPending || undefined}
      onClick={() =>
        exportAccount.mutate(undefined, {
          onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
          onError: (error) =>
            toast.error(t('settings.export.error'), { description: t(errorMessageKey(error)) }),
        })
      }
    >
      {exportAccount.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <Download className="size-4" aria-hidden="true" />
      )}
      {t('settings.export.button')}
    </Button>
  );
}

import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { href } from '@shared/routes';
import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteJournalData } from '../api/settings';

/**
 * "Delete my data": the profile, weeks, reflections and insights go, the account stays. With no profile left
 * the next stop is onboarding.
 */
export function DeleteDataDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteData = useDeleteJournalData();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    deleteData.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('settings.deleteData.done'));
        void navigate(href('onboarding'));
      },
      onError: (error) =>
        toast.error(t('settings.deleteData.error'), { description: t(errorMessageKey(error)) }),
    });

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
          <Eraser className="size-4" aria-hidden="true" />
          {t('settings.deleteData.button')}
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title={t('settings.deleteData.confirmTitle')}
      description={t('settings.deleteData.confirmBody')}
      confirmLabel={t('settings.deleteData.button')}
      cancelLabel={t('common.cancel')}
      pendingLabel={t('settings.working')}
      pending={deleteData.isPending}
      onConfirm={confirm}
    />
  );
}

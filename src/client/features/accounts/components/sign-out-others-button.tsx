import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevokeOtherSessions } from '../api/account';
import { WRAPPING_BUTTON_CLASS } from './wrapping-button';

/** Ends every session of this account except the one in this browser. */
export function SignOutOthersButton() {
  const { t } = useTranslation();
  const revoke = useRevokeOtherSessions();
  return (
    <Button
      variant="secondary"
      className={WRAPPING_BUTTON_CLASS}
      disabled={revoke.isPending}
      aria-busy={revoke.isPending || undefined}
      onClick={() =>
        revoke.mutate(undefined, {
          onSuccess: () => toast.success(t('settings.sessions.done')),
          onError: (error) =>
            toast.error(t('settings.sessions.error'), { description: t(errorMessageKey(error)) }),
        })
      }
    >
      {revoke.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <MonitorSmartphone className="size-4" aria-hidden="true" />
      )}
      {t('settings.sessions.signOutOthers')}
    </Button>
  );
}

import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../api/account';
import { useLeaveSignedOut } from '../hooks/use-leave-signed-out';

/** Signs out of this browser and goes home. */
export function SignOutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const leave = useLeaveSignedOut();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={signOut.isPending}
      aria-busy={signOut.isPending || undefined}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: leave,
          onError: (error) =>
            toast.error(t('settings.signOutError'), { description: t(errorMessageKey(error)) }),
        })
      }
    >
      {signOut.isPending ? <Spinner className="size-4" /> : <LogOut className="size-4" aria-hidden="true" />}
      {t('common.signOut')}
    </Button>
  );
}

import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { setFlag } from '@client/lib/session-flags';
import { toast } from '@client/lib/toast';
import { href } from '@shared/routes';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminLogout, useForgetAdminDataOnLeave } from '../api/session';

/**
 * Ends the staff session and goes home (spec §2: the dashboard's sign-out, the video page's Logout).
 * `onSigningOut` tells the page, so the session ending is not reported as lost while this is under way.
 */
export function AdminSignOutButton({
  label,
  pendingLabel,
  onSigningOut,
}: {
  label: string;
  pendingLabel: string;
  onSigningOut: (signingOut: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useAdminLogout();
  const forgetOnLeave = useForgetAdminDataOnLeave();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={logout.isPending}
      aria-busy={logout.isPending || undefined}
      onClick={() => {
        onSigningOut(true);
        logout.mutate(undefined, {
          onSuccess: () => {
            toast.success(t('admin.toast.loggedOut.title'), { description: t('admin.toast.loggedOut.body') });
            forgetOnLeave();
            setFlag('homeForceClear');
            void navigate(href('home'));
          },
          onError: (error) => {
            onSigningOut(false);
            toast.error(t('admin.toast.logoutError'), { description: t(errorMessageKey(error)) });
          },
        });
      }}
    >
      {logout.isPending ? <Spinner className="size-4" /> : <LogOut className="size-4" aria-hidden="true" />}
      {logout.isPending ? pendingLabel : label}
    </Button>
  );
}

import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import type { TAdminSession } from '@shared/schemas/admin';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireStaff } from '../api/session';
import { AdminSignOutButton } from './admin-sign-out-button';
import { SessionExpiryWarning } from './session-expiry-warning';

/**
 * The frame of a staff page (/list, /admin/videos): checks the staff session on load and sends visitors to
 * the sign-in page, shows a quiet loading state or a retry until it is known, and the sign-out button.
 */
export function StaffPage({
  signOutLabel,
  signingOutLabel,
  children,
}: {
  signOutLabel: string;
  signingOutLabel: string;
  children: (session: TAdminSession) => ReactNode;
}) {
  const { t } = useTranslation();
  const [signingOut, setSigningOut] = useState(false);
  const { session, isError, retry } = useRequireStaff({ signingOut });

  let body: ReactNode;
  if (session) {
    body = (
      <>
        <SessionExpiryWarning session={session} />
        {children(session)}
      </>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="rounded-2xl bg-surface-sunken p-5">
        <p>{t('admin.list.loadError')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={retry}>
          {t('admin.list.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div role="status" className="flex items-center gap-3 py-16 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.list.loading')}
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        actions={
          session ? (
            <AdminSignOutButton
              label={signOutLabel}
              pendingLabel={signingOutLabel}
              onSigningOut={setSigningOut}
            />
          ) : null
        }
      />
      <div className="mx-auto w-full max-w-5xl px-5 pt-4 pb-16 sm:px-8">{body}</div>
    </div>
  );
}

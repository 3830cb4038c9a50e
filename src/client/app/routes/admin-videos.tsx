import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useRequireStaff } from '@client/features/admin/api/session';
import { href } from '@shared/routes';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Video management (spec §2 "/admin/videos"), for staff only. Its tools come with the video work; until then
 * it says so plainly, like every page that is not built yet, with the way back to the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  const { staff, isError, retry } = useRequireStaff();

  if (!staff) {
    return (
      <StatusPage
        title={
          isError ? (
            t('admin.list.loadError')
          ) : (
            <span role="status" className="inline-flex flex-col items-center gap-5">
              <Spinner className="text-accent" />
              {t('admin.list.loading')}
            </span>
          )
        }
        actions={
          isError ? (
            <Button variant="secondary" onClick={retry}>
              {t('admin.list.retry')}
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <StatusPage
      eyebrow={t('comingSoon.badge')}
      title={t('comingSoon.title', { page: t('routes.adminVideos') })}
      body={t('comingSoon.body')}
      actions={
        <Button asChild variant="secondary">
          <Link to={href('adminList')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('admin.videos.back')}
          </Link>
        </Button>
      }
    />
  );
}

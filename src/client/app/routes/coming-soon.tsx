import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isRouteHandle } from '../route-handle';

/** Shown by every route whose page is not built yet, so nobody mistakes it for a working page. */
export function Component() {
  const { t } = useTranslation();
  const last = useMatches().at(-1);
  const routeId = isRouteHandle(last?.handle) ? last.handle.routeId : 'home';
  return (
    <StatusPage
      eyebrow={t('comingSoon.badge')}
      title={t('comingSoon.title', { page: t(`routes.${routeId}`, last?.params) })}
      body={t('comingSoon.body')}
      actions={
        routeId === 'home' ? null : (
          <Button asChild variant="secondary">
            <Link to={href('home')}>{t('comingSoon.home')}</Link>
          </Button>
        )
      }
    />
  );
}

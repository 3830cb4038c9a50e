import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { href } from '@shared/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from './routes/not-found';

/** What a route shows when it throws: the not-found screen for 404s, otherwise the error screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);

  if (notFound) return <NotFound />;
  return (
    <StatusPage
      eyebrow={t('app.name')}
      title={t('error.title')}
      body={t('error.subtitle')}
      actions={
        <>
          <Button type="button" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>
          <Button asChild variant="secondary">
            <Link to={href('home')} reloadDocument>
              {t('error.home')}
            </Link>
          </Button>
        </>
      }
    />
  );
}

import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Every unknown path (the server answers these with HTTP 404). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      body={t('notFound.subtitle')}
      actions={
        <Button asChild>
          <Link to={href('home')}>{t('notFound.home')}</Link>
        </Button>
      }
    />
  );
}

export { NotFound as Component };

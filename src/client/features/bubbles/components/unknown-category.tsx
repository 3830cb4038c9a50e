import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { ALL } from '@shared/domain/bubbles';
import { href } from '@shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * `/app` or `/profile` with a `?category=` that is not one of the ten: said plainly, with a way on, under
 * the page's own header.
 */
export function UnknownCategory({ value, header }: { value: string; header: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      header={header}
      eyebrow={t('bubbles.unknownCategory.eyebrow')}
      title={t('bubbles.unknownCategory.title')}
      body={t('bubbles.unknownCategory.body', { name: value })}
      actions={
        <Button asChild>
          <Link to={href('profile', { category: ALL })}>{t('bubbles.unknownCategory.action')}</Link>
        </Button>
      }
    />
  );
}

import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { href } from '@shared/routes';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Thank you after confirming (spec §2 "/ok?email=…"). */
export function Component() {
  const { t } = useTranslation();
  const email = useSearchParams()[0].get('email')?.trim();
  return (
    <StatusPage
      eyebrow={<Check className="mx-auto size-8" aria-hidden="true" />}
      title={t('ok.title')}
      body={email ? t('ok.body', { email }) : t('ok.bodyNoEmail')}
      actions={
        <Button asChild>
          <Link to={href('home')}>{t('ok.home')}</Link>
        </Button>
      }
    />
  );
}

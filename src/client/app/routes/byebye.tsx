import { BusyPage } from '@client/components/busy-page';
import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { useUnsubscribe } from '@client/features/waitlist/api/waitlist';
import { ApiError } from '@client/lib/api-client';
import { href } from '@shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Unsubscribe (spec §2 "/byebye?token=…"): loading, then success, invalid or error (spec §8). */
export function Component() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);

  const home = (
    <Button asChild variant="secondary">
      <Link to={href('home')}>{t('byebye.home')}</Link>
    </Button>
  );
  if (!token) return <StatusPage title={t('byebye.invalidLink')} actions={home} />;
  if (unsubscribe.isError) {
    const invalid = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;
    return <StatusPage title={invalid ? t('byebye.invalidOrExpired') : t('byebye.error')} actions={home} />;
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusPage
        title={t('byebye.success.title')}
        body={t('byebye.success.body')}
        actions={
          <>
            <Button asChild>
              <Link to={href('waitingList')}>{t('byebye.rejoin')}</Link>
            </Button>
            {home}
          </>
        }
      />
    );
  }
  return <BusyPage text={t('byebye.loading')} />;
}

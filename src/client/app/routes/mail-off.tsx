import { BusyPage } from '@client/components/busy-page';
import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { useMailOff } from '@client/features/settings/api/settings';
import { ApiError } from '@client/lib/api-client';
import { href } from '@shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/**
 * The page the "turn off" link of a reminder or weekly e-mail opens ("/email-off?token=…", issue 14): it
 * turns that e-mail off with a POST (the page, not the link, does it) and says so, with the way to the
 * settings where it can be switched on again. Needs no session: the signed token names the person.
 */
export function Component() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const mailOff = useMailOff();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mailOff.mutate({ token });
  }, [token, mailOff]);

  const actions = (
    <>
      <Button asChild>
        <Link to={href('settings')}>{t('mailOff.settings')}</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={href('home')}>{t('mailOff.home')}</Link>
      </Button>
    </>
  );
  const invalid = !token || (mailOff.error instanceof ApiError && mailOff.error.status === 400);
  if (invalid) {
    return (
      <StatusPage title={t('mailOff.invalid.title')} body={t('mailOff.invalid.body')} actions={actions} />
    );
  }
  if (mailOff.isError) return <StatusPage title={t('mailOff.error')} actions={actions} />;
  if (mailOff.data) {
    const kind = mailOff.data.kind;
    return (
      <StatusPage title={t(`mailOff.${kind}.title`)} body={t(`mailOff.${kind}.body`)} actions={actions} />
    );
  }
  return <BusyPage text={t('mailOff.loading')} />;
}

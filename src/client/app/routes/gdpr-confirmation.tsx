import { BusyPage } from '@client/components/busy-page';
import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { useConfirmSubscription } from '@client/features/waitlist/api/waitlist';
import { href } from '@shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

/**
 * The double opt-in link (spec §2 "/gdpr-confirmation?email=…"). Opening it does not confirm anything by
 * itself (mail scanners open links): the page confirms with a POST, then shows the thank-you page.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token') ?? '';
  const confirm = useConfirmSubscription();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !email || !token) return;
    started.current = true;
    confirm.mutate(
      { email, token },
      // The token leaves the address bar and the history once it has done its job.
      // The thank-you page names the address only when it arrives with this proof (history state, which a
      // link cannot carry): /ok?email=anything confirms nothing.
      { onSuccess: () => navigate(href('ok', { email }), { replace: true, state: { confirmed: email } }) },
    );
  }, [confirm, email, token, navigate]);

  const home = (
    <Button asChild variant="secondary">
      <Link to={href('home')}>{t('gdpr.home')}</Link>
    </Button>
  );
  if (!email) return <StatusPage title={t('gdpr.noEmail')} actions={home} />;
  if (!token || confirm.isError) return <StatusPage title={t('gdpr.error')} actions={home} />;
  return <BusyPage text={t('gdpr.processing')} />;
}

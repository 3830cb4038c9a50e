import { StatusPage } from '@client/components/status-page';
import { Button } from '@client/components/ui/button';
import { useIsClient } from '@client/lib/use-is-client';
import { href } from '@shared/routes';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

function confirmedAddress(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('confirmed' in state)) return null;
  return typeof state.confirmed === 'string' ? state.confirmed : null;
}

/**
 * Thank you (spec §2 "/ok?email=…"). It says an address is confirmed only when /gdpr-confirmation has just
 * confirmed it and passed it along in the history state; opened by hand, the page thanks without claiming.
 */
export function Component() {
  const { t } = useTranslation();
  const email = useSearchParams()[0].get('email')?.trim();
  const { state } = useLocation();
  // History state is the browser's: the server's page and the hydration render leave it out.
  const inBrowser = useIsClient();
  const confirmed = inBrowser && email !== undefined && confirmedAddress(state) === email;
  return (
    <StatusPage
      eyebrow={<Check className="mx-auto size-8" aria-hidden="true" />}
      title={t('ok.title')}
      body={confirmed ? t('ok.body', { email }) : t('ok.bodyUnconfirmed')}
      actions={
        <Button asChild>
          <Link to={href('home')}>{t('ok.home')}</Link>
        </Button>
      }
    />
  );
}

import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NewsletterComposer } from './newsletter-composer';

/**
 * The GDPR e-mail section of /list (spec §2, §4): the confirmation e-mail the waiting list sends. The most
 * recently saved draft is the one new subscribers receive; without one, the built-in e-mail.
 */
export function GdprEmailPanel() {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-fg-muted">{t('admin.gdprEmail.intro')}</p>
      <p className="mt-3 flex items-start gap-2 rounded-2xl bg-surface-sunken px-4 py-3 text-sm">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {t('admin.gdprEmail.inUseRule')}
      </p>
      <div className="mt-6">
        <NewsletterComposer kind="gdpr" />
      </div>
    </div>
  );
}

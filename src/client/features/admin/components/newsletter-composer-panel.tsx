import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CampaignHistory } from './campaign-history';
import { NewsletterComposer } from './newsletter-composer';

/**
 * The newsletter composer section of /list (spec §2): writing a newsletter, sending it to the addresses
 * selected in the newsletter list, and the newsletters sent so far with their live progress.
 */
export function NewsletterComposerPanel() {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-fg-muted">{t('admin.newsletters.intro')}</p>
      <p className="mt-2 flex items-start gap-2 text-sm text-fg-muted">
        <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {t('admin.campaigns.composerNote')}
      </p>
      <div className="mt-6">
        <NewsletterComposer kind="newsletter" />
      </div>
      <CampaignHistory />
    </div>
  );
}

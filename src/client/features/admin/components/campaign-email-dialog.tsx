import { Button } from '@client/components/ui/button';
import { DetailDialog } from '@client/components/ui/detail-dialog';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { isLocale, type TLocale } from '@shared/domain/locale';
import type { TCampaign } from '@shared/schemas/campaigns';
import { useQuery } from '@tanstack/react-query';
import { Info, Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignEmailQueryOptions } from '../api/campaigns';
import { useFormatDate } from './content-editor-parts';

/**
 * "View e-mail" on a sent newsletter (issue 16): the e-mail as it went out, one tab per language that had
 * recipients, in a sandboxed frame (no scripts, no navigation) with its subject and plain-text version.
 */
export function CampaignEmailDialog({ campaign, name }: { campaign: TCampaign; name: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [open, setOpen] = useState(false);
  return (
    <DetailDialog
      open={open}
      onOpenChange={setOpen}
      width="3xl"
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('admin.campaigns.email.named', { name })}>
          <Mail className="size-4" aria-hidden="true" />
          {t('admin.campaigns.email.button')}
        </Button>
      }
      title={t('admin.campaigns.email.title')}
      description={
        // Breaks between words (the dialog breaks anywhere, for long addresses): a date stays whole.
        <span className="break-words [word-break:normal]">
          {t('admin.campaigns.email.description', { name, date: formatDate(campaign.createdAt) })}
        </span>
      }
      closeLabel={t('admin.campaigns.email.close')}
    >
      {open && <CampaignEmail id={campaign.id} />}
    </DetailDialog>
  );
}

function CampaignEmail({ id }: { id: string }) {
  const { t } = useTranslation();
  const email = useQuery(campaignEmailQueryOptions(id));
  const [chosen, setChosen] = useState<TLocale | null>(null);

  if (!email.data) {
    return email.isError ? (
      <div role="alert" className="mt-6 rounded-2xl bg-surface-sunken p-5">
        <p>{t('admin.campaigns.email.failed')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void email.refetch()}>
          {t('admin.editor.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" className="mt-6 flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('admin.campaigns.email.loading')}
      </p>
    );
  }

  const { versions, kept } = email.data;
  const language = chosen ?? versions[0]?.language ?? 'en';
  return (
    <div className="mt-5">
      <p className="flex items-start gap-2 text-sm text-fg-muted">
        <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          {!kept && `${t('admin.campaigns.email.notKept')} `}
          {t('admin.campaigns.email.sampleLink')}
        </span>
      </p>
      <Tabs className="mt-4" value={language} onValueChange={(value) => isLocale(value) && setChosen(value)}>
        <TabsList aria-label={t('admin.campaigns.email.languages')}>
          {versions.map((version) => (
            <TabsTrigger key={version.language} value={version.language}>
              {t(`admin.editor.language.${version.language}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {versions.map((version) => (
          <TabsContent key={version.language} value={version.language}>
            <div className="mt-3 rounded-2xl border border-border bg-surface-sunken p-3 sm:p-4">
              <p className="text-sm break-words" lang={version.language}>
                <span className="font-medium text-fg-muted">{t('admin.campaigns.email.subject')} </span>
                {version.subject}
              </p>
              <iframe
                title={t('admin.campaigns.email.frameTitle', {
                  language: t(`admin.editor.language.${version.language}`),
                })}
                sandbox=""
                srcDoc={version.html}
                className="mt-3 block h-[60dvh] min-h-80 w-full rounded-xl border-0 bg-white"
              />
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium">
                  {t('admin.campaigns.email.plainText')}
                </summary>
                <pre
                  lang={version.language}
                  className="mt-2 max-h-80 overflow-auto rounded-xl bg-surface p-3 text-sm whitespace-pre-wrap break-words"
                >
                  {version.text}
                </pre>
              </details>
            </div>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { type CampaignMessageStatus, campaignActions } from '@shared/domain/campaigns';
import { LOCALES } from '@shared/domain/locale';
import { NEWSLETTER_NAME_MAX_LENGTH } from '@shared/domain/newsletters';
import type { TCampaign, TCampaignRecipient } from '@shared/schemas/campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown, CircleStop, Copy, Pause, Play } from 'lucide-react';
import { Progress as RadixProgress } from 'radix-ui';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  type CampaignAction,
  campaignListQueryOptions,
  campaignRecipientsQueryOptions,
  useCampaignAction,
  useDuplicateCampaign,
} from '../api/campaigns';
import { useCampaignEvents } from '../hooks/use-campaign-events';
import { useCampaignWords } from '../hooks/use-campaign-words';
import { campaignBadge, campaignTally } from '../lib/campaign-view';
import { requestDraftOpen } from '../lib/draft-open-requests';
import { CampaignEmailDialog } from './campaign-email-dialog';
import { useFormatDate } from './content-editor-parts';
import { LiveIndicator } from './live-indicator';

const MESSAGE_TONES: Record<CampaignMessageStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'accent',
  sent: 'success',
  failed: 'danger',
  bounced: 'danger',
  cancelled: 'neutral',
};

/** Recipients shown when the list opens, and the most the server gives at once. */
const RECIPIENTS_PAGE = 100;
const RECIPIENTS_MAX = 500;
/** While a campaign sends, its open recipient list is reloaded this often. */
const RECIPIENTS_REFRESH_MS = 3000;

/**
 * The newsletters sent so far (issue 7), newest first, each with its live progress, its counts and the
 * controls to pause, resume or cancel it, and its recipients on demand (failed ones first).
 */
export function CampaignHistory() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useQuery(campaignListQueryOptions);
  const live = useCampaignEvents();
  const campaigns = list.data?.campaigns;

  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-border pt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-display text-xl font-semibold">
          {t('admin.campaigns.history.title')}
        </h3>
        <LiveIndicator status={live} hint={t('admin.campaigns.liveHint')} />
      </div>
      <p className="mt-2 text-sm text-fg-muted">{t('admin.campaigns.history.intro')}</p>

      {!campaigns ? (
        list.isError ? (
          <div role="alert" className="mt-4 rounded-2xl bg-surface-sunken p-5">
            <p>
              {isAdminSessionMissing(list.error)
                ? t('admin.newsletters.loginRequired')
                : t('admin.campaigns.history.loadFailed')}
            </p>
            {!isAdminSessionMissing(list.error) && (
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => void list.refetch()}>
                {t('admin.editor.retry')}
              </Button>
            )}
          </div>
        ) : (
          <HistorySkeleton />
        )
      ) : campaigns.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-surface-sunken p-5 text-fg-muted">
          {t('admin.campaigns.history.empty')}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mt-4 space-y-4">
      <span className="sr-only">{t('admin.campaigns.history.loading')}</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden="true" className="animate-pulse rounded-2xl border border-border p-5">
          <div className="h-5 w-2/5 rounded-full bg-surface-sunken" />
          <div className="mt-3 h-4 w-3/5 rounded-full bg-surface-sunken" />
          <div className="mt-5 h-3 w-full rounded-full bg-surface-sunken" />
          <div className="mt-3 h-4 w-1/2 rounded-full bg-surface-sunken" />
        </div>
      ))}
    </div>
  );
}

function CampaignCard({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  const formatDate = useFormatDate();
  const recipientsId = useId();
  const [showRecipients, setShowRecipients] = useState(false);
  const name = campaign.name.trim() || t('admin.campaigns.untitled');
  const tally = campaignTally(campaign.counts);
  const languages = LOCALES.map((locale) => ({ locale, count: campaign.byLanguage[locale] })).filter(
    (part) => part.count > 0,
  );
  // The subject of each language someone got; both when the counts say nothing.
  const subjectLocales = languages.length > 0 ? languages.map((part) => part.locale) : LOCALES;
  const started = campaign.createdBy
    ? t('admin.campaigns.startedBy', { date: formatDate(campaign.createdAt), by: campaign.createdBy })
    : t('admin.campaigns.started', { date: formatDate(campaign.createdAt) });
  const counts = {
    sent: tally.sent,
    total: tally.total,
    failed: tally.failed + tally.bounced,
    pending: tally.pending,
    cancelled: tally.cancelled,
  };
  const badge = campaignBadge(campaign);
  const valueText =
    tally.cancelled > 0
      ? t('admin.campaigns.progressValueCancelled', counts)
      : t('admin.campaigns.progressValue', counts);

  return (
    <li
      className="rounded-2xl border border-border bg-surface-raised p-4 sm:p-5"
      data-status={campaign.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-semibold break-words">{name}</h4>
          <p className="mt-1 text-sm text-fg-muted">
            {started}
            {campaign.finishedAt && (
              <>
                {' · '}
                {t('admin.campaigns.finished', { date: formatDate(campaign.finishedAt) })}
              </>
            )}
          </p>
        </div>
        <Badge tone={badge.tone} wrap>
          {t(badge.key, badge.params)}
        </Badge>
      </div>
      {campaign.stopped && (
        <p className="mt-3 rounded-xl bg-surface-sunken p-3 text-sm">{t('admin.campaigns.stoppedNote')}</p>
      )}

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {subjectLocales.map((locale) => (
          <Fragment key={locale}>
            <dt className="text-fg-muted">
              {t('admin.campaigns.subject', { language: t(`admin.editor.language.${locale}`) })}
            </dt>
            <dd className="-mt-1.5 break-words sm:mt-0" lang={locale}>
              {campaign.subjects[locale]}
            </dd>
          </Fragment>
        ))}
        <dt className="text-fg-muted">{t('admin.campaigns.recipientsLabel')}</dt>
        <dd className="-mt-1.5 sm:mt-0">{words.languages(languages)}</dd>
        <dt className="text-fg-muted">{t('admin.campaigns.rateLabel')}</dt>
        <dd className="-mt-1.5 sm:mt-0">
          {t('admin.campaigns.rateShown', { rate: campaign.ratePerSecond })}
        </dd>
      </dl>

      <CampaignProgress
        label={t('admin.campaigns.progressLabel', { name })}
        valueText={valueText}
        tally={tally}
      />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums" aria-hidden="true">
        <LegendItem className="bg-accent">
          {t('admin.campaigns.count.sent', { count: tally.sent })}
        </LegendItem>
        <LegendItem className="bg-danger">
          {t('admin.campaigns.count.failed', { count: tally.failed })}
        </LegendItem>
        {tally.bounced > 0 && (
          <LegendItem className="bg-danger">
            {t('admin.campaigns.count.bounced', { count: tally.bounced })}
          </LegendItem>
        )}
        <LegendItem className="border border-border bg-surface-sunken">
          {t('admin.campaigns.count.pending', { count: tally.pending })}
        </LegendItem>
        {tally.cancelled > 0 && (
          <LegendItem className="bg-fg-muted/50">
            {t('admin.campaigns.count.cancelled', { count: tally.cancelled })}
          </LegendItem>
        )}
      </ul>
      <p className="mt-2 text-sm text-fg-muted tabular-nums">
        {t('admin.campaigns.count.unsubscribed', { count: tally.unsubscribed })}
      </p>

      {campaign.bcc.length > 0 && (
        <p className="mt-3 text-sm break-words text-fg-muted">
          {t('admin.campaigns.bcc', { bcc: campaign.bcc.join(', ') })}
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <CampaignControls campaign={campaign} name={name} pending={tally.pending} />
        <CampaignEmailDialog campaign={campaign} name={name} />
        <DuplicateCampaign campaign={campaign} name={name} />
        <Button
          variant="ghost"
          size="sm"
          className="sm:ml-auto"
          aria-expanded={showRecipients}
          aria-controls={recipientsId}
          onClick={() => setShowRecipients((open) => !open)}
        >
          <ChevronDown
            className={cn('size-4 transition-transform', showRecipients && 'rotate-180')}
            aria-hidden="true"
          />
          {showRecipients ? t('admin.campaigns.recipients.hide') : t('admin.campaigns.recipients.show')}
        </Button>
      </div>
      <div id={recipientsId}>{showRecipients && <CampaignRecipients campaign={campaign} name={name} />}</div>
    </li>
  );
}

function LegendItem({ className, children }: { className: string; children: string }) {
  return (
    <li className="flex items-center gap-2">
      <span className={cn('size-2.5 rounded-full', className)} />
      {children}
    </li>
  );
}

/**
 * The campaign's progress bar: sent, failed and cancelled messages as segments of one bar, read out as
 * "120 of 300 sent, 3 failed, 177 pending".
 */
function CampaignProgress({
  label,
  valueText,
  tally,
}: {
  label: string;
  valueText: string;
  tally: ReturnType<typeof campaignTally>;
}) {
  const segment = 'h-full shrink-0 transition-[width] duration-500 ease-out';
  return (
    <RadixProgress.Root
      value={Math.round(tally.progress * 100)}
      max={100}
      aria-label={label}
      getValueLabel={() => valueText}
      className="mt-5 flex h-3 w-full overflow-hidden rounded-full bg-surface-sunken"
    >
      <span className={cn(segment, 'bg-accent')} style={{ width: `${tally.percent.sent}%` }} />
      <span className={cn(segment, 'bg-danger')} style={{ width: `${tally.percent.failed}%` }} />
      <span className={cn(segment, 'bg-fg-muted/50')} style={{ width: `${tally.percent.cancelled}%` }} />
    </RadixProgress.Root>
  );
}

/** Pause, resume and cancel, as far as the campaign's status allows. */
function CampaignControls({
  campaign,
  name,
  pending,
}: {
  campaign: TCampaign;
  name: string;
  pending: number;
}) {
  const { t } = useTranslation();
  const action = useCampaignAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Held by the emergency stop: it goes on by itself when auto-send is on again, so only cancel is offered.
  const allowed = campaign.stopped
    ? { pause: false, resume: false, cancel: true }
    : campaignActions(campaign.status);
  // Pause while sending, resume while paused: never both.
  const toggle = allowed.pause ? 'pause' : allowed.resume ? 'resume' : null;
  const busy = (which: CampaignAction) => action.isPending && action.variables?.action === which;

  const run = (which: CampaignAction) =>
    action.mutate(
      { id: campaign.id, action: which },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          const done = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;
          toast.success(t(`admin.campaigns.${done[which]}`, { name }));
        },
        onError: (error) => {
          setConfirmCancel(false);
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.campaigns.actionFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );

  return (
    <>
      {toggle && (
        <Button
          variant="secondary"
          size="sm"
          disabled={action.isPending}
          aria-busy={busy(toggle) || undefined}
          aria-label={t(`admin.campaigns.${toggle}Named`, { name })}
          onClick={() => run(toggle)}
        >
          {busy(toggle) ? (
            <Spinner className="size-4" />
          ) : toggle === 'pause' ? (
            <Pause className="size-4" aria-hidden="true" />
          ) : (
            <Play className="size-4" aria-hidden="true" />
          )}
          {t(`admin.campaigns.${toggle}`)}
        </Button>
      )}
      {allowed.cancel && (
        <ConfirmDialog
          trigger={
            <Button
              variant="dangerOutline"
              size="sm"
              disabled={action.isPending}
              aria-label={t('admin.campaigns.cancelNamed', { name })}
            >
              <CircleStop className="size-4" aria-hidden="true" />
              {t('admin.campaigns.cancel')}
            </Button>
          }
          open={confirmCancel}
          onOpenChange={setConfirmCancel}
          title={t('admin.campaigns.cancelConfirm.title', { name })}
          description={t('admin.campaigns.cancelConfirm.body', { count: pending })}
          confirmLabel={t('admin.campaigns.cancelConfirm.action')}
          cancelLabel={t('admin.campaigns.cancelConfirm.keep')}
          pendingLabel={t('admin.campaigns.cancelConfirm.pending')}
          pending={busy('cancel')}
          onConfirm={() => run('cancel')}
        />
      )}
    </>
  );
}

/** A new draft of the campaign's texts, opened in the composer above (unless it holds unsaved changes). */
function DuplicateCampaign({ campaign, name }: { campaign: TCampaign; name: string }) {
  const { t } = useTranslation();
  const duplicate = useDuplicateCampaign();
  const run = () =>
    duplicate.mutate(
      {
        id: campaign.id,
        name: t('admin.campaigns.duplicate.name', { name }).slice(0, NEWSLETTER_NAME_MAX_LENGTH),
      },
      {
        onSuccess: (draft) => {
          toast.success(t('admin.campaigns.duplicate.done', { name: draft.name }));
          requestDraftOpen(draft);
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.campaigns.duplicate.failed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={duplicate.isPending}
      aria-busy={duplicate.isPending || undefined}
      aria-label={t('admin.campaigns.duplicate.named', { name })}
      onClick={run}
    >
      {duplicate.isPending ? <Spinner className="size-4" /> : <Copy className="size-4" aria-hidden="true" />}
      {t('admin.campaigns.duplicate.button')}
    </Button>
  );
}

/** The campaign's recipients with their status, attempts and last error; failed ones first. */
function CampaignRecipients({ campaign, name }: { campaign: TCampaign; name: string }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(RECIPIENTS_PAGE);
  const recipients = useQuery({
    ...campaignRecipientsQueryOptions(campaign.id, limit),
    placeholderData: keepPreviousData,
    refetchInterval: campaign.status === 'sending' ? RECIPIENTS_REFRESH_MS : false,
  });
  const data = recipients.data;
  const caption = t('admin.campaigns.recipients.caption', { name });

  if (!data) {
    return recipients.isError ? (
      <div role="alert" className="mt-4 rounded-2xl bg-surface-sunken p-4">
        <p>{t('admin.campaigns.recipients.failed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void recipients.refetch()}>
          {t('admin.editor.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" className="mt-4 flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('admin.campaigns.recipients.loading')}
      </p>
    );
  }

  return (
    <div className="mt-4">
      {/* Focusable, so the list scrolls by keyboard too (it holds nothing else to focus). */}
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-xl border border-border"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-surface-sunken">
            <tr>
              <th scope="col" className="py-2 pr-3 pl-3 font-semibold">
                {t('admin.campaigns.recipients.column.email')}
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                {t('admin.campaigns.recipients.column.language')}
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                {t('admin.campaigns.recipients.column.status')}
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                {t('admin.campaigns.recipients.column.attempts')}
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                {t('admin.campaigns.recipients.column.lastError')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.recipients.map((recipient) => (
              <RecipientRow key={recipient.email} recipient={recipient} />
            ))}
          </tbody>
        </table>
      </section>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
        <p>{t('admin.campaigns.recipients.showing', { shown: data.recipients.length, total: data.total })}</p>
        {data.total > data.recipients.length && limit < RECIPIENTS_MAX && (
          <Button
            variant="ghost"
            size="sm"
            disabled={recipients.isFetching}
            onClick={() => setLimit(Math.min(limit * 2 + RECIPIENTS_PAGE, RECIPIENTS_MAX))}
          >
            {recipients.isFetching && <Spinner className="size-4" />}
            {t('admin.campaigns.recipients.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** One recipient: a table row on wide screens; on narrow ones the details sit under the address. */
function RecipientRow({ recipient }: { recipient: TCampaignRecipient }) {
  const { t } = useTranslation();
  const status = (
    <Badge tone={MESSAGE_TONES[recipient.status]}>
      {t(`admin.campaigns.recipients.status.${recipient.status}`)}
    </Badge>
  );
  const language = t(`admin.editor.language.${recipient.language}`);
  return (
    <tr className="border-t border-border align-top">
      <td className="py-2 pr-3 pl-3">
        <span className="font-medium break-all">{recipient.email}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-fg-muted md:hidden">
          <span>{language}</span>
          {status}
          <span>{t('admin.campaigns.recipients.attempts', { count: recipient.attempts })}</span>
        </span>
        {recipient.lastError && (
          <span className="mt-1 block break-words text-danger md:hidden">{recipient.lastError}</span>
        )}
      </td>
      <td className="hidden py-2 pr-3 text-fg-muted md:table-cell">{language}</td>
      <td className="hidden py-2 pr-3 md:table-cell">{status}</td>
      <td className="hidden py-2 pr-3 tabular-nums md:table-cell">{recipient.attempts}</td>
      <td className="hidden max-w-xs py-2 pr-3 break-words md:table-cell">
        {recipient.lastError ?? (
          <span className="text-fg-muted">{t('admin.campaigns.recipients.noError')}</span>
        )}
      </td>
    </tr>
  );
}

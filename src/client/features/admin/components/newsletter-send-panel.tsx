import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  CAMPAIGN_DEFAULT_RATE_PER_SECOND,
  CAMPAIGN_MAX_RATE_PER_SECOND,
  CAMPAIGN_MIN_RATE_PER_SECOND,
} from '@shared/domain/campaigns';
import type { TLocale } from '@shared/domain/locale';
import type { TCampaignPlan } from '@shared/schemas/campaigns';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Send, Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { campaignPlanQueryOptions, useStartCampaign } from '../api/campaigns';
import { emailSettingsKey, emailSettingsQueryOptions } from '../api/mail';
import { useCampaignWords } from '../hooks/use-campaign-words';
import { useDebounced } from '../hooks/use-debounced';
import { useRecipientSelection } from '../hooks/use-recipient-selection';
import { localesMissingSubject, parseRate, planSummary, sendingDuration } from '../lib/campaign-send';
import { type ComposerState, saveBody } from '../lib/newsletter-composer';
import { type RecipientSelection, recipientSelection } from '../lib/recipient-selection';

/** Wait after the last change of the selection before asking who would receive the newsletter. */
const PLAN_DEBOUNCE_MS = 300;

const planRequest = (selection: RecipientSelection) =>
  campaignPlanQueryOptions({ version: selection.version, entryIds: () => [...selection.ids] });

/**
 * Sending the newsletter on screen (spec §2, §5, §8; issue 7) to the addresses selected in the newsletter
 * list: who of them would receive it (per language) and who is left out and why, the sending speed, and a
 * confirmation. The server saves the texts as a draft and starts the campaign in one step; afterwards the
 * composer starts over with the default texts and the selection is cleared.
 */
export function NewsletterSendPanel({
  composer,
  checkTexts,
  showSubject,
  onSent,
  onRefused,
  draftNote,
}: {
  composer: ComposerState;
  /** What sending does to the loaded draft first (its next version), said in the confirmation. */
  draftNote?: string;
  /** Checks the texts as a save does, showing the first problem under `failTitle`; false stops the send. */
  checkTexts: (failTitle: string) => boolean;
  /** Opens a language's tab and focuses its subject line. */
  showSubject: (locale: TLocale) => void;
  /** The campaign started: start the composer over. */
  onSent: () => void;
  /** The server refused the campaign with this error code. */
  onRefused: (code: string) => void;
}) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  const headingId = useId();
  const queryClient = useQueryClient();
  const selection = useRecipientSelection();
  const settled = useDebounced(selection, PLAN_DEBOUNCE_MS);
  const plan = useQuery({
    ...planRequest(settled),
    enabled: settled.ids.size > 0,
    placeholderData: keepPreviousData,
  });
  const settings = useQuery(emailSettingsQueryOptions);
  const start = useStartCampaign();
  const rateRef = useRef<HTMLInputElement>(null);
  const [rateText, setRateText] = useState(String(CAMPAIGN_DEFAULT_RATE_PER_SECOND));
  const [rateChecked, setRateChecked] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<TCampaignPlan | null>(null);

  const rate = parseRate(rateText);
  const emailRouting = t('admin.sections.emailRouting.title');
  const name = composer.name.trim();
  const failTitle = t('admin.campaigns.sendFailed');

  const prepare = async () => {
    if (checking || start.isPending) return;
    if (selection.ids.size === 0) {
      toast.error(t('errors.no_recipients'));
      return;
    }
    if (rate === null) {
      setRateChecked(true);
      rateRef.current?.focus();
      return;
    }
    if (!checkTexts(failTitle)) return;
    setChecking(true);
    let fresh: TCampaignPlan;
    try {
      // Asked again, not taken from the screen: someone may have confirmed or unsubscribed meanwhile.
      fresh = await queryClient.fetchQuery({ ...planRequest(selection), staleTime: 0 });
    } catch (error) {
      if (!isAdminSessionMissing(error)) toast.error(failTitle, { description: t(errorMessageKey(error)) });
      return;
    } finally {
      setChecking(false);
    }
    if (fresh.recipients === 0) {
      toast.error(failTitle, { description: t('errors.no_eligible_recipients') });
      return;
    }
    const [missingSubject] = localesMissingSubject(composer.content, fresh.byLanguage);
    if (missingSubject) {
      showSubject(missingSubject);
      toast.error(failTitle, { description: t('errors.subject_required') });
      return;
    }
    setConfirming(fresh);
  };

  const send = () => {
    if (!confirming || rate === null) return;
    // The texts as a save sends them (trimmed name and link), for the draft the server saves first.
    const { name: draftName, content } = saveBody(composer, 'newsletter');
    start.mutate(
      {
        entryIds: [...selection.ids],
        draftId: composer.draftId,
        baseVersion: composer.version ?? undefined,
        name: draftName,
        content,
        ratePerSecond: rate,
      },
      {
        onSuccess: ({ campaign, plan: sent }) => {
          setConfirming(null);
          toast.success(
            t('admin.campaigns.started', {
              name: campaign.name.trim() || t('admin.campaigns.untitled'),
              count: sent.recipients,
            }),
            { description: t('admin.campaigns.startedDescription') },
          );
          recipientSelection.reset();
          setRateText(String(CAMPAIGN_DEFAULT_RATE_PER_SECOND));
          setRateChecked(false);
          onSent();
        },
        onError: (error) => {
          setConfirming(null);
          if (isAdminSessionMissing(error)) return;
          const code = error instanceof ApiError ? error.code : 'unknown';
          if (code === 'sending_paused') {
            toast.error(t('errors.sending_paused'), {
              description: t('admin.campaigns.pausedHint', { section: emailRouting }),
            });
            void queryClient.invalidateQueries({ queryKey: emailSettingsKey });
          } else {
            toast.error(failTitle, { description: t(errorMessageKey(error)) });
          }
          onRefused(code);
        },
      },
    );
  };

  const summary = confirming ? planSummary(confirming) : null;
  const rateError =
    rateChecked && rate === null
      ? t('admin.campaigns.rate.error', {
          min: CAMPAIGN_MIN_RATE_PER_SECOND,
          max: CAMPAIGN_MAX_RATE_PER_SECOND,
        })
      : undefined;
  const globalBcc = settings.data?.globalBcc?.trim();

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-border p-4 sm:p-6">
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {t('admin.campaigns.send.title')}
      </h3>

      {settings.data?.autoSend === false && (
        <p className="mt-4 flex items-start gap-2 rounded-xl bg-danger/10 p-3 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          {t('admin.campaigns.send.autoSendOff', { section: emailRouting })}
        </p>
      )}

      <div className="mt-4 flex items-start gap-3 rounded-xl bg-surface-sunken p-4">
        <Users className="mt-0.5 hidden size-5 shrink-0 text-accent sm:block" aria-hidden="true" />
        <div className="min-h-12 min-w-0 flex-1" aria-live="polite">
          {selection.ids.size === 0 ? (
            <p className="text-fg-muted">
              {t('admin.campaigns.send.noneSelected', {
                section: t('admin.sections.newsletterList.title'),
              })}
            </p>
          ) : (
            <>
              <p className="font-semibold">
                {t('admin.campaigns.send.selected', { count: selection.ids.size })}
              </p>
              <PlanLines
                plan={plan.data}
                updating={settled !== selection || plan.isFetching}
                failed={plan.isError && !isAdminSessionMissing(plan.error)}
                rate={rate}
                onRetry={() => void plan.refetch()}
              />
            </>
          )}
        </div>
      </div>

      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <Field
          className="sm:max-w-sm"
          label={t('admin.campaigns.rate.label')}
          hint={t('admin.campaigns.rate.hint', { rate: CAMPAIGN_DEFAULT_RATE_PER_SECOND })}
          error={rateError}
        >
          {(control) => (
            <Input
              {...control}
              ref={rateRef}
              type="number"
              inputMode="numeric"
              min={CAMPAIGN_MIN_RATE_PER_SECOND}
              max={CAMPAIGN_MAX_RATE_PER_SECOND}
              step={1}
              value={rateText}
              className="max-w-40 tabular-nums"
              onChange={(event) => setRateText(event.target.value)}
              onBlur={() => setRateChecked(true)}
            />
          )}
        </Field>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              className="shrink-0 self-start sm:mt-7"
              aria-busy={checking || undefined}
              aria-disabled={checking || undefined}
            >
              {checking ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
              {t('admin.campaigns.send.button')}
            </Button>
          }
          open={confirming !== null}
          onOpenChange={(open) => {
            if (open) void prepare();
            else setConfirming(null);
          }}
          title={
            name
              ? t('admin.campaigns.confirm.title', { name, count: summary?.recipients ?? 0 })
              : t('admin.campaigns.confirm.titleUntitled', { count: summary?.recipients ?? 0 })
          }
          description={
            summary && (
              <>
                <span className="block">
                  {t('admin.campaigns.confirm.languages', { languages: words.languages(summary.languages) })}
                </span>
                {summary.leftOutTotal > 0 && <span className="mt-2 block">{words.leftOut(summary)}</span>}
                {draftNote && <span className="mt-2 block">{draftNote}</span>}
                <span className="mt-2 block">
                  {t('admin.campaigns.confirm.body', { rate: rate ?? CAMPAIGN_DEFAULT_RATE_PER_SECOND })}
                </span>
              </>
            )
          }
          confirmLabel={t('admin.campaigns.confirm.action')}
          cancelLabel={t('common.cancel')}
          pendingLabel={t('admin.campaigns.confirm.pending')}
          pending={start.isPending}
          onConfirm={send}
        />
      </div>
      {checking && (
        <p role="status" className="sr-only">
          {t('admin.campaigns.send.checking')}
        </p>
      )}

      {globalBcc && (
        <p className="mt-4 text-sm text-fg-muted">{t('admin.campaigns.send.bccNote', { bcc: globalBcc })}</p>
      )}
    </section>
  );
}

/** Who of the selection would receive the newsletter, per language, and who is left out and why. */
function PlanLines({
  plan,
  updating,
  failed,
  rate,
  onRetry,
}: {
  plan: TCampaignPlan | undefined;
  updating: boolean;
  failed: boolean;
  rate: number | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  if (failed && !updating) {
    return (
      <div className="mt-1">
        <p className="text-danger">{t('admin.campaigns.plan.failed')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          {t('admin.editor.retry')}
        </Button>
      </div>
    );
  }
  if (!plan) {
    return (
      <p className="mt-1 flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('admin.campaigns.plan.loading')}
      </p>
    );
  }
  const summary = planSummary(plan);
  return (
    <div className={cn('mt-1 space-y-1 transition-opacity', updating && 'opacity-60')} aria-busy={updating}>
      <p>{words.recipients(summary)}</p>
      {summary.leftOutTotal > 0 && <p className="text-fg-muted">{words.leftOut(summary)}</p>}
      {summary.recipients > 0 && rate !== null && (
        <p className="text-sm text-fg-muted">
          {t('admin.campaigns.plan.duration', {
            duration: words.duration(sendingDuration(summary.recipients, rate)),
          })}
        </p>
      )}
    </div>
  );
}

import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import {
  INVITATION_EXCLUSION_REASONS,
  INVITATION_RATE_PER_SECOND,
  INVITATION_VALID_DAYS,
  type InvitationExclusionReason,
} from '@shared/domain/invitations';
import type { TInvitationPlan } from '@shared/schemas/invitations';
import type { TWaitlistSelection } from '@shared/schemas/waitlist-list';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { fetchInvitationPlan, useInviteEntries } from '../api/invitations';
import { useCampaignWords } from '../hooks/use-campaign-words';
import { type PlanSummary, sendingDuration, summarizePlan } from '../lib/campaign-send';

/**
 * "Invite" for the newsletter-list selection (decision 021): asks the server who of it would be invited
 * (confirmed, subscribed, without an account or a working invitation), says so in the confirmation, with who
 * is left out and why, as the newsletter send panel does; then invites them.
 */
export function InviteSelection({
  selection,
  onInvited,
}: {
  /** The list's selection (decision 044), resolved by the server; null when nothing is selected. */
  selection: TWaitlistSelection | null;
  onInvited: () => void;
}) {
  const { t, i18n } = useTranslation();
  const words = useCampaignWords();
  const invite = useInviteEntries();
  const [checking, setChecking] = useState(false);
  const [plan, setPlan] = useState<TInvitationPlan | null>(null);

  const prepare = async () => {
    if (checking || invite.isPending) return;
    if (!selection) {
      toast.error(t('admin.invitations.noneSelected'));
      return;
    }
    setChecking(true);
    try {
      const fresh = await fetchInvitationPlan({ selection });
      if (fresh.invitable === 0) {
        const summary = summarizePlan({ ...fresh, recipients: 0 }, INVITATION_EXCLUSION_REASONS);
        toast.error(t('admin.invitations.nobodyToInvite'), { description: leftOutText(summary) });
        return;
      }
      setPlan(fresh);
    } catch (error) {
      if (!isAdminSessionMissing(error))
        toast.error(t('admin.invitations.failed'), { description: t(errorMessageKey(error)) });
    } finally {
      setChecking(false);
    }
  };

  const leftOutText = (summary: PlanSummary<InvitationExclusionReason>) =>
    t('admin.invitations.plan.leftOut', {
      count: summary.leftOutTotal,
      reasons: new Intl.ListFormat(i18n.language, { style: 'long', type: 'unit' }).format(
        summary.leftOut.map(({ reason, count }) => t(`admin.invitations.plan.reason.${reason}`, { count })),
      ),
    });

  const summary = plan
    ? summarizePlan({ ...plan, recipients: plan.invitable }, INVITATION_EXCLUSION_REASONS)
    : null;
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button
            variant="secondary"
            size="sm"
            aria-busy={checking || undefined}
            aria-disabled={checking || undefined}
          >
            {checking ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
            {t('admin.invitations.invite')}
          </Button>
        }
        open={plan !== null}
        onOpenChange={(open) => {
          if (open) void prepare();
          else setPlan(null);
        }}
        title={t('admin.invitations.confirm.title', { count: summary?.recipients ?? 0 })}
        description={
          summary && (
            <>
              <span className="block">
                {t('admin.invitations.confirm.languages', { languages: words.languages(summary.languages) })}
              </span>
              {summary.leftOutTotal > 0 && <span className="mt-2 block">{leftOutText(summary)}</span>}
              <span className="mt-2 block">
                {t('admin.invitations.confirm.body', {
                  days: INVITATION_VALID_DAYS,
                  rate: INVITATION_RATE_PER_SECOND,
                  duration: words.duration(sendingDuration(summary.recipients, INVITATION_RATE_PER_SECOND)),
                })}
              </span>
            </>
          )
        }
        confirmLabel={t('admin.invitations.confirm.action')}
        cancelLabel={t('common.cancel')}
        pendingLabel={t('admin.invitations.confirm.pending')}
        pending={invite.isPending}
        tone="default"
        onConfirm={() =>
          selection &&
          invite.mutate(
            { selection },
            {
              onSuccess: ({ invited }) => {
                setPlan(null);
                toast.success(t('admin.invitations.invited', { count: invited }), {
                  description: t('admin.invitations.invitedHint'),
                });
                onInvited();
              },
              onError: (error) => {
                setPlan(null);
                if (!isAdminSessionMissing(error)) {
                  toast.error(t('admin.invitations.failed'), { description: t(errorMessageKey(error)) });
                }
              },
            },
          )
        }
      />
      {checking && (
        <p role="status" className="sr-only">
          {t('admin.invitations.checking')}
        </p>
      )}
    </>
  );
}

import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { DetailDialog } from '@client/components/ui/detail-dialog';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { canResendInvitation, canRevokeInvitation } from '@shared/domain/invitations';
import type { TInvitationSummary } from '@shared/schemas/admin';
import { MailCheck, RotateCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { useInvitationAction } from '../api/invitations';
import { INVITATION_STATE_TONES } from '../lib/invitation-view';

/** The state of an address's invitation as a badge: "not invited", "invited 3 Mar", "accepted", … */
export function InvitationBadge({
  invitation,
  formatDay,
}: {
  invitation: TInvitationSummary | null;
  formatDay: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const state = invitation?.state ?? 'none';
  let text = t(`admin.invitations.state.${state}`);
  if (invitation && (state === 'invited' || state === 'sending' || state === 'mail_failed')) {
    text = t(`admin.invitations.stateOn.${state}`, { date: formatDay(invitation.invitedAt) });
  } else if (invitation?.acceptedAt && state === 'accepted') {
    text = t('admin.invitations.stateOn.accepted', { date: formatDay(invitation.acceptedAt) });
  }
  return (
    <Badge tone={INVITATION_STATE_TONES[state]} data-invitation={state}>
      {text}
    </Badge>
  );
}

/**
 * An address's invitation, opened from the list: its state and dates, and sending it again or taking it
 * back (each confirmed; the old link stops working either way).
 */
export function InvitationDialog({
  email,
  invitation,
  formatDate,
  formatDay,
}: {
  email: string;
  invitation: TInvitationSummary;
  formatDate: (iso: string) => string;
  formatDay: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const act = useInvitationAction();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<'resend' | 'revoke' | null>(null);
  const run = (action: 'resend' | 'revoke') =>
    act.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () => {
          toast.success(t(`admin.invitations.done.${action}`, { email }));
          setOpen(false);
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.invitations.failed'), { description: t(errorMessageKey(error)) });
        },
        onSettled: () => setConfirming(null),
      },
    );
  return (
    <DetailDialog
      open={open}
      onOpenChange={setOpen}
      title={t('admin.invitations.dialogTitle')}
      description={email}
      closeLabel={t('common.close')}
      trigger={
        <button
          type="button"
          className="rounded-full outline-offset-2"
          aria-label={t('admin.invitations.open', { email })}
        >
          <InvitationBadge invitation={invitation} formatDay={formatDay} />
        </button>
      }
    >
      <dl className="mt-5 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">{t('admin.invitations.stateLabel')}</dt>
          <dd>
            <InvitationBadge invitation={invitation} formatDay={formatDay} />
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">{t('admin.invitations.invitedAt')}</dt>
          <dd>{formatDate(invitation.invitedAt)}</dd>
        </div>
        {invitation.acceptedAt ? (
          <div className="flex justify-between gap-4">
            <dt className="text-fg-muted">{t('admin.invitations.acceptedAt')}</dt>
            <dd>{formatDate(invitation.acceptedAt)}</dd>
          </div>
        ) : (
          <div className="flex justify-between gap-4">
            <dt className="text-fg-muted">{t('admin.invitations.expiresAt')}</dt>
            <dd>{formatDate(invitation.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {invitation.state === 'accepted' ? (
        <p className="mt-6 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm">
          <MailCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          {t('admin.invitations.acceptedNote')}
        </p>
      ) : (
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {canRevokeInvitation(invitation.state) && (
            <ConfirmDialog
              trigger={
                <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
                  <Undo2 className="size-4" aria-hidden="true" />
                  {t('admin.invitations.revoke')}
                </button>
              }
              open={confirming === 'revoke'}
              onOpenChange={(next) => setConfirming(next ? 'revoke' : null)}
              title={t('admin.invitations.confirmRevoke.title')}
              description={t('admin.invitations.confirmRevoke.body', { email })}
              confirmLabel={t('admin.invitations.revoke')}
              cancelLabel={t('common.cancel')}
              pendingLabel={t('admin.account.working')}
              pending={act.isPending}
              onConfirm={() => run('revoke')}
            />
          )}
          {canResendInvitation(invitation.state) && (
            <ConfirmDialog
              trigger={
                <Button>
                  <RotateCw className="size-4" aria-hidden="true" />
                  {t('admin.invitations.resend')}
                </Button>
              }
              open={confirming === 'resend'}
              onOpenChange={(next) => setConfirming(next ? 'resend' : null)}
              title={t('admin.invitations.confirmResend.title')}
              description={t('admin.invitations.confirmResend.body', { email })}
              confirmLabel={t('admin.invitations.resend')}
              cancelLabel={t('common.cancel')}
              pendingLabel={t('admin.account.working')}
              pending={act.isPending}
              tone="default"
              onConfirm={() => run('resend')}
            />
          )}
        </div>
      )}
    </DetailDialog>
  );
}

import { Badge } from '@client/components/ui/badge';
import { DetailDialog } from '@client/components/ui/detail-dialog';
import { Spinner } from '@client/components/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subscriberDetailQueryOptions } from '../api/waitlist';

const MAIL_TONES = {
  pending: 'neutral',
  held: 'accent',
  sending: 'info',
  sent: 'success',
  dead: 'danger',
  suppressed: 'danger',
} as const;

/** The subscriber a row's address button opened, and that button, which gets the focus back on closing. */
export type OpenedSubscriber = { id: string; email: string; opener: HTMLElement | null };

/**
 * One subscriber for staff (issue 16): their proof of consent (which text, when, from where as a hash,
 * confirmed when and by which e-mail) and every e-mail the outbox holds for them. One dialog for the whole
 * list, opened from an address (a row is a plain button, so a page of 50 does not carry 50 dialogs).
 */
export function SubscriberDetailDialog({
  subscriber,
  open,
  onClose,
  formatDate,
}: {
  /** The last one opened: kept while the dialog closes, so its button gets the focus back. */
  subscriber: OpenedSubscriber | null;
  open: boolean;
  onClose: () => void;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <DetailDialog
      width="xl"
      open={open && subscriber !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      returnFocus={() => subscriber?.opener}
      title={t('admin.waitlist.detail.title')}
      description={subscriber?.email}
      closeLabel={t('common.close')}
    >
      {subscriber && <DetailBody id={subscriber.id} formatDate={formatDate} />}
    </DetailDialog>
  );
}

/** The class of an address in the list, the button that opens its subscriber's details. */
export const SUBSCRIBER_BUTTON_CLASS =
  'break-all text-left font-medium underline decoration-border underline-offset-4 hover:decoration-accent focus-visible:outline-2 focus-visible:outline-accent';

function DetailBody({ id, formatDate }: { id: string; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const detail = useQuery(subscriberDetailQueryOptions(id));
  if (!detail.data) {
    return detail.isError ? (
      <p role="alert" className="mt-5 text-danger">
        {t('admin.waitlist.detail.error')}
      </p>
    ) : (
      <p role="status" className="mt-5 flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4" />
        {t('admin.waitlist.loading')}
      </p>
    );
  }
  const { entry, consent, mails } = detail.data;
  const row = (label: string, value: string | null) => (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="break-all">{value ?? '—'}</dd>
    </div>
  );
  return (
    <>
      <h3 className="mt-6 font-semibold">{t('admin.waitlist.detail.consent')}</h3>
      <dl className="mt-3 space-y-2 text-sm">
        {row(t('admin.waitlist.column.status'), t(`admin.waitlist.status.${entry.status}`))}
        {row(t('admin.waitlist.column.language'), t(`language.${entry.language}`))}
        {row(t('admin.waitlist.column.createdAt'), formatDate(entry.createdAt))}
        {row(
          t('admin.waitlist.detail.textVersion'),
          consent.importedBy
            ? t('admin.waitlist.detail.imported', { staff: consent.importedBy })
            : consent.textVersion,
        )}
        {row(t('admin.waitlist.detail.consentAt'), formatDate(consent.consentAt))}
        {row(t('admin.waitlist.detail.confirmedAt'), consent.confirmedAt && formatDate(consent.confirmedAt))}
        {row(
          t('admin.waitlist.detail.confirmationSentAt'),
          consent.confirmationSentAt && formatDate(consent.confirmationSentAt),
        )}
        {row(
          t('admin.waitlist.detail.unsubscribedAt'),
          entry.unsubscribedAt && formatDate(entry.unsubscribedAt),
        )}
        {row(t('admin.waitlist.detail.ipHash'), consent.ipHash && `${consent.ipHash.slice(0, 16)}…`)}
        {row(t('admin.waitlist.detail.userAgent'), consent.userAgent)}
      </dl>
      <h3 className="mt-6 font-semibold">{t('admin.waitlist.detail.mails', { count: mails.length })}</h3>
      {mails.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">{t('admin.waitlist.detail.noMails')}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-xl bg-surface-sunken px-3 py-2">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words">{mail.subject}</span>
                <Badge tone={MAIL_TONES[mail.status]}>
                  {t(`admin.waitlist.detail.mailStatus.${mail.status}`)}
                </Badge>
              </span>
              <span className="mt-1 block text-fg-muted">
                {formatDate(mail.sentAt ?? mail.createdAt)}
                {mail.lastError && ` · ${mail.lastError}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { Badge } from '@client/components/ui/badge';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TSuppression } from '@shared/schemas/suppression';
import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { suppressionListQueryOptions, useLiftSuppression } from '../api/suppression';
import { EditorLoadState, useFormatDate } from './content-editor-parts';

/**
 * The suppression list (issue 16, decision 043): addresses that bounced for good or complained, which no
 * list mail reaches, with why and since when. Owners may lift an entry (audited); editors see the list.
 */
export function SuppressionPanel({ canLift }: { canLift: boolean }) {
  const { t } = useTranslation();
  const list = useQuery(suppressionListQueryOptions);
  if (!list.isSuccess) {
    return (
      <EditorLoadState
        query={list}
        loginMessage={t('errors.admin_session_missing')}
        errorMessage={t('admin.suppression.loadFailed')}
      />
    );
  }
  const { entries, total } = list.data;
  return (
    <div>
      <p className="text-fg-muted">{t('admin.suppression.intro')}</p>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-surface-sunken p-5 text-fg-muted">{t('admin.suppression.empty')}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-fg-muted">
            {total > entries.length
              ? t('admin.suppression.showingNewest', { shown: entries.length, total })
              : t('admin.suppression.count', { count: total })}
          </p>
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border">
            {entries.map((entry) => (
              <SuppressionRow key={entry.email} entry={entry} canLift={canLift} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function SuppressionRow({ entry, canLift }: { entry: TSuppression; canLift: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const lift = useLiftSuppression();
  const [confirm, setConfirm] = useState(false);

  const run = () =>
    lift.mutate(
      { email: entry.email },
      {
        onSuccess: () => {
          setConfirm(false);
          toast.success(t('admin.suppression.lifted', { email: entry.email }));
        },
        onError: (error) => {
          setConfirm(false);
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.suppression.liftFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-all">{entry.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <Badge tone={entry.reason === 'complaint' ? 'danger' : 'neutral'}>
            {t(`admin.suppression.reason.${entry.reason}`)}
          </Badge>
          <span>{t(`admin.suppression.source.${entry.source}`)}</span>
          <span>{t('admin.suppression.since', { date: formatDate(entry.createdAt) })}</span>
        </p>
        {entry.detail && <p className="mt-1 text-sm break-words text-fg-muted">{entry.detail}</p>}
      </div>
      {canLift && (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={lift.isPending}
              className="inline-flex min-h-9 shrink-0 items-center gap-2 self-start rounded-full border border-border px-3 text-sm font-medium hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              aria-label={t('admin.suppression.liftNamed', { email: entry.email })}
            >
              <Undo2 className="size-4" aria-hidden="true" />
              {t('admin.suppression.lift')}
            </button>
          }
          tone="default"
          open={confirm}
          onOpenChange={setConfirm}
          title={t('admin.suppression.confirm.title', { email: entry.email })}
          description={t('admin.suppression.confirm.body')}
          confirmLabel={t('admin.suppression.confirm.action')}
          cancelLabel={t('admin.suppression.confirm.keep')}
          pendingLabel={t('admin.suppression.confirm.pending')}
          pending={lift.isPending}
          onConfirm={run}
        />
      )}
    </li>
  );
}

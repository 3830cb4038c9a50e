import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { saveFile } from '@client/lib/save-file';
import { toast } from '@client/lib/toast';
import { waitlistCsv, waitlistCsvFileName } from '@shared/domain/csv';
import type { WaitlistStatus } from '@shared/domain/waitlist';
import type { TAdminWaitlistEntry } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Copy, Download, Trash2, X } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { adminWaitlistQueryOptions, useDeleteWaitlistEntries } from '../api/waitlist';
import { useRecipientSelection } from '../hooks/use-recipient-selection';
import { useWaitlistEvents } from '../hooks/use-waitlist-events';
import { copyText } from '../lib/browser';
import { keepOnList, recipientSelection } from '../lib/recipient-selection';
import {
  confirmedIds,
  emailLines,
  filterByEmail,
  newEntryIds,
  selectAllState,
  selectedOnList,
  setRowsSelected,
  toggleSelected,
} from '../lib/waitlist-view';
import { InvitationBadge, InvitationDialog } from './invitation-badge';
import { InviteAddress } from './invite-address';
import { InviteSelection } from './invite-selection';
import { LiveIndicator } from './live-indicator';
import { SearchField } from './search-field';

/** The selection is the page's shared one (the composer sends to it). */
const setSelected = recipientSelection.update;

/** How long a sign-up that arrived live stays highlighted. */
const FRESH_MS = 4500;

const STATUS_TONES: Record<WaitlistStatus, BadgeTone> = {
  unconfirmed: 'neutral',
  confirmed: 'success',
  unsubscribed: 'info',
};

type RowLabels = {
  select: (email: string) => string;
  status: Record<WaitlistStatus, string>;
  language: Record<TAdminWaitlistEntry['language'], string>;
  fresh: string;
  formatDate: (iso: string) => string;
  /** The day alone, for the invitation badges. */
  formatDay: (iso: string) => string;
};

/** One entry: a table row on wide screens; on narrow ones the date, language and consent sit under the e-mail. */
const WaitlistRow = memo(function WaitlistRow({
  entry,
  selected,
  fresh,
  labels,
  onToggle,
}: {
  entry: TAdminWaitlistEntry;
  selected: boolean;
  fresh: boolean;
  labels: RowLabels;
  onToggle: (id: string, checked: boolean) => void;
}) {
  const date = labels.formatDate(entry.createdAt);
  const badge = (
    <Badge tone={STATUS_TONES[entry.status]} data-status={entry.status}>
      {labels.status[entry.status]}
    </Badge>
  );
  const invitation = entry.invitation ? (
    <InvitationDialog
      email={entry.email}
      invitation={entry.invitation}
      formatDate={labels.formatDate}
      formatDay={labels.formatDay}
    />
  ) : (
    <InvitationBadge invitation={null} formatDay={labels.formatDay} />
  );
  return (
    // The checkbox alone shows the selection: restyling thousands of rows on "select all" is slow.
    <tr data-fresh={fresh || undefined} className="border-t border-border data-fresh:bg-info/10">
      <td className="w-12 py-3 pr-2 pl-4 align-top md:align-middle">
        <Checkbox
          aria-label={labels.select(entry.email)}
          checked={selected}
          onChange={(event) => onToggle(entry.id, event.currentTarget.checked)}
          className="mt-0.5 md:mt-0"
        />
      </td>
      <td className="py-3 pr-4">
        <span className="flex flex-wrap items-center gap-2 break-all font-medium">
          {entry.email}
          {fresh && <Badge tone="accent">{labels.fresh}</Badge>}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted md:hidden">
          <time dateTime={entry.createdAt}>{date}</time>
          <span>{labels.language[entry.language]}</span>
          {badge}
          {invitation}
        </span>
      </td>
      <td className="hidden py-3 pr-4 text-sm whitespace-nowrap text-fg-muted md:table-cell">
        <time dateTime={entry.createdAt}>{date}</time>
      </td>
      <td className="hidden py-3 pr-4 text-sm text-fg-muted md:table-cell">
        {labels.language[entry.language]}
      </td>
      <td className="hidden py-3 pr-4 md:table-cell">{badge}</td>
      <td className="hidden py-3 pr-4 md:table-cell">{invitation}</td>
    </tr>
  );
});

/** Remembers which entries arrived since the last load, for a short highlight. */
function useFreshIds(entries: readonly TAdminWaitlistEntry[] | undefined): ReadonlySet<string> {
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!entries) return;
    const added = newEntryIds(seen.current, entries);
    seen.current = new Set(entries.map((entry) => entry.id));
    if (added.size > 0) setFresh(added);
  }, [entries]);
  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(new Set()), FRESH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  return fresh;
}

/**
 * The waiting list for staff (spec §2 "Newsletter list"): every sign-up with its date, language and consent,
 * a search, copying and CSV download of what is shown, and deleting selected entries after a confirmation.
 * New sign-ups appear live. The selection is shared with the newsletter composer, which sends to it.
 */
export function WaitlistPanel() {
  const { t, i18n } = useTranslation();
  const list = useQuery(adminWaitlistQueryOptions);
  const live = useWaitlistEvents();
  const deleteEntries = useDeleteWaitlistEntries();
  const selectConfirmedHintId = useId();
  const [search, setSearch] = useState('');
  const selected = useRecipientSelection().ids;
  const [confirmOpen, setConfirmOpen] = useState(false);

  const entries = list.data?.entries;
  const fresh = useFreshIds(entries);
  const all = useMemo(() => entries ?? [], [entries]);
  // Typing stays quick on long lists: the table follows the search a moment later.
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(() => filterByEmail(all, deferredSearch), [all, deferredSearch]);
  // Only what is shown counts for a delete, so a search never hides what a delete would remove.
  const selectedIds = useMemo(() => selectedOnList(selected, shown), [selected, shown]);
  const allShownState = selectAllState(selected, shown);
  // A newsletter (and an invitation) goes to the whole selection, shown or not.
  const selectedAll = useMemo(() => selectedOnList(selected, all), [selected, all]);
  const selectedCount = selectedAll.length;

  // Entries that left the list (deleted here or elsewhere) leave the selection too.
  useEffect(() => {
    if (entries) setSelected((current) => keepOnList(current, entries));
  }, [entries]);

  const loadFailedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (loadFailedAt === 0 || isAdminSessionMissing(list.error)) return;
    toast.error(t('admin.waitlist.loadError.title'), { description: t('admin.waitlist.loadError.body') });
  }, [loadFailedAt, list.error, t]);

  const labels = useMemo<RowLabels>(() => {
    const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    const days = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return {
      select: (email) => t('admin.waitlist.selectRow', { email }),
      status: {
        unconfirmed: t('admin.waitlist.status.unconfirmed'),
        confirmed: t('admin.waitlist.status.confirmed'),
        unsubscribed: t('admin.waitlist.status.unsubscribed'),
      },
      language: { en: t('language.en'), de: t('language.de') },
      fresh: t('admin.waitlist.new'),
      formatDate: (iso) => dates.format(new Date(iso)),
      formatDay: (iso) => days.format(new Date(iso)),
    };
  }, [t, i18n.language]);

  const onToggle = useCallback(
    (id: string, checked: boolean) => setSelected((current) => toggleSelected(current, id, checked)),
    [],
  );

  const selectConfirmed = () => {
    const confirmed = confirmedIds(shown);
    if (confirmed.size === 0) {
      toast.info(t('admin.campaigns.noConfirmed'));
      return;
    }
    setSelected(() => confirmed);
    toast.success(t('admin.campaigns.selectedConfirmed', { count: confirmed.size }));
  };

  const copy = () => {
    copyText(emailLines(shown)).then(
      () => toast.success(t('admin.waitlist.copied', { count: shown.length })),
      () => toast.error(t('admin.toast.copyFailed')),
    );
  };

  const download = () => {
    const csv = waitlistCsv(shown);
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), waitlistCsvFileName(new Date()));
  };

  const openConfirm = (open: boolean) => {
    if (open && selectedIds.length === 0) {
      toast.error(t('admin.waitlist.noneSelected'));
      return;
    }
    setConfirmOpen(open);
  };

  const confirmDelete = () => {
    deleteEntries.mutate(selectedIds, {
      onSuccess: ({ deleted }, ids) => {
        toast.success(t('admin.waitlist.deleted', { count: deleted }));
        setSelected((current) =>
          setRowsSelected(
            current,
            ids.map((id) => ({ id })),
            false,
          ),
        );
      },
      onError: (error) => {
        if (isAdminSessionMissing(error)) return;
        toast.error(t('admin.waitlist.deleteError.title'), {
          description: t('admin.waitlist.deleteError.body'),
        });
      },
      onSettled: () => setConfirmOpen(false),
    });
  };

  if (!entries) {
    if (list.isError) {
      return (
        <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
          <p className="font-semibold">{t('admin.waitlist.loadError.title')}</p>
          <p className="mt-1 text-fg-muted">{t('admin.waitlist.loadError.body')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void list.refetch()}>
            {t('admin.waitlist.retry')}
          </Button>
        </div>
      );
    }
    return (
      <div role="status" className="flex items-center gap-3 py-6 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.waitlist.loading')}
      </div>
    );
  }

  const searching = deferredSearch.trim() !== '';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-fg-muted">
          <span className="font-semibold text-fg">{t('admin.waitlist.count', { count: all.length })}</span>
          {searching && (
            <>
              {' · '}
              {t('admin.waitlist.showing', { shown: shown.length, total: all.length })}
            </>
          )}
          {selectedCount > 0 && (
            <>
              {' · '}
              {t('admin.waitlist.selectedCount', { count: selectedCount })}
              {selectedCount > selectedIds.length &&
                `, ${t('admin.campaigns.selectedHidden', { count: selectedCount - selectedIds.length })}`}
            </>
          )}
        </p>
        <LiveIndicator status={live} hint={t('admin.live.hint')} />
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex-1">
          <SearchField label={t('admin.waitlist.search')} value={search} onChange={setSearch} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={copy} disabled={shown.length === 0}>
            <Copy className="size-4" aria-hidden="true" />
            {t('admin.waitlist.copy')}
          </Button>
          <Button variant="secondary" onClick={download} disabled={shown.length === 0}>
            <Download className="size-4" aria-hidden="true" />
            {t('admin.waitlist.download')}
          </Button>
          <ConfirmDialog
            trigger={
              <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('admin.waitlist.deleteSelected')}
              </button>
            }
            open={confirmOpen}
            onOpenChange={openConfirm}
            title={t('admin.waitlist.confirm.title', { count: selectedIds.length })}
            description={t('admin.waitlist.confirm.body', { count: selectedIds.length })}
            confirmLabel={t('admin.waitlist.confirm.action')}
            cancelLabel={t('common.cancel')}
            pendingLabel={t('admin.waitlist.confirm.pending')}
            pending={deleteEntries.isPending}
            onConfirm={confirmDelete}
          />
        </div>
      </div>

      <div className="flex flex-col gap-3 rounded-2xl bg-surface-sunken p-3 md:flex-row md:items-center">
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={selectConfirmed}
            disabled={shown.length === 0}
            aria-describedby={selectConfirmedHintId}
          >
            <CircleCheck className="size-4" aria-hidden="true" />
            {t('admin.campaigns.selectConfirmed')}
          </Button>
          <InviteSelection selectedIds={selectedAll} onInvited={() => recipientSelection.clear()} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => recipientSelection.clear()}
            disabled={selected.size === 0}
          >
            <X className="size-4" aria-hidden="true" />
            {t('admin.campaigns.clearSelection')}
          </Button>
        </div>
        <p id={selectConfirmedHintId} className="px-1 text-sm text-fg-muted">
          {t('admin.campaigns.selectConfirmedHint')} {t('admin.invitations.selectionHint')}
        </p>
      </div>

      {all.length === 0 ? (
        <p className="rounded-2xl bg-surface-sunken px-5 py-8 text-center text-fg-muted">
          {t('admin.waitlist.empty')}
        </p>
      ) : (
        <div className="max-h-[70vh] overflow-auto rounded-2xl border border-border">
          <table className="w-full border-collapse text-left">
            <thead className="sticky top-0 z-[1] bg-surface-sunken text-sm">
              <tr>
                <th scope="col" className="w-12 py-3 pr-2 pl-4">
                  <Checkbox
                    aria-label={t('admin.waitlist.selectAll')}
                    checked={allShownState === true}
                    indeterminate={allShownState === 'mixed'}
                    disabled={shown.length === 0}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setSelected((current) => setRowsSelected(current, shown, checked));
                    }}
                  />
                </th>
                <th scope="col" className="py-3 pr-4 font-semibold">
                  {t('admin.waitlist.column.email')}
                </th>
                <th scope="col" className="hidden py-3 pr-4 font-semibold md:table-cell">
                  {t('admin.waitlist.column.createdAt')}
                </th>
                <th scope="col" className="hidden py-3 pr-4 font-semibold md:table-cell">
                  {t('admin.waitlist.column.language')}
                </th>
                <th scope="col" className="hidden py-3 pr-4 font-semibold md:table-cell">
                  {t('admin.waitlist.column.status')}
                </th>
                <th scope="col" className="hidden py-3 pr-4 font-semibold md:table-cell">
                  {t('admin.waitlist.column.invitation')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <WaitlistRow
                  key={entry.id}
                  entry={entry}
                  selected={selected.has(entry.id)}
                  fresh={fresh.has(entry.id)}
                  labels={labels}
                  onToggle={onToggle}
                />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && (
            <p className="border-t border-border px-5 py-8 text-center text-fg-muted">
              {t('admin.waitlist.noMatch', { search: deferredSearch.trim() })}
            </p>
          )}
        </div>
      )}
      <InviteAddress formatDate={labels.formatDate} formatDay={labels.formatDay} />
    </div>
  );
}

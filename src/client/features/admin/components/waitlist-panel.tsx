import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { saveFile } from '@client/lib/save-file';
import { toast } from '@client/lib/toast';
import { MOBILE_BREAKPOINT_PX } from '@client/lib/ui-constants';
import { useMediaQuery } from '@client/lib/use-media-query';
import { waitlistCsvFileName } from '@shared/domain/csv';
import type { TLocale } from '@shared/domain/locale';
import type { WaitlistStatus } from '@shared/domain/waitlist';
import {
  FIRST_WAITLIST_PAGE,
  WAITLIST_INVITATION_FILTERS,
  WAITLIST_PAGE_SIZE,
  type WaitlistInvitationFilter,
  type WaitlistSort,
} from '@shared/domain/waitlist-list';
import type { TAdminWaitlistEntry } from '@shared/schemas/admin';
import type { TWaitlistFilter } from '@shared/schemas/waitlist-list';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Copy, Download, MailPlus, Trash2, X } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  exportSelection,
  resolveSelectionIds,
  useDeleteWaitlistSelection,
  useResendConfirmations,
  waitlistPageQueryOptions,
} from '../api/waitlist';
import { useRecipientSelection } from '../hooks/use-recipient-selection';
import { useWaitlistEvents } from '../hooks/use-waitlist-events';
import { copyText } from '../lib/browser';
import { INVITATION_STATE_TONES } from '../lib/invitation-view';
import {
  cleanFilter,
  dayStart,
  isRowSelected,
  type MatchingSelection,
  sameFilter,
  selectionCount,
  selectionOf,
  toggleMatching,
} from '../lib/list-selection';
import { recipientSelection } from '../lib/recipient-selection';
import { setRowsSelected, toggleSelected } from '../lib/waitlist-view';
import { InvitationDialog } from './invitation-badge';
import { InviteAddress } from './invite-address';
import { InviteSelection } from './invite-selection';
import { LiveIndicator } from './live-indicator';
import { SearchField } from './search-field';
import { type OpenedSubscriber, SUBSCRIBER_BUTTON_CLASS, SubscriberDetailDialog } from './subscriber-detail';
import { WaitlistImport } from './waitlist-import';

/** The picked rows are the page's shared selection (the composer sends to it). */
const setSelected = recipientSelection.update;

const STATUS_TONES: Record<WaitlistStatus, BadgeTone> = {
  unconfirmed: 'neutral',
  confirmed: 'success',
  unsubscribed: 'info',
};

/** The orders staff can pick: the sort key and its direction. */
const SORTS = ['joined-desc', 'joined-asc', 'email-asc', 'email-desc', 'status-asc'] as const;
type SortChoice = (typeof SORTS)[number];

const selectClass =
  'mt-2 block h-11 w-full rounded-xl border border-border bg-surface-raised px-3 text-base text-fg';
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * What every row shows in words, made once per language for the whole page: a row renders without asking
 * i18next (a page of 50 rows is what staff wait for when they open the list).
 */
type RowLabels = {
  select: (email: string) => string;
  openDetail: (email: string) => string;
  notInvited: string;
  status: Record<WaitlistStatus, string>;
  suppression: Record<NonNullable<TAdminWaitlistEntry['suppression']>, string>;
  language: Record<TLocale, string>;
  formatDate: (iso: string) => string;
  formatDay: (iso: string) => string;
};

/** Where the table shows its columns; on narrower screens a row's date, language and states sit under the address. */
const WIDE_TABLE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * One entry: a table row on wide screens; on narrow ones the date, language and consent sit under the e-mail.
 * Only the layout on screen is rendered (`wide`), not both with one hidden: a page of rows stays light.
 */
const WaitlistRow = memo(function WaitlistRow({
  entry,
  selected,
  wide,
  labels,
  onToggle,
  onOpenDetail,
}: {
  entry: TAdminWaitlistEntry;
  selected: boolean;
  wide: boolean;
  labels: RowLabels;
  onToggle: (id: string, checked: boolean) => void;
  onOpenDetail: (subscriber: OpenedSubscriber) => void;
}) {
  const date = <time dateTime={entry.createdAt}>{labels.formatDate(entry.createdAt)}</time>;
  const status = (
    <Badge tone={STATUS_TONES[entry.status]} data-status={entry.status}>
      {labels.status[entry.status]}
    </Badge>
  );
  // A bounced or complaining address keeps its consent status, but no list mail goes to it (decision 043).
  const badge = entry.suppression ? (
    <span className="inline-flex flex-wrap gap-1">
      {status}
      <Badge tone="danger" data-suppression={entry.suppression}>
        {labels.suppression[entry.suppression]}
      </Badge>
    </span>
  ) : (
    status
  );
  const invitation = entry.invitation ? (
    <InvitationDialog
      email={entry.email}
      invitation={entry.invitation}
      formatDate={labels.formatDate}
      formatDay={labels.formatDay}
    />
  ) : (
    <Badge tone={INVITATION_STATE_TONES.none} data-invitation="none">
      {labels.notInvited}
    </Badge>
  );
  return (
    <tr className="border-t border-border">
      <td className={cn('w-12 py-3 pr-2 pl-4', wide ? 'align-middle' : 'align-top')}>
        <Checkbox
          aria-label={labels.select(entry.email)}
          checked={selected}
          onChange={(event) => onToggle(entry.id, event.currentTarget.checked)}
          className={wide ? undefined : 'mt-0.5'}
        />
      </td>
      <td className="py-3 pr-4">
        <button
          type="button"
          className={SUBSCRIBER_BUTTON_CLASS}
          aria-label={labels.openDetail(entry.email)}
          aria-haspopup="dialog"
          onClick={(event) => onOpenDetail({ id: entry.id, email: entry.email, opener: event.currentTarget })}
        >
          {entry.email}
        </button>
        {!wide && (
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            {date}
            {labels.language[entry.language]}
            {badge}
            {invitation}
          </span>
        )}
      </td>
      {wide && (
        <>
          <td className="py-3 pr-4 text-sm whitespace-nowrap text-fg-muted">{date}</td>
          <td className="py-3 pr-4 text-sm text-fg-muted">{labels.language[entry.language]}</td>
          <td className="py-3 pr-4">{badge}</td>
          <td className="py-3 pr-4">{invitation}</td>
        </>
      )}
    </tr>
  );
});

/**
 * The waiting list for staff (spec §2 "Newsletter list", issue 16, decision 044): pages of 50 from the
 * server, searched, filtered and sorted there; rows picked one by one or "all that match"; copy, CSV export,
 * invite, resend the confirmation and delete act on exactly that selection, on the server. Changes arrive
 * live: the page on screen is loaded again.
 */
export function WaitlistPanel() {
  const { t, i18n } = useTranslation();
  const live = useWaitlistEvents();
  const wide = useMediaQuery(WIDE_TABLE_QUERY);
  const deleteEntries = useDeleteWaitlistSelection();
  const resend = useResendConfirmations();
  const { ids, resets } = useRecipientSelection();
  const [matching, setMatching] = useState<MatchingSelection | null>(null);
  // The selection was let go elsewhere (the composer sent the newsletter to it): "all that match" goes too,
  // or the list would still show every match ticked while the composer has nobody selected.
  const seenResets = useRef(resets);
  useEffect(() => {
    if (resets === seenResets.current) return;
    seenResets.current = resets;
    setMatching(null);
  }, [resets]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [detail, setDetail] = useState<OpenedSubscriber | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const openDetail = useCallback((subscriber: OpenedSubscriber) => {
    setDetail(subscriber);
    setDetailOpen(true);
  }, []);
  const [resendOpen, setResendOpen] = useState(false);
  const [busy, setBusy] = useState<'copy' | 'export' | null>(null);

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<WaitlistStatus | ''>('');
  const [language, setLanguage] = useState<TLocale | ''>('');
  const [invitation, setInvitation] = useState<WaitlistInvitationFilter | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [sort, setSort] = useState<SortChoice>(`${FIRST_WAITLIST_PAGE.sort}-${FIRST_WAITLIST_PAGE.dir}`);
  const [page, setPage] = useState<number>(FIRST_WAITLIST_PAGE.page);
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const ids_ = {
    status: useId(),
    language: useId(),
    invitation: useId(),
    from: useId(),
    to: useId(),
    sort: useId(),
    summary: useId(),
  };

  const filter = useMemo<TWaitlistFilter>(
    () =>
      cleanFilter({
        q,
        status: status || undefined,
        language: language || undefined,
        invitation: invitation || undefined,
        joinedFrom: dayStart(fromDay),
        joinedBefore: dayStart(toDay, true),
      }),
    [q, status, language, invitation, fromDay, toDay],
  );
  const filterKey = JSON.stringify(filter);
  // A new filter or order starts at the first page; a "select all" made for another filter is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the filter and the order.
  useEffect(() => {
    setPage(1);
  }, [filterKey, sort]);
  useEffect(() => {
    if (matching && !sameFilter(matching.filter, filter)) {
      setMatching(null);
      recipientSelection.clear();
    }
  }, [matching, filter]);

  const [sortKey, dir] = sort.split('-') as [WaitlistSort, 'asc' | 'desc'];
  const list = useQuery(waitlistPageQueryOptions({ ...filter, sort: sortKey, dir, page }));
  const data = list.data;
  const entries = data?.entries ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / WAITLIST_PAGE_SIZE));

  // Live: "all that match" counts the people who match now.
  useEffect(() => {
    if (
      data &&
      !list.isPlaceholderData &&
      matching &&
      sameFilter(matching.filter, filter) &&
      matching.total !== total
    )
      setMatching({ ...matching, total });
  }, [data, list.isPlaceholderData, matching, filter, total]);

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
      openDetail: (email) => t('admin.waitlist.detail.open', { email }),
      notInvited: t('admin.invitations.state.none'),
      status: {
        unconfirmed: t('admin.waitlist.status.unconfirmed'),
        confirmed: t('admin.waitlist.status.confirmed'),
        unsubscribed: t('admin.waitlist.status.unsubscribed'),
      },
      suppression: {
        bounce: t('admin.suppression.reason.bounce'),
        complaint: t('admin.suppression.reason.complaint'),
      },
      language: { en: t('language.en'), de: t('language.de') },
      formatDate: (iso) => dates.format(new Date(iso)),
      formatDay: (iso) => days.format(new Date(iso)),
    };
  }, [t, i18n.language]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const selection = selectionOf(ids, matching);
  const selectedCount = selectionCount(ids, matching);
  const pageSelected = entries.filter((entry) => isRowSelected(entry.id, ids, matching)).length;
  const pageState =
    entries.length > 0 && pageSelected === entries.length ? true : pageSelected > 0 ? 'mixed' : false;

  const onToggle = useCallback(
    (id: string, checked: boolean) => {
      if (matching) setMatching(toggleMatching(matching, id, checked));
      setSelected((current) => toggleSelected(current, id, checked));
    },
    [matching],
  );

  const togglePage = (checked: boolean) => {
    if (matching) {
      let next = matching;
      for (const entry of entries) next = toggleMatching(next, entry.id, checked);
      setMatching(next);
    }
    setSelected((current) => setRowsSelected(current, entries, checked));
  };

  const selectAllMatching = async () => {
    setMatching({ filter, total, except: new Set() });
    // The newsletter send panel sends to ids: it gets those the server resolves now.
    try {
      const resolved = await resolveSelectionIds({ filter, except: [] });
      setSelected(() => new Set(resolved.ids));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'selection_too_large') {
        recipientSelection.clear();
        toast.info(t('admin.waitlist.selection.tooLargeToSend'));
      } else if (!isAdminSessionMissing(error)) toast.error(t(errorMessageKey(error)));
    }
  };

  const clearSelection = () => {
    setMatching(null);
    recipientSelection.clear();
  };

  const fetchSelection = async (format: 'csv' | 'lines') => {
    if (!selection) {
      toast.error(t('admin.waitlist.selection.none'));
      return null;
    }
    setBusy(format === 'csv' ? 'export' : 'copy');
    try {
      return await exportSelection({ selection, format });
    } catch (error) {
      if (!isAdminSessionMissing(error)) toast.error(t(errorMessageKey(error)));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    const blob = await fetchSelection('lines');
    if (!blob) return;
    const text = await blob.text();
    const count = text === '' ? 0 : text.trimEnd().split('\n').length;
    copyText(text.trimEnd()).then(
      () => toast.success(t('admin.waitlist.copied', { count })),
      () => toast.error(t('admin.toast.copyFailed')),
    );
  };

  const download = async () => {
    const blob = await fetchSelection('csv');
    if (blob) saveFile(blob, waitlistCsvFileName(new Date()));
  };

  const openGuarded = (set: (open: boolean) => void) => (open: boolean) => {
    if (open && !selection) {
      toast.error(t('admin.waitlist.selection.none'));
      return;
    }
    set(open);
  };

  const confirmDelete = () => {
    if (!selection) return;
    deleteEntries.mutate(selection, {
      onSuccess: ({ deleted }) => {
        toast.success(t('admin.waitlist.deleted', { count: deleted }));
        clearSelection();
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

  const confirmResend = () => {
    if (!selection) return;
    resend.mutate(selection, {
      onSuccess: (result) => {
        toast.success(
          t(result.held ? 'admin.waitlist.resend.held' : 'admin.waitlist.resend.queued', {
            count: result.queued,
          }),
          {
            description: t('admin.waitlist.resend.skipped', {
              confirmed: result.notUnconfirmed,
              recent: result.recentlyMailed,
              suppressed: result.suppressed,
            }),
          },
        );
      },
      onError: (error) => {
        if (!isAdminSessionMissing(error)) toast.error(t(errorMessageKey(error)));
      },
      onSettled: () => setResendOpen(false),
    });
  };

  if (!data) {
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

  const filtered = Object.keys(filter).length > 0;
  const first = total === 0 ? 0 : (page - 1) * WAITLIST_PAGE_SIZE + 1;
  const last = Math.min(total, page * WAITLIST_PAGE_SIZE);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-fg-muted" id={ids_.summary} aria-live="polite">
          <span className="font-semibold text-fg">
            {t('admin.waitlist.count', { count: data.listTotal })}
          </span>
          {filtered && (
            <>
              {' · '}
              {t('admin.waitlist.matching', { count: total, formatted: number.format(total) })}
            </>
          )}
          {/* Told to screen readers with the rest; on screen the selection bar above the table says it. */}
          {selectedCount > 0 && (
            <span className="sr-only">
              {' · '}
              {t('admin.waitlist.selectedCount', { count: selectedCount })}
            </span>
          )}
        </p>
        <LiveIndicator status={live} hint={t('admin.live.hint')} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <SearchField label={t('admin.waitlist.search')} value={search} onChange={setSearch} />
        </div>
        <div>
          <label htmlFor={ids_.status} className="block text-sm font-medium">
            {t('admin.waitlist.column.status')}
          </label>
          <select
            id={ids_.status}
            className={selectClass}
            value={status}
            onChange={(event) => setStatus(event.target.value as WaitlistStatus | '')}
          >
            <option value="">{t('admin.waitlist.filter.any')}</option>
            <option value="unconfirmed">{labels.status.unconfirmed}</option>
            <option value="confirmed">{labels.status.confirmed}</option>
            <option value="unsubscribed">{labels.status.unsubscribed}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids_.language} className="block text-sm font-medium">
            {t('admin.waitlist.column.language')}
          </label>
          <select
            id={ids_.language}
            className={selectClass}
            value={language}
            onChange={(event) => setLanguage(event.target.value as TLocale | '')}
          >
            <option value="">{t('admin.waitlist.filter.any')}</option>
            <option value="en">{labels.language.en}</option>
            <option value="de">{labels.language.de}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids_.invitation} className="block text-sm font-medium">
            {t('admin.waitlist.column.invitation')}
          </label>
          <select
            id={ids_.invitation}
            className={selectClass}
            value={invitation}
            onChange={(event) => setInvitation(event.target.value as WaitlistInvitationFilter | '')}
          >
            <option value="">{t('admin.waitlist.filter.any')}</option>
            {WAITLIST_INVITATION_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.waitlist.filter.invitation.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids_.from} className="block text-sm font-medium">
            {t('admin.waitlist.filter.from')}
          </label>
          <input
            id={ids_.from}
            type="date"
            className={selectClass}
            value={fromDay}
            max={toDay || undefined}
            onChange={(event) => setFromDay(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids_.to} className="block text-sm font-medium">
            {t('admin.waitlist.filter.to')}
          </label>
          <input
            id={ids_.to}
            type="date"
            className={selectClass}
            value={toDay}
            min={fromDay || undefined}
            onChange={(event) => setToDay(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids_.sort} className="block text-sm font-medium">
            {t('admin.waitlist.sort.label')}
          </label>
          <select
            id={ids_.sort}
            className={selectClass}
            value={sort}
            onChange={(event) => setSort(event.target.value as SortChoice)}
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.waitlist.sort.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t('admin.waitlist.actions')}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy()}
          disabled={!selection || busy !== null}
        >
          {busy === 'copy' ? <Spinner className="size-4" /> : <Copy className="size-4" aria-hidden="true" />}
          {t('admin.waitlist.copy')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void download()}
          disabled={!selection || busy !== null}
        >
          {busy === 'export' ? (
            <Spinner className="size-4" />
          ) : (
            <Download className="size-4" aria-hidden="true" />
          )}
          {t('admin.waitlist.download')}
        </Button>
        <InviteSelection selection={selection} onInvited={clearSelection} />
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm">
              <MailPlus className="size-4" aria-hidden="true" />
              {t('admin.waitlist.resend.action')}
            </Button>
          }
          open={resendOpen}
          onOpenChange={openGuarded(setResendOpen)}
          title={t('admin.waitlist.resend.title', { count: selectedCount })}
          description={t('admin.waitlist.resend.body')}
          confirmLabel={t('admin.waitlist.resend.confirm')}
          cancelLabel={t('common.cancel')}
          pendingLabel={t('admin.waitlist.resend.pending')}
          pending={resend.isPending}
          tone="default"
          onConfirm={confirmResend}
        />
        <ConfirmDialog
          trigger={
            <Button variant="dangerOutline" size="sm">
              <Trash2 className="size-4" aria-hidden="true" />
              {t('admin.waitlist.deleteSelected')}
            </Button>
          }
          open={confirmOpen}
          onOpenChange={openGuarded(setConfirmOpen)}
          title={t('admin.waitlist.confirm.title', { count: selectedCount })}
          description={t('admin.waitlist.confirm.body', { count: selectedCount })}
          confirmLabel={t('admin.waitlist.confirm.action')}
          cancelLabel={t('common.cancel')}
          pendingLabel={t('admin.waitlist.confirm.pending')}
          pending={deleteEntries.isPending}
          onConfirm={confirmDelete}
        />
      </div>

      {/* Always there while people match, so that ticking a row never moves the rows under the pointer. */}
      {total > 0 && (
        <div className="flex flex-col gap-2 rounded-2xl bg-surface-sunken p-3 text-sm sm:flex-row sm:items-center">
          <p className="px-1">
            {matching
              ? `${t('admin.waitlist.selection.allMatching', {
                  count: matching.total,
                  formatted: number.format(matching.total),
                })}${matching.except.size > 0 ? ` (${t('admin.waitlist.selection.except', { count: matching.except.size })})` : ''}`
              : pageState === true && total > entries.length
                ? t('admin.waitlist.selection.page', { count: entries.length })
                : selectedCount > 0
                  ? t('admin.waitlist.selectedCount', { count: selectedCount })
                  : t('admin.waitlist.selection.nothing')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={matching !== null}
              onClick={() => void selectAllMatching()}
            >
              {t('admin.waitlist.selection.selectAll', { count: total, formatted: number.format(total) })}
            </Button>
            <Button variant="ghost" size="sm" disabled={selectedCount === 0} onClick={clearSelection}>
              <X className="size-4" aria-hidden="true" />
              {t('admin.campaigns.clearSelection')}
            </Button>
          </div>
        </div>
      )}

      {data.listTotal === 0 ? (
        <p className="rounded-2xl bg-surface-sunken px-5 py-8 text-center text-fg-muted">
          {t('admin.waitlist.empty')}
        </p>
      ) : (
        <div className="rounded-2xl border border-border" aria-busy={list.isFetching || undefined}>
          <table className="w-full border-collapse text-left" aria-describedby={ids_.summary}>
            <thead className="bg-surface-sunken text-sm">
              <tr>
                <th scope="col" className="w-12 py-3 pr-2 pl-4">
                  <Checkbox
                    aria-label={t('admin.waitlist.selectAll')}
                    checked={pageState === true}
                    indeterminate={pageState === 'mixed'}
                    disabled={entries.length === 0}
                    onChange={(event) => togglePage(event.currentTarget.checked)}
                  />
                </th>
                <th scope="col" className="py-3 pr-4 font-semibold">
                  {t('admin.waitlist.column.email')}
                </th>
                {wide && (
                  <>
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      {t('admin.waitlist.column.createdAt')}
                    </th>
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      {t('admin.waitlist.column.language')}
                    </th>
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      {t('admin.waitlist.column.status')}
                    </th>
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      {t('admin.waitlist.column.invitation')}
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <WaitlistRow
                  key={entry.id}
                  entry={entry}
                  selected={isRowSelected(entry.id, ids, matching)}
                  wide={wide}
                  labels={labels}
                  onToggle={onToggle}
                  onOpenDetail={openDetail}
                />
              ))}
            </tbody>
          </table>
          {entries.length === 0 && (
            <p className="border-t border-border px-5 py-8 text-center text-fg-muted">
              {t('admin.waitlist.noMatches')}
            </p>
          )}
        </div>
      )}

      {total > 0 && (
        <nav
          className="flex flex-wrap items-center justify-between gap-3 text-sm"
          aria-label={t('admin.waitlist.pages.label')}
        >
          <p className="text-fg-muted">
            {t('admin.waitlist.pages.range', {
              first: number.format(first),
              last: number.format(last),
              total: number.format(total),
            })}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('admin.waitlist.pages.previous')}
            </Button>
            <span aria-current="page" className="px-1 tabular-nums">
              {t('admin.waitlist.pages.of', { page: number.format(page), pages: number.format(pages) })}
            </span>
            <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages}>
              {t('admin.waitlist.pages.next')}
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
      <SubscriberDetailDialog
        subscriber={detail}
        open={detailOpen}
        onClose={() => setDetailOpen(false)}
        formatDate={labels.formatDate}
      />
      <WaitlistImport />
      <InviteAddress formatDate={labels.formatDate} formatDay={labels.formatDay} />
    </div>
  );
}

import { cn } from '@client/lib/cn';
import type { TAuditEntry } from '@shared/schemas/audit';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditFiltersQueryOptions, auditQueryOptions } from '../api/audit';
import { usePageCursors } from '../hooks/use-page-cursors';
import { KeysetPager } from './keyset-pager';
import { LoadState } from './load-state';

const selectClass =
  'mt-2 block h-11 w-full rounded-xl border border-border bg-surface-raised px-3 text-base text-fg';

/** The details of a record, as short "key: value" lines (they are what the service wrote). */
function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${key}: ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
  });
}

/** What was done: the action, its target, the details the service wrote and where from. */
function AuditWhat({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const lines = detailLines(entry.details);
  return (
    <>
      <code className="rounded bg-surface-sunken px-1.5 py-0.5 text-sm">{entry.action}</code>
      {entry.target && <p className="mt-1 text-sm break-all">{entry.target}</p>}
      {lines.length > 0 && (
        <details className="mt-1 text-sm text-fg-muted">
          <summary className="cursor-pointer">{t('admin.audit.details')}</summary>
          <ul className="mt-1 space-y-0.5 font-mono text-xs break-all">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      {entry.ipAddress && (
        <p className="mt-1 text-xs text-fg-muted">{t('admin.audit.ip', { ip: entry.ipAddress })}</p>
      )}
    </>
  );
}

/** One record: three columns on wider screens; on phones one, with who and what under the time. */
function AuditRow({ entry, formatDate }: { entry: TAuditEntry; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const who = entry.staffEmail ?? t('admin.audit.nobody');
  return (
    <tr className="border-t border-border align-top">
      <td className="py-3 pr-4 pl-4 text-sm text-fg-muted">
        <time dateTime={entry.at} className="whitespace-nowrap">
          {formatDate(entry.at)}
        </time>
        <div className="mt-1 text-fg sm:hidden">
          <p className="mb-1 break-all">{who}</p>
          <AuditWhat entry={entry} />
        </div>
      </td>
      <td className="py-3 pr-4 text-sm break-all max-sm:hidden">{who}</td>
      <td className="py-3 pr-4 max-sm:hidden">
        <AuditWhat entry={entry} />
      </td>
    </tr>
  );
}

/**
 * The audit log for owners (decision 022): who did what and when, newest first, filtered by staff member
 * and action, a page at a time.
 */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation();
  const [staff, setStaff] = useState('');
  const [action, setAction] = useState('');
  const pages = usePageCursors([staff, action]);
  const log = useQuery(auditQueryOptions({ staff, action, after: pages.cursor }));
  const filters = useQuery(auditFiltersQueryOptions);
  const staffId = useId();
  const actionId = useId();
  const formatDate = useMemo(() => {
    const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
    return (iso: string) => dates.format(new Date(iso));
  }, [i18n.language]);

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={staffId} className="block text-sm font-medium">
            {t('admin.audit.staffFilter')}
          </label>
          <select
            id={staffId}
            className={selectClass}
            value={staff}
            onChange={(event) => setStaff(event.target.value)}
          >
            <option value="">{t('admin.audit.allStaff')}</option>
            {filters.data?.staff.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={actionId} className="block text-sm font-medium">
            {t('admin.audit.actionFilter')}
          </label>
          <select
            id={actionId}
            className={selectClass}
            value={action}
            onChange={(event) => setAction(event.target.value)}
          >
            <option value="">{t('admin.audit.allActions')}</option>
            {filters.data?.actions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <LoadState
        loaded={Boolean(log.data)}
        failed={log.isError}
        failedText={t('admin.audit.loadFailed')}
        onRetry={() => void log.refetch()}
      />
      {log.data &&
        (log.data.entries.length === 0 ? (
          <p className="rounded-2xl bg-surface-sunken px-5 py-8 text-center text-fg-muted">
            {t('admin.audit.empty')}
          </p>
        ) : (
          <div
            className={cn(
              'overflow-x-auto rounded-2xl border border-border transition-opacity',
              log.isPlaceholderData && 'opacity-60',
            )}
            aria-busy={log.isFetching}
          >
            <table className="w-full border-collapse text-left sm:min-w-[36rem]">
              <caption className="sr-only">{t('admin.audit.caption')}</caption>
              <thead className="bg-surface-sunken text-sm">
                <tr>
                  <th scope="col" className="py-3 pr-4 pl-4 font-semibold">
                    <span className="max-sm:hidden">{t('admin.audit.when')}</span>
                    <span className="sm:hidden">{t('admin.audit.entry')}</span>
                  </th>
                  <th scope="col" className="py-3 pr-4 font-semibold max-sm:hidden">
                    {t('admin.audit.who')}
                  </th>
                  <th scope="col" className="py-3 pr-4 font-semibold max-sm:hidden">
                    {t('admin.audit.what')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} formatDate={formatDate} />
                ))}
              </tbody>
            </table>
          </div>
        ))}

      <KeysetPager pages={pages} nextCursor={log.data?.nextCursor} waiting={log.isPlaceholderData} />
    </div>
  );
}

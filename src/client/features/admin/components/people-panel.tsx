import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  availablePeopleActions,
  PEOPLE_SORTS,
  type PeopleAction,
  type PeopleSort,
  type PeopleSortDirection,
} from '@shared/domain/people';
import type { TPeopleTotal, TPerson } from '@shared/schemas/people';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { peopleQueryOptions, usePersonAction } from '../api/people';
import { useDebounced } from '../hooks/use-debounced';
import { usePageCursors } from '../hooks/use-page-cursors';
import { KeysetPager } from './keyset-pager';
import { LoadState } from './load-state';
import { SearchField } from './search-field';

const SEARCH_DEBOUNCE_MS = 300;
const selectClass =
  'mt-2 block h-12 w-full rounded-xl border border-border bg-surface-raised px-3 text-base text-fg';

/** The sort choices: each field, each way, as one list (what staff pick from). */
const SORT_CHOICES = PEOPLE_SORTS.flatMap((sort) =>
  (['desc', 'asc'] as const).map((dir) => ({ value: `${sort}:${dir}`, sort, dir })),
);

type Labels = { formatDate: (iso: string) => string; never: string };

/** How the count reads: exactly, at least (a search past the cap), or about (the whole list, estimated). */
function countKey(total: TPeopleTotal, searching: boolean) {
  if (total.precision === 'atLeast') return 'admin.people.countCapped' as const;
  if (total.precision === 'about') return 'admin.people.countAbout' as const;
  return searching ? ('admin.people.countMatching' as const) : ('admin.people.count' as const);
}

/** The actions a person's row offers, each behind a confirmation (decision 023). */
function PersonActions({ person }: { person: TPerson }) {
  const { t } = useTranslation();
  const act = usePersonAction();
  const [open, setOpen] = useState<PeopleAction | null>(null);
  const actions = availablePeopleActions({
    emailVerified: person.emailVerified,
    disabled: person.disabledAt !== null,
  });
  const run = (action: PeopleAction) =>
    act.mutate(
      { id: person.id, action },
      {
        onSuccess: () => toast.success(t(`admin.people.done.${action}`, { email: person.email })),
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.people.failed'), { description: t(errorMessageKey(error)) });
        },
        onSettled: () => setOpen(null),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <ConfirmDialog
          key={action}
          trigger={
            <Button
              variant={action === 'delete' || action === 'disable' ? 'danger' : 'secondary'}
              size="sm"
              aria-label={t(`admin.people.actionFor.${action}`, { email: person.email })}
            >
              {t(`admin.people.action.${action}`)}
            </Button>
          }
          open={open === action}
          onOpenChange={(next) => setOpen(next ? action : null)}
          title={t(`admin.people.confirm.${action}.title`, { email: person.email })}
          description={t(`admin.people.confirm.${action}.body`, { email: person.email })}
          confirmLabel={t(`admin.people.action.${action}`)}
          cancelLabel={t('common.cancel')}
          pendingLabel={t('admin.account.working')}
          pending={act.isPending}
          tone={action === 'delete' || action === 'disable' ? 'danger' : 'default'}
          onConfirm={() => run(action)}
        />
      ))}
    </div>
  );
}

function PersonRow({ person, labels }: { person: TPerson; labels: Labels }) {
  const { t } = useTranslation();
  const date = (iso: string | null) => (iso ? labels.formatDate(iso) : labels.never);
  const facts: [string, string][] = [
    [t('admin.people.column.language'), t(`language.${person.language}`)],
    [t('admin.people.column.createdAt'), date(person.createdAt)],
    [
      t('admin.people.column.onboarding'),
      person.onboardingCompletedAt ? date(person.onboardingCompletedAt) : t('admin.people.notYet'),
    ],
    [t('admin.people.column.lastActive'), date(person.lastActiveAt)],
    [t('admin.people.column.reflections'), String(person.reflections)],
  ];
  return (
    <li className="space-y-3 py-4">
      <p className="flex flex-wrap items-center gap-2 font-medium break-all">
        {person.email}
        {person.disabledAt && <Badge tone="danger">{t('admin.people.disabled')}</Badge>}
        <Badge tone={person.emailVerified ? 'success' : 'neutral'}>
          {t(person.emailVerified ? 'admin.people.verified' : 'admin.people.unverified')}
        </Badge>
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="whitespace-nowrap">
            <dt className="inline text-fg-muted">{label}: </dt>
            <dd className="inline tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <PersonActions person={person} />
    </li>
  );
}

/**
 * People (decision 023): every user account, searched, sorted and paged on the server (fast with 100,000),
 * with what staff may do to an account. Never what anyone wrote: only how many reflections there are.
 */
export function PeoplePanel() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [sortChoice, setSortChoice] = useState('createdAt:desc');
  const q = useDebounced(useDeferredValue(search.trim()), SEARCH_DEBOUNCE_MS);
  const [sort, dir] = sortChoice.split(':') as [PeopleSort, PeopleSortDirection];
  const pages = usePageCursors([q, sortChoice]);
  const people = useQuery(peopleQueryOptions({ q, sort, dir, after: pages.cursor }));
  const sortId = useId();
  const labels = useMemo<Labels>(() => {
    const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return { formatDate: (iso) => dates.format(new Date(iso)), never: t('admin.people.never') };
  }, [i18n.language, t]);
  const numbers = new Intl.NumberFormat(i18n.language);
  // Later pages carry no count: the first page's stays on screen.
  const [total, setTotal] = useState<TPeopleTotal | null>(null);
  const latestTotal = people.data?.total;
  useEffect(() => {
    if (latestTotal) setTotal(latestTotal);
  }, [latestTotal]);

  return (
    <div className="space-y-5">
      <p className="text-fg-muted">{t('admin.people.intro')}</p>
      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <SearchField label={t('admin.people.search')} value={search} onChange={setSearch} />
        <div>
          <label htmlFor={sortId} className="block text-sm font-medium">
            {t('admin.people.sort')}
          </label>
          <select
            id={sortId}
            className={selectClass}
            value={sortChoice}
            onChange={(event) => setSortChoice(event.target.value)}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(`admin.people.sortBy.${choice.sort}.${choice.dir}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="text-fg-muted" aria-live="polite">
        {total && t(countKey(total, q !== ''), { count: total.count, number: numbers.format(total.count) })}
      </p>

      <LoadState
        loaded={Boolean(people.data)}
        failed={people.isError}
        failedText={t('admin.people.loadFailed')}
        onRetry={() => void people.refetch()}
      />
      {people.data &&
        (people.data.people.length === 0 ? (
          <p className="rounded-2xl bg-surface-sunken px-5 py-8 text-center text-fg-muted">
            {q ? t('admin.people.noMatch', { search: q }) : t('admin.people.empty')}
          </p>
        ) : (
          <ul
            className={cn(
              'divide-y divide-border rounded-2xl border border-border px-4 transition-opacity sm:px-5',
              people.isPlaceholderData && 'opacity-60',
            )}
            aria-busy={people.isFetching}
            aria-label={t('admin.people.listLabel')}
          >
            {people.data.people.map((person) => (
              <PersonRow key={person.id} person={person} labels={labels} />
            ))}
          </ul>
        ))}

      <KeysetPager pages={pages} nextCursor={people.data?.nextCursor} waiting={people.isPlaceholderData} />
    </div>
  );
}

import { MemberHeader } from '@client/app/member-nav';
import { BackToDashboard } from '@client/components/back-to-dashboard';
import { LoadFailed } from '@client/components/load-failed';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { historyPageQuery, searchQuery } from '@client/features/history/api/history';
import { Pagination } from '@client/features/history/components/pagination';
import { SearchResults } from '@client/features/history/components/search-results';
import { WeekSummaryCard } from '@client/features/history/components/week-summary-card';
import { isoWeekNumber } from '@client/features/journal/day-display';
import { useJournalRedirects } from '@client/features/journal/hooks/use-journal-redirects';
import { useRequireUser } from '@client/lib/session';
import { toLocale } from '@shared/domain/locale';
import { MAX_SEARCH_QUERY_LENGTH, searchTerms } from '@shared/domain/text-search';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Typing waits this long before it searches. */
const SEARCH_DELAY_MS = 350;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function toTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** The search field: searches as one types (after a pause) and at once on Enter; the query lives in `?q=`. */
function SearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => setText(query), [query]);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query, onSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="mt-8">
      <form onSubmit={submit}>
        <label htmlFor={id} className="block font-medium">
          {t('history.search.label')}
        </label>
        <div className="mt-2 flex gap-2">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-fg-muted"
              aria-hidden="true"
            />
            <Input
              ref={inputRef}
              id={id}
              type="search"
              name="q"
              value={text}
              maxLength={MAX_SEARCH_QUERY_LENGTH}
              placeholder={t('history.search.placeholder')}
              onChange={(event) => setText(event.target.value)}
              className="pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden"
            />
            {text && (
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onSearch('');
                  inputRef.current?.focus();
                }}
                className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-fg-muted hover:bg-surface-sunken hover:text-fg"
              >
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">{t('history.search.clear')}</span>
              </button>
            )}
          </div>
          <Button type="submit" variant="secondary">
            <span className="max-sm:sr-only">{t('history.search.submit')}</span>
            <Search className="size-4 sm:hidden" aria-hidden="true" />
          </Button>
        </div>
      </form>
    </search>
  );
}

function Searching({ query, page, onPage }: { query: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const enough = searchTerms(query).length > 0;
  const result = useQuery({ ...searchQuery(query, page), enabled: enough });
  if (!enough) return <p className="text-fg-muted">{t('history.search.tooShort')}</p>;
  if (result.isError) {
    return (
      <LoadFailed
        message={t('history.search.error')}
        retryLabel={t('history.retry')}
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  }
  if (!result.data) {
    return (
      <p role="status" className="flex items-center gap-3 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('history.search.loading')}
      </p>
    );
  }
  return (
    <div aria-busy={result.isPlaceholderData || undefined}>
      <SearchResults result={result.data} query={query} />
      <Pagination
        page={result.data.page}
        pageCount={result.data.pageCount}
        label={t('history.search.pagination')}
        onPage={onPage}
      />
    </div>
  );
}

function WeeksSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        {t('history.loading')}
      </span>
      {[0, 1].map((index) => (
        <Card key={index} aria-hidden="true" className="space-y-3 p-6 sm:p-8">
          <div className="h-3 w-24 animate-pulse rounded bg-surface-sunken" />
          <div className="h-7 w-56 animate-pulse rounded bg-surface-sunken" />
          <div className="h-5 w-full animate-pulse rounded bg-surface-sunken" />
          <div className="h-5 w-2/3 animate-pulse rounded bg-surface-sunken" />
        </Card>
      ))}
    </div>
  );
}

function Weeks({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useRequireUser();
  const history = useQuery({
    ...historyPageQuery(page, toLocale(i18n.language)),
    enabled: user !== undefined,
  });
  const redirecting = useJournalRedirects(history.error);
  if (history.isError && !redirecting) {
    return (
      <LoadFailed
        message={t('history.loadError')}
        retryLabel={t('history.retry')}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  const data = history.data;
  if (!data) return <WeeksSkeleton />;
  if (data.total === 0) {
    return (
      <Card className="flex flex-col items-center p-8 text-center sm:p-10">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
          <CalendarClock className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 font-display text-2xl font-semibold">{t('history.empty.title')}</h2>
        <p className="mt-2 max-w-md text-fg-muted">{t('history.empty.body')}</p>
      </Card>
    );
  }
  return (
    <div aria-busy={history.isPlaceholderData || undefined}>
      <ol className="space-y-6">
        {data.weeks.map((week) => {
          const number = isoWeekNumber(week.isoWeek);
          return (
            <li key={week.startDate}>
              <WeekSummaryCard
                week={week}
                weekLabel={number === null ? week.isoWeek : t('dashboard.week.label', { week: number })}
              />
            </li>
          );
        })}
      </ol>
      <Pagination
        page={data.page}
        pageCount={data.pageCount}
        label={t('history.pagination.label')}
        onPage={onPage}
      />
    </div>
  );
}

/**
 * Looking back (issue 14, "/history"): every past week, newest first, five a page, each with its insight and
 * the beginning of its reflections; and a search over all of one's reflections, with the words marked. Page
 * and query live in the address, so a result can be bookmarked and Back returns to it.
 */
export function Component() {
  const { t } = useTranslation();
  useRequireUser();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = pageFrom(params.get('page'));

  const search = (next: string) =>
    setParams(next ? { q: next } : {}, { replace: query !== '' && next !== '', preventScrollReset: true });
  const goTo = (next: number) => {
    setParams({ ...(query ? { q: query } : {}), page: String(next) });
    toTop();
  };

  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-3xl px-5 pt-2 pb-16 sm:px-8">
        <BackToDashboard label={t('history.back')} />
        <h1 className="mt-4 font-display text-4xl font-semibold text-balance sm:text-5xl">
          {t('history.title')}
        </h1>
        <p className="mt-3 text-lg text-fg-muted">{t('history.subtitle')}</p>
        <SearchForm query={query} onSearch={search} />
        <div className="mt-8">
          {query ? (
            <Searching query={query} page={page} onPage={goTo} />
          ) : (
            <Weeks page={page} onPage={goTo} />
          )}
        </div>
      </div>
    </div>
  );
}

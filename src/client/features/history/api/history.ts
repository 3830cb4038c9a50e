import { ApiError, apiRequest } from '@client/lib/api-client';
import type { TLocale } from '@shared/domain/locale';
import type { THistoryPage, THistoryWeek, TSearchResult } from '@shared/schemas/history';
import type { TLatestInsight } from '@shared/schemas/insights';
import type { TIME_ZONE_HEADER } from '@shared/schemas/journal';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * Looking back (issue 14): the newest insight for the dashboard, the past weeks, one week and the search
 * (`/api/insights/*`, `/api/history/*`, contracts in shared/schemas/insights.ts and history.ts). Requests
 * carry the browser's time zone, from which the server knows which weeks are past.
 */

// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const timeZoneHeader: typeof TIME_ZONE_HEADER = 'X-Time-Zone';

function headers(): Record<string, string> {
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  return timeZone ? { [timeZoneHeader]: timeZone } : {};
}

/** Answers that will not change by asking again (signed out, not onboarded, no such week) are not retried. */
function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** While an insight is being made, ask again every few seconds (it takes well under a minute). */
const PENDING_REFRESH_MS = 5000;

export const historyKeys = {
  latest: (locale: TLocale) => ['journal', 'insight', locale] as const,
  page: (page: number, locale: TLocale) => ['journal', 'history', page, locale] as const,
  week: (week: string, locale: TLocale) => ['journal', 'history-week', week, locale] as const,
  search: (query: string, page: number) => ['journal', 'search', query, page] as const,
};

export function latestInsightQuery(locale: TLocale) {
  return queryOptions({
    queryKey: historyKeys.latest(locale),
    queryFn: ({ signal }) =>
      apiRequest<TLatestInsight>(`/insights/latest?locale=${locale}`, { signal, headers: headers() }),
    retry: retryTransient,
    refetchInterval: (query) => (query.state.data?.pending ? PENDING_REFRESH_MS : false),
  });
}

export function historyPageQuery(page: number, locale: TLocale) {
  return queryOptions({
    queryKey: historyKeys.page(page, locale),
    queryFn: ({ signal }) =>
      apiRequest<THistoryPage>(`/history?page=${page}&locale=${locale}`, { signal, headers: headers() }),
    retry: retryTransient,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.weeks.some((week) => week.insightPending) ? PENDING_REFRESH_MS : false,
  });
}

export function historyWeekQuery(week: string, locale: TLocale) {
  return queryOptions({
    queryKey: historyKeys.week(week, locale),
    queryFn: ({ signal }) =>
      apiRequest<THistoryWeek>(`/history/weeks/${week}?locale=${locale}`, { signal, headers: headers() }),
    retry: retryTransient,
    refetchInterval: (query) => (query.state.data?.insightPending ? PENDING_REFRESH_MS : false),
  });
}

export function searchQuery(query: string, page: number) {
  const params = new URLSearchParams({ q: query, page: String(page) });
  return queryOptions({
    queryKey: historyKeys.search(query, page),
    queryFn: ({ signal }) =>
      apiRequest<TSearchResult>(`/history/search?${params}`, { signal, headers: headers() }),
    retry: retryTransient,
    placeholderData: keepPreviousData,
  });
}

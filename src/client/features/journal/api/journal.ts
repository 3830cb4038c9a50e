import { ApiError, apiErrorOf, apiRequest } from '@client/lib/api-client';
import type { TLocale } from '@shared/domain/locale';
import type { VersionedAnswers } from '@shared/domain/onboarding-answers';
import type {
  TAnswersChanged,
  TAnswersSaved,
  TChooseLane,
  TCompleteOnboarding,
  TDashboard,
  TDayReflection,
  TEntry,
  TIME_ZONE_HEADER,
  TOpenedDay,
  TProfile,
  TSaveAnswers,
  TSaveEntry,
} from '@shared/schemas/journal';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The weekly-cycle API (`/api/journal/*`, contract in shared/schemas/journal.ts). Every request carries the
 * browser's time zone, from which the server works out the user's "today".
 */

// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const timeZoneHeader: typeof TIME_ZONE_HEADER = 'X-Time-Zone';

export function timeZoneHeaders(): Record<string, string> {
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  return timeZone ? { [timeZoneHeader]: timeZone } : {};
}

type JournalRequest = {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
};

function journalRequest<T = void>(path: string, options: JournalRequest = {}): Promise<T> {
  return apiRequest<T>(`/journal${path}`, { ...options, headers: timeZoneHeaders() });
}

/**
 * Browsers cap what keepalive requests may carry in flight at 64 KiB; a bigger body goes as a normal
 * request (the reflection page keeps a draft in session storage for that case).
 */
const KEEPALIVE_BODY_LIMIT = 60_000;

/**
 * A write that should outlive the page: sent when the page is hidden or closed, so the last words typed
 * reach the server even if the tab is discarded. Answers the server's answer when the page is still there to
 * read it (a hidden tab that comes back builds on the version it saved). Rejects with an ApiError like
 * `apiRequest`.
 */
async function journalKeepalive<T>(path: string, method: 'PUT', body: unknown): Promise<T> {
  const json = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(`/api/journal${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...timeZoneHeaders() },
      body: json,
      credentials: 'same-origin',
      keepalive: new Blob([json]).size <= KEEPALIVE_BODY_LIMIT,
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json()) as T;
}

/** A write that can go either way: `keepalive` when the page is being hidden or closed. */
export type SendMode = { keepalive?: boolean };

export const journalKeys = {
  all: ['journal'] as const,
  profile: ['journal', 'profile'] as const,
  dashboard: ['journal', 'dashboard'] as const,
  day: (day: number, locale: TLocale) => ['journal', 'day', day, locale] as const,
};

/**
 * 4xx answers (signed out, locked, onboarding first) are answers, not hiccups: asking again gives the same.
 * Anything else is tried once more.
 */
function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const profileQuery = queryOptions({
  queryKey: journalKeys.profile,
  queryFn: ({ signal }) => journalRequest<TProfile>('/profile', { signal }),
  retry: retryTransient,
});

export const dashboardQuery = queryOptions({
  queryKey: journalKeys.dashboard,
  queryFn: ({ signal }) => journalRequest<TDashboard>('/dashboard', { signal }),
  retry: retryTransient,
  // Opening a day or saving one changes statuses and progress: show the cache, then ask again.
  staleTime: 0,
});

/**
 * Opening a day's page opens the day: a POST (issue 14), which starts its entry the first time and answers
 * it with its prompt. The GET of the same address only reads, so a link from elsewhere changes nothing.
 */
export function dayReflectionQuery(day: number, locale: TLocale) {
  return queryOptions({
    queryKey: journalKeys.day(day, locale),
    queryFn: ({ signal }) =>
      journalRequest<TOpenedDay>(`/days/${day}?locale=${locale}`, { method: 'POST', signal }),
    retry: retryTransient,
    // Forgotten as soon as the page closes: coming back must show what was saved since, not a cached text.
    gcTime: 0,
  });
}

/**
 * A save of the onboarding answers refused because an answer was saved since the version it was written over
 * (on another device): `current` is the answers as they are now. Nothing of the refused save was written.
 */
export class AnswersChangedError extends Error {
  override name = 'AnswersChangedError';
  constructor(readonly current: VersionedAnswers) {
    super('the answers were saved elsewhere since');
  }
}

function changedAnswersOf(error: unknown): VersionedAnswers | null {
  if (!(error instanceof ApiError) || error.code !== 'answers_changed') return null;
  const payload = error.payload as Partial<TAnswersChanged> | null;
  return Array.isArray(payload?.answers) && Array.isArray(payload.versions)
    ? { texts: payload.answers, versions: payload.versions }
    : null;
}

/** The journal request, with a refusal for answers saved elsewhere as AnswersChangedError. */
async function answersRequest<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const current = changedAnswersOf(error);
    throw current ? new AnswersChangedError(current) : error;
  }
}

/**
 * The onboarding autosave: the whole answers array over the versions it was written over, merged on the
 * server. Answers the versions as saved. The cached profile follows, so
 * coming back to the page resumes with what was saved, not with what was loaded first. Rejects with
 * AnswersChangedError when an answer was saved elsewhere since.
 */
export function useSaveOnboardingAnswers() {
  const queryClient = useQueryClient();
  return async (answers: string[], baseVersions: number[], mode: SendMode = {}) => {
    const body: TSaveAnswers = { answers, baseVersions };
    const { versions } = await answersRequest(() =>
      mode.keepalive
        ? journalKeepalive<TAnswersSaved>('/onboarding/answers', 'PUT', body)
        : journalRequest<TAnswersSaved>('/onboarding/answers', { method: 'PUT', body }),
    );
    queryClient.setQueryData(
      journalKeys.profile,
      (profile) => profile && { ...profile, answers, answerVersions: versions },
    );
    return versions;
  };
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompleteOnboarding) =>
      answersRequest(() => journalRequest<TProfile>('/onboarding/complete', { method: 'POST', body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(journalKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: journalKeys.dashboard });
    },
  });
}

/**
 * A save of a day's text refused because the entry was saved since the version it was written over (on
 * another device): `current` is the entry as it is now. Nothing of the refused save was written.
 */
export class EntryChangedError extends Error {
  override name = 'EntryChangedError';
  constructor(readonly current: TEntry) {
    super('the entry was saved elsewhere since');
  }
}

function changedEntryOf(error: unknown): TEntry | null {
  if (!(error instanceof ApiError) || error.code !== 'entry_changed') return null;
  const entry = (error.payload as { entry?: Partial<TEntry> } | null)?.entry;
  return typeof entry?.contentText === 'string' && typeof entry.version === 'number'
    ? (entry as TEntry)
    : null;
}

/**
 * The day's entry as it is stored now, read without opening the day (the GET): what a page that was hidden
 * compares with the text it shows. Null before the day was started.
 */
export async function readDayEntry(day: number, locale: TLocale): Promise<TEntry | null> {
  const reflection = await journalRequest<TDayReflection>(`/days/${day}?locale=${locale}`);
  return reflection.entry;
}

/**
 * Saves a day's text (autosave and the save button) over `baseVersion`, the version of the entry the text
 * was written over. Answers the stored entry (with keepalive too, when the page is still there to read it).
 * Rejects with EntryChangedError when the entry was saved elsewhere since.
 */
export async function saveDayEntry(
  day: number,
  contentText: string,
  baseVersion: number,
  mode: SendMode = {},
): Promise<TEntry> {
  const body: TSaveEntry = { contentText, baseVersion };
  try {
    if (mode.keepalive) return await journalKeepalive<TEntry>(`/days/${day}`, 'PUT', body);
    return await journalRequest<TEntry>(`/days/${day}`, { method: 'PUT', body });
  } catch (error) {
    const current = changedEntryOf(error);
    throw current ? new EntryChangedError(current) : error;
  }
}

export function useAnotherPrompt(day: number, locale: TLocale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      journalRequest<TOpenedDay>(`/days/${day}/another-prompt?locale=${locale}`, { method: 'POST' }),
    onSuccess: (reflection) => queryClient.setQueryData(journalKeys.day(day, locale), reflection),
  });
}

export function useChooseLane() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChooseLane) => journalRequest<TDashboard>('/lane', { method: 'POST', body }),
    onSuccess: (dashboard) => queryClient.setQueryData(journalKeys.dashboard, dashboard),
  });
}

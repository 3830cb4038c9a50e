import type { TLocale } from '@shared/domain/locale';
import type { NewsletterKind } from '@shared/domain/newsletters';
import type {
  TNewsletterContent,
  TNewsletterDefaults,
  TNewsletterDraft,
  TNewsletterDraftList,
  TNewsletterGifs,
  TNewsletterPreview,
  TNewsletterPreviewRequest,
  TNewsletterVersionList,
  TRestoreNewsletterVersion,
  TSaveNewsletterDraft,
  TUpdateNewsletterDraft,
} from '@shared/schemas/newsletters';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { retryServerFailure } from './content';

/**
 * The newsletter and GDPR e-mail composers (`/api/admin/newsletters/*`): default texts, saved drafts, the
 * preview rendered by the server exactly as the e-mail is sent, and the GIF of each kind in each language.
 */

const newslettersKey = ['admin', 'newsletters'] as const;
export const newsletterDraftsKey = (kind: NewsletterKind) => [...newslettersKey, 'drafts', kind] as const;
const newsletterPreviewKey = [...newslettersKey, 'preview'] as const;
export const newsletterGifsKey = [...newslettersKey, 'gifs'] as const;

export function newsletterDefaultsQueryOptions(kind: NewsletterKind) {
  return queryOptions({
    queryKey: [...newslettersKey, 'defaults', kind],
    queryFn: ({ signal }) =>
      adminRequest<TNewsletterDefaults>(`/newsletters/defaults?kind=${kind}`, { signal }),
    retry: retryServerFailure,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function newsletterDraftsQueryOptions(kind: NewsletterKind) {
  return queryOptions({
    queryKey: newsletterDraftsKey(kind),
    queryFn: ({ signal }) => adminRequest<TNewsletterDraftList>(`/newsletters?kind=${kind}`, { signal }),
    retry: retryServerFailure,
    // Other staff save drafts too; a section opened again shows theirs.
    staleTime: 0,
  });
}

export const newsletterGifsQueryOptions = queryOptions({
  queryKey: newsletterGifsKey,
  queryFn: ({ signal }) => adminRequest<TNewsletterGifs>('/newsletters/gifs', { signal }),
  retry: retryServerFailure,
});

/** One saved draft, fresh from the server (the list may be a moment old). */
export function fetchNewsletterDraft(id: string): Promise<TNewsletterDraft> {
  return adminRequest<TNewsletterDraft>(`/newsletters/${encodeURIComponent(id)}`);
}

/**
 * The e-mail of one language as it would be sent. The previous answer stays on screen while the next one
 * loads, so the preview does not blink on every keystroke.
 */
export function useNewsletterPreview(request: {
  kind: NewsletterKind;
  language: TLocale;
  content: TNewsletterContent;
}) {
  return useQuery({
    queryKey: [...newsletterPreviewKey, request],
    queryFn: ({ signal }) =>
      adminRequest<TNewsletterPreview>('/newsletters/preview', {
        method: 'POST',
        body: request satisfies TNewsletterPreviewRequest,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryServerFailure,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every version of a draft, the current one first (decision 047). */
export function newsletterVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...newslettersKey, 'versions', id],
    queryFn: ({ signal }) =>
      adminRequest<TNewsletterVersionList>(`/newsletters/${encodeURIComponent(id)}/versions`, { signal }),
    retry: retryServerFailure,
    staleTime: 0,
  });
}

/** After a save or a restore: the draft first in its list, and its versions asked again. */
function useDraftSaved() {
  const queryClient = useQueryClient();
  return (draft: TNewsletterDraft) => {
    queryClient.setQueryData<TNewsletterDraftList>(newsletterDraftsKey(draft.kind), (list) =>
      list ? { drafts: [draft, ...list.drafts.filter((row) => row.id !== draft.id)] } : list,
    );
    void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey(draft.kind) });
    void queryClient.invalidateQueries({ queryKey: [...newslettersKey, 'versions', draft.id] });
  };
}

/**
 * Saves a new draft (no id), or the next version of a saved one, edited from `baseVersion`; the list then
 * shows it first. A draft someone saved meanwhile answers `draft_version_conflict`.
 */
export function useSaveNewsletterDraft() {
  const saved = useDraftSaved();
  return useMutation({
    mutationFn: ({
      id,
      baseVersion,
      body,
    }: {
      id: string | null;
      baseVersion: number | null;
      body: TSaveNewsletterDraft;
    }) =>
      id && baseVersion
        ? adminRequest<TNewsletterDraft>(`/newsletters/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: { ...body, baseVersion } satisfies TUpdateNewsletterDraft,
          })
        : adminRequest<TNewsletterDraft>('/newsletters', { method: 'POST', body }),
    onSuccess: saved,
  });
}

/** Makes an earlier version the next version of its draft; the one on screen was `baseVersion`. */
export function useRestoreNewsletterVersion() {
  const saved = useDraftSaved();
  return useMutation({
    mutationFn: ({ id, version, baseVersion }: { id: string; version: number; baseVersion: number }) =>
      adminRequest<TNewsletterDraft>(`/newsletters/${encodeURIComponent(id)}/versions/${version}/restore`, {
        method: 'POST',
        body: { baseVersion } satisfies TRestoreNewsletterVersion,
      }),
    onSuccess: saved,
  });
}

export function useDeleteNewsletterDraft(kind: NewsletterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`/newsletters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TNewsletterDraftList>(newsletterDraftsKey(kind), (list) =>
        list ? { drafts: list.drafts.filter((row) => row.id !== id) } : list,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey(kind) }),
  });
}

export function useDeleteAllNewsletterDrafts(kind: NewsletterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<{ deleted: number }>(`/newsletters?kind=${kind}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<TNewsletterDraftList>(newsletterDraftsKey(kind), { drafts: [] }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey(kind) }),
  });
}

/** After a GIF upload or removal: the GIFs as they are now, and previews that show them. */
export function useGifsChanged() {
  const queryClient = useQueryClient();
  return (gifs: TNewsletterGifs) => {
    queryClient.setQueryData(newsletterGifsKey, gifs);
    void queryClient.invalidateQueries({ queryKey: newsletterPreviewKey });
  };
}

const gifPath = (kind: NewsletterKind, language: TLocale) => `/newsletters/gifs/${kind}/${language}`;

export const gifUploadTarget = (kind: NewsletterKind, language: TLocale) =>
  ({ method: 'POST', path: gifPath(kind, language) }) as const;

/** Removes the GIF an e-mail shows in one language. */
export function useRemoveGif() {
  const gifsChanged = useGifsChanged();
  return useMutation({
    mutationFn: ({ kind, language }: { kind: NewsletterKind; language: TLocale }) =>
      adminRequest<TNewsletterGifs>(gifPath(kind, language), { method: 'DELETE' }),
    onSuccess: gifsChanged,
  });
}

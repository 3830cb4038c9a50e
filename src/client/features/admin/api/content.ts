import { ApiError } from '@client/lib/api-client';
import { contentPagePath, contentReadPath } from '@shared/domain/admin';
import type { CmsPage } from '@shared/domain/cms';
import type { TLocale } from '@shared/domain/locale';
import type { SeoPage } from '@shared/domain/seo';
import type { TContentKind, TContentPage, TPublishResult, TSaveContentDrafts } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/**
 * Page texts and SEO values of the admin area (`/api/admin/content/{kind}/{page}`): one page and language is
 * loaded, its drafts are saved in one request, and the page is published in that language.
 */

export type ContentTarget = { kind: TContentKind; page: CmsPage | SeoPage; locale: TLocale };

export const contentKey = ({ kind, page, locale }: ContentTarget) =>
  ['admin', 'content', kind, page, locale] as const;

/** A refused request (4xx) will be refused again; only a server or network failure is retried, once. */
export function retryServerFailure(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function contentQueryOptions(target: ContentTarget) {
  return queryOptions({
    queryKey: contentKey(target),
    queryFn: ({ signal }) => adminRequest<TContentPage>(contentReadPath(target), { signal }),
    retry: retryServerFailure,
    // Staff edit these; what another staff member saved a moment ago should show when a tab opens again.
    staleTime: 0,
  });
}

/** PUT the changed drafts (an empty string clears one); the answer is the page as it now is. */
export function useSaveContentDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, drafts }: { target: ContentTarget; drafts: TSaveContentDrafts['drafts'] }) =>
      adminRequest<TContentPage>(`${contentPagePath(target)}/${target.locale}`, {
        method: 'PUT',
        body: { drafts } satisfies TSaveContentDrafts,
      }),
    onSuccess: (page, { target }) => queryClient.setQueryData(contentKey(target), page),
  });
}

/** Makes the saved drafts of a page and language live. */
export function usePublishContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ContentTarget) =>
      adminRequest<TPublishResult>(`${contentPagePath(target)}/${target.locale}/publish`, { method: 'POST' }),
    onSettled: (_result, _error, target) => queryClient.invalidateQueries({ queryKey: contentKey(target) }),
  });
}

import { href } from '@shared/routes';
import type { TSessionInfo, TSessionUser } from '@shared/schemas/accounts';
import { SESSION_HINT_ELEMENT_ID } from '@shared/ssr';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiRequest } from './api-client';
import { readEmbeddedJson } from './embedded-json';

/** `{ user: null }` when the server rendered this page for a request without a session cookie. */
function readSignedOutHint(): TSessionInfo | null {
  const hint = readEmbeddedJson(SESSION_HINT_ELEMENT_ID);
  return hint && typeof hint === 'object' && 'user' in hint && hint.user === null ? { user: null } : null;
}
const signedOutAtLoad = readSignedOutHint();

/**
 * Who is signed in, from `GET /api/account/session`. The session itself is an HttpOnly cookie the page never
 * sees; this query only says whether there is one and whose it is.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'] as const,
  queryFn: ({ signal }) => apiRequest<TSessionInfo>('/account/session', { signal }),
  staleTime: 60_000,
  // What the server knew when it rendered the page (no session cookie: nobody signed in), shown at once and,
  // as another tab may have signed in since, checked again in the background (decision 054).
  initialData: () => signedOutAtLoad ?? undefined,
  initialDataUpdatedAt: 0,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Forgets everything cached about the previous user (after sign-in, sign-out and deletion). */
export function useResetUserData() {
  const queryClient = useQueryClient();
  return async (info: TSessionInfo) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    queryClient.setQueryData(sessionQueryOptions.queryKey, info);
  };
}

/**
 * The signed-in user of a page that needs one; sends everybody else to /auth (remembering where they were
 * going). `user` is undefined while the session loads or when the redirect is under way.
 */
export function useRequireUser(): { user: TSessionUser | undefined; isError: boolean } {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = session.isSuccess && session.data.user === null;
  // Once: a page that is fading out (page transitions) still sees the new address, which is /auth itself.
  const redirected = useRef(false);
  useEffect(() => {
    if (!signedOut || redirected.current) return;
    redirected.current = true;
    navigate(href('auth', { next: location.pathname + location.search }), { replace: true });
  }, [signedOut, navigate, location.pathname, location.search]);
  return { user: session.data?.user ?? undefined, isError: session.isError };
}

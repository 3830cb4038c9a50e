import { apiRequest } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { ADMIN_SESSION_PATH } from '@shared/domain/admin';
import type { StaffPermission } from '@shared/domain/staff';
import { href } from '@shared/routes';
import type { TAdminLogin, TAdminSession, TAdminSessionState } from '@shared/schemas/admin';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { forgetUnsavedContentEdits } from '../hooks/use-content-editor';
import { isAdminSessionMissing, onAdminSessionLost } from './admin-request';

/**
 * The staff session (spec §4 "Admin session"): an HttpOnly cookie the page never sees. The query answers
 * who is signed in, or null when nobody is. Every admin query key starts with ADMIN_QUERY_KEY, so signing
 * out forgets them all at once.
 */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/** One toast about the staff session at a time: signing in replaces "session not found", and so on. */
export const ADMIN_SESSION_TOAST_ID = 'admin-session';
export const adminSessionKey = ['admin', 'session'] as const;

// Not through adminRequest: "nobody is signed in" is this query's answer (null), not a lost session.
async function fetchAdminSession(signal: AbortSignal): Promise<TAdminSession | null> {
  const state = await apiRequest<TAdminSessionState>(`/admin${ADMIN_SESSION_PATH}`, { signal });
  return state.session;
}

export const adminSessionQueryOptions = queryOptions({
  queryKey: adminSessionKey,
  queryFn: ({ signal }) => fetchAdminSession(signal),
  staleTime: 0,
  retry: false,
});

/**
 * An answer this fresh was read by the route loader of the page that is opening (decision 058): the page
 * takes it as it is instead of asking again, for the session check and the texts it shows at once.
 */
export const JUST_READ_MS = 2000;

export type StaffGuard = {
  /** The signed-in session; undefined while it loads, or when the redirect is under way. */
  session: TAdminSession | undefined;
  /** The session could not be checked (network, server error); `retry` asks again. */
  isError: boolean;
  retry: () => void;
};

/**
 * The staff member of an admin page. The session is checked on every load of such a page (spec §4), and
 * when it is missing, or any admin call later reports it lost, the page says so once and goes to the
 * sign-in page. `signingOut`: the staff member is signing out on purpose, so the session ending (which the
 * page's open requests and live stream notice first, sometimes before the sign-out answers) is no loss.
 */
export function useRequireStaff({ signingOut = false }: { signingOut?: boolean } = {}): StaffGuard {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery({
    ...adminSessionQueryOptions,
    // Checked on every load of the page, unless its route loader has just checked it (/list).
    staleTime: JUST_READ_MS,
  });
  // A page fading out after a navigation already sees the new address: it must not redirect from there
  // (after signing out, say, when its last requests answer 401).
  const [ownPath] = useState(location.pathname);
  const stillHere = location.pathname === ownPath;
  // A sign-in that still waits for its second factor (or its setup) is finished on the sign-in page.
  const halfSignedIn = Boolean(session.data && session.data.stage !== 'full');
  const signedOut = session.isSuccess && (session.data === null || halfSignedIn) && !session.isFetching;

  useEffect(
    () =>
      onAdminSessionLost(() => {
        queryClient.setQueryData(adminSessionKey, null);
      }),
    [queryClient],
  );

  const redirected = useRef(false);
  useEffect(() => {
    if (!signedOut || !stillHere || signingOut || redirected.current) return;
    redirected.current = true;
    if (!halfSignedIn) toast.error(t('errors.admin_session_missing'), { id: ADMIN_SESSION_TOAST_ID });
    void navigate(href('adminLogin'), { replace: true });
  }, [signedOut, halfSignedIn, stillHere, signingOut, navigate, t]);

  return {
    session: session.data?.stage === 'full' ? session.data : undefined,
    isError: session.isError,
    retry: () => void session.refetch(),
  };
}

/** Whether the session's role allows `permission` (the server checks every call anyway). */
export function canDo(session: Pick<TAdminSession, 'permissions'>, permission: StaffPermission): boolean {
  return session.permissions.includes(permission);
}

/**
 * Puts a session just opened in place (sign-in, an accepted staff invitation). Whatever else was cached
 * belonged to the previous session; the session query itself stays, so the page watching it hears of the
 * new one.
 */
export function replaceAdminSession(queryClient: QueryClient, session: TAdminSession) {
  queryClient.removeQueries({
    queryKey: ADMIN_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== adminSessionKey[1],
  });
  queryClient.setQueryData(adminSessionKey, session);
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminLogin) => apiRequest<TAdminSession>('/admin/session', { method: 'POST', body }),
    onSuccess: (session) => replaceAdminSession(queryClient, session),
  });
}

/**
 * "Stay signed in" (decision 047): the session then ends 8 hours from now, at most 24 hours after sign-in.
 * The answer is the session with its end as it is now (unmoved at that limit), and takes its place.
 */
export function useExtendAdminSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TAdminSession>('/admin/session/extend', { method: 'POST' }),
    onSuccess: (session) => queryClient.setQueryData(adminSessionKey, session),
    onError: (error) => {
      if (isAdminSessionMissing(error)) queryClient.setQueryData(adminSessionKey, null);
    },
  });
}

/**
 * Ends the staff session on the server. An already ended one (401) counts as signed out. The caller leaves
 * the page; the cache is emptied by `useForgetAdminDataOnLeave` once that page is gone, so it does not
 * flash "session missing" while it fades out.
 */
export function useAdminLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('/admin/session', { method: 'DELETE' });
      } catch (error) {
        if (!isAdminSessionMissing(error)) throw error;
      }
    },
  });
}

/** Returns `leave()`: marks that the staff member signed out, so the admin cache is dropped on unmount. */
export function useForgetAdminDataOnLeave(): () => void {
  const queryClient = useQueryClient();
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) {
        forgetUnsavedContentEdits();
        queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
        queryClient.setQueryData(adminSessionKey, null);
      }
    },
    [queryClient],
  );
  return () => {
    leaving.current = true;
  };
}

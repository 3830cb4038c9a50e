import { ApiError } from '@client/lib/api-client';
import { sessionQueryOptions } from '@client/lib/session';
import { href } from '@shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * The answers of the journal API that send a person elsewhere: 409 `onboarding_required` to /onboarding
 * (spec §2), 401 (the session ended meanwhile) to /auth, by asking for the session again so that
 * `useRequireUser` redirects. True while such a redirect is under way.
 */
export function useJournalRedirects(error: unknown): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = error instanceof ApiError ? error.status : null;
  const code = error instanceof ApiError ? error.code : null;
  const toOnboarding = code === 'onboarding_required';
  const signedOut = status === 401;
  useEffect(() => {
    if (toOnboarding) navigate(href('onboarding'), { replace: true });
    else if (signedOut) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
  }, [toOnboarding, signedOut, navigate, queryClient]);
  return toOnboarding || signedOut;
}

/**
 * For failed writes: when the answer says the session has ended, asks for the session again, so that
 * `useRequireUser` sends the person to sign in (and back here afterwards).
 */
export function useSessionEndedCheck() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    }
  };
}

import { useResetUserData } from '@client/lib/session';
import { setFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * After signing out or deleting the account: goes home, then forgets the user. The order matters: the page
 * being left stays on screen while it fades out, and a page that needs a user sends a signed-out visitor to
 * /auth, so the cache learns "signed out" only once that page is gone (when this hook's page unmounts).
 */
export function useLeaveSignedOut() {
  const navigate = useNavigate();
  const resetUserData = useResetUserData();
  const reset = useRef(resetUserData);
  reset.current = resetUserData;
  const leaving = useRef(false);

  useEffect(
    () => () => {
      if (leaving.current) void reset.current({ user: null });
    },
    [],
  );

  return () => {
    leaving.current = true;
    // Someone who has just used the app is not a first-time visitor: no reveal veil on the way out.
    setFlag('homeForceClear');
    void navigate(href('home'));
  };
}

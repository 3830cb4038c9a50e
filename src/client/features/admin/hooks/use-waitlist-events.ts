import type { WAITLIST_EVENT_NAME } from '@shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminWaitlistKey } from '../api/waitlist';
import { useAdminEventStream } from './use-admin-event-stream';

const EVENTS_URL = '/api/admin/waitlist/events';
// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const waitlistEventName: typeof WAITLIST_EVENT_NAME = 'waitlist';
/** A burst of sign-ups becomes one reload of the list. */
const COALESCE_MS = 300;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps the waiting list live while mounted: the server's stream says when the list changed (here or in
 * another app process) and the list is loaded again. On every (re)connection the list is loaded once more,
 * since changes made while the stream was down were not heard.
 */
export function useWaitlistEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const refreshList = () => {
    if (refreshTimer.current !== undefined) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: adminWaitlistKey });
    }, COALESCE_MS);
  };

  return useAdminEventStream(EVENTS_URL, {
    ready: refreshList,
    events: { [waitlistEventName]: refreshList },
  });
}

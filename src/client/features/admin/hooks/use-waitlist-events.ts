import type { WAITLIST_EVENT_NAME } from '@shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminSessionKey } from '../api/session';
import { adminWaitlistKey } from '../api/waitlist';
import { reconnectDelay } from '../lib/reconnect-delay';

const EVENTS_URL = '/api/admin/waitlist/events';
// The schema module holds zod, so only its type is imported; the type pins this literal to the contract.
const waitlistEventName: typeof WAITLIST_EVENT_NAME = 'waitlist';
/** A burst of sign-ups becomes one reload of the list. */
const COALESCE_MS = 300;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps the waiting list live while mounted: the server's stream says when the list changed (here or in
 * another app process) and the list is loaded again. A broken stream is retried after 1, 2, 5, then every
 * 10 seconds; each failure also re-checks the session, so an ended session leads to the sign-in page
 * instead of endless retries.
 */
export function useWaitlistEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const refreshList = () => {
      if (refreshTimer !== undefined) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: adminWaitlistKey });
      }, COALESCE_MS);
    };

    const connect = () => {
      const current = new EventSource(EVENTS_URL);
      source = current;
      current.addEventListener('ready', () => {
        // Changes made before the stream listened (while it was down, or while the list was loading)
        // were not heard: load the list once more.
        refreshList();
        failures = 0;
        setStatus('live');
      });
      current.addEventListener(waitlistEventName, refreshList);
      current.addEventListener('error', () => {
        current.close();
        if (source !== current) return;
        source = null;
        setStatus('reconnecting');
        void queryClient.invalidateQueries({ queryKey: adminSessionKey });
        retryTimer = setTimeout(connect, reconnectDelay(failures));
        failures += 1;
      });
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
      source?.close();
      source = null;
    };
  }, [queryClient]);

  return status;
}

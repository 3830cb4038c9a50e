import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { adminSessionKey } from '../api/session';
import { reconnectDelay } from '../lib/reconnect-delay';
import type { LiveStatus } from './use-waitlist-events';

/** What a stream's listeners hear: `ready` once connected, then the named events with their data. */
export type AdminStreamHandlers = {
  /** The stream listens now; what changed before (while it was down or loading) was not heard. */
  ready: () => void;
  events: Record<string, (data: string) => void>;
};

/**
 * One of the admin area's server-sent-event streams, open while mounted. A broken stream is retried after
 * 1, 2, 5, then every 10 seconds; each failure also re-checks the session, so an ended session leads to the
 * sign-in page instead of endless retries.
 */
export function useAdminEventStream(url: string, handlers: AdminStreamHandlers): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The newest handlers, without reconnecting when they change.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  const eventNames = Object.keys(handlers.events).sort().join(' ');

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const connect = () => {
      const stream = new EventSource(url);
      source = stream;
      stream.addEventListener('ready', () => {
        current.current.ready();
        failures = 0;
        setStatus('live');
      });
      for (const name of eventNames.split(' ').filter(Boolean)) {
        stream.addEventListener(name, (event) => {
          current.current.events[name]?.((event as MessageEvent<string>).data);
        });
      }
      stream.addEventListener('error', () => {
        stream.close();
        if (source !== stream) return;
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
      source?.close();
      source = null;
    };
  }, [url, eventNames, queryClient]);

  return status;
}

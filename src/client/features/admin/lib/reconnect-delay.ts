import { ADMIN_EVENTS_RECONNECT_DELAYS_MS } from '@shared/domain/admin';

/**
 * How long to wait before reconnecting the live stream after `failures` failed connections in a row
 * (0 for the first failure): 1, 2, 5, then 10 seconds for every further try.
 */
export function reconnectDelay(
  failures: number,
  schedule: readonly number[] = ADMIN_EVENTS_RECONNECT_DELAYS_MS,
): number {
  const last = schedule.length - 1;
  const index = Number.isInteger(failures) && failures > 0 ? Math.min(failures, last) : 0;
  return schedule[index] ?? 0;
}

import { ADMIN_EVENTS_RECONNECT_DELAYS_MS } from '@shared/domain/admin';
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('follows the schedule of spec §9 and then repeats its last step', () => {
    const delays = Array.from({ length: 7 }, (_, failures) => reconnectDelay(failures));
    expect(delays).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('uses the shared constants', () => {
    expect(reconnectDelay(0)).toBe(ADMIN_EVENTS_RECONNECT_DELAYS_MS[0]);
    expect(reconnectDelay(1000)).toBe(ADMIN_EVENTS_RECONNECT_DELAYS_MS.at(-1));
  });

  it('treats odd counts as the first failure', () => {
    expect(reconnectDelay(-3)).toBe(1000);
    expect(reconnectDelay(Number.NaN)).toBe(1000);
    expect(reconnectDelay(1.5)).toBe(1000);
  });

  it('takes another schedule', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, [5, 50]))).toEqual([5, 50, 50, 50]);
    expect(reconnectDelay(4, [])).toBe(0);
  });
});

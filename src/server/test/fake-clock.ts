import type { Clock } from '../lib/clock';

export type FakeClock = Clock & { advance(ms: number): void; set(date: Date): void };

/** A clock that only moves when the test moves it. */
export function createFakeClock(start = new Date('2026-03-02T09:00:00.000Z')): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

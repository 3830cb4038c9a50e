/** Where the server reads the time. Injected so tests can move time with a fake clock. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The system clock moved by `offsetMs` (see the CLOCK_OFFSET_MS setting). */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

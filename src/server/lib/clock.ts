/** Where the server reads the time. Injected so tests can move time with a fake clock. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

import * as rateLimits from './schema/rate-limits';

/** Every table, for Drizzle's relational queries. Tables themselves are declared only in `schema/`. */
export const schema = { ...rateLimits };
export type Schema = typeof schema;

import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One fixed-window counter per key (for example `waitlist:ip:<hash>`), shared by every app process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_expires_at_idx').on(table.expiresAt)],
);

/**
 * Sign-in throttling (`lib/login-throttle.ts`): one row per account or client address (keyed hashes, so no
 * row names anybody), counting failed sign-ins. `blocked_until` is when the next attempt is allowed;
 * `last_refused` says whether the latest attempt came too early and was refused unchecked.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastRefused: boolean('last_refused').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('login_throttles_expires_at_idx').on(table.expiresAt)],
);

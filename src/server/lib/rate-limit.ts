import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterMs: number };

/**
 * Counts one hit against `key` in a fixed window and says whether it is within the limit. One atomic
 * upsert, so concurrent requests on any number of app processes are counted exactly.
 */
export async function consumeRateLimit(
  db: Database,
  input: { key: string; rule: RateLimitRule; now: Date },
): Promise<RateLimitResult> {
  const { key, rule, now } = input;
  const windowCutoff = new Date(now.getTime() - rule.windowMs);
  const expiresAt = new Date(now.getTime() + rule.windowMs);
  const windowExpired = sql`${rateLimits.windowStartedAt} <= ${windowCutoff}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, hits: 1, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowExpired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowExpired} then ${now} else ${rateLimits.windowStartedAt} end`,
        expiresAt: sql`case when ${windowExpired} then ${expiresAt} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error(`rate limit upsert for ${key} returned no row`);
  const allowed = row.hits <= rule.limit;
  const windowEndsAt = row.windowStartedAt.getTime() + rule.windowMs;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - row.hits),
    retryAfterMs: allowed ? 0 : Math.max(0, windowEndsAt - now.getTime()),
  };
}

/** Takes back one hit counted on `key` (an attempt counted in advance that turned out not to count). */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Removes counters whose window has passed; run periodically by a worker. */
export async function deleteExpiredRateLimits(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

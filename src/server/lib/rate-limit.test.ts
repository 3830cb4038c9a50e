import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { createFakeClock } from '../test/fake-clock';
import { createTestDatabase } from '../test/test-db';
import { consumeRateLimit, deleteExpiredRateLimits } from './rate-limit';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rule = { limit: 3, windowMs: 60 * 60_000 };

describe('rate limit', () => {
  it('allows the limit within a window, refuses the next, and resets when the window passes', async () => {
    const clock = createFakeClock();
    const hit = () => consumeRateLimit(database.db, { key: 'join:a', rule, now: clock.now() });
    expect(await hit()).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
    clock.advance(1000);
    expect((await hit()).remaining).toBe(1);
    expect((await hit()).allowed).toBe(true);
    clock.advance(10 * 60_000);
    const refused = await hit();
    expect(refused).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: rule.windowMs - 10 * 60_000 - 1000,
    });
    clock.advance(rule.windowMs);
    expect(await hit()).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
  });

  it('keeps keys apart', async () => {
    const now = new Date();
    await consumeRateLimit(database.db, { key: 'join:b', rule: { limit: 1, windowMs: 1000 }, now });
    expect(
      (await consumeRateLimit(database.db, { key: 'join:c', rule: { limit: 1, windowMs: 1000 }, now }))
        .allowed,
    ).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        consumeRateLimit(database.db, { key: 'join:concurrent', rule: { limit: 5, windowMs: 60_000 }, now }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('sweeps counters whose window is over', async () => {
    const clock = createFakeClock(new Date('2030-01-01T00:00:00Z'));
    await consumeRateLimit(database.db, {
      key: 'sweep:old',
      rule: { limit: 1, windowMs: 1000 },
      now: clock.now(),
    });
    clock.advance(5000);
    await consumeRateLimit(database.db, {
      key: 'sweep:new',
      rule: { limit: 1, windowMs: 60_000 },
      now: clock.now(),
    });
    await deleteExpiredRateLimits(database.db, clock.now());
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('sweep:new');
    expect(keys).not.toContain('sweep:old');
  });
});

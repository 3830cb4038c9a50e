import { createHash, timingSafeEqual } from 'node:crypto';
import { isoDate } from '@shared/schemas/dates';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/journal';

/**
 * What end-to-end tests need and a browser cannot do (decision 067): the app lives on a Thursday
 * (CLOCK_OFFSET_MS), and a member who joined on a Thursday starts on the next Monday, so the specs that write
 * this week's days first say their member joined earlier. Exists only with TEST_SUPPORT_TOKEN set (the e2e
 * server sets it; the server warns at start), answers only to that token as a bearer, and can change nothing
 * but a member's first day.
 */
const ZFirstDay = z.object({
  email: z.string().email(),
  firstDay: isoDate(),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function testSupportRoutes(deps: { db: Database; token: string | undefined }) {
  const app = new Hono();
  const { token } = deps;
  if (!token) return app;
  const expected = digest(`Bearer ${token}`);
  app.post('/test-support/first-day', async (c) => {
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
      return c.json({ error: { code: 'unauthenticated' } }, 401);
    }
    const parsed = ZFirstDay.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: { code: 'validation' } }, 400);
    const [user] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, parsed.data.email.toLowerCase()));
    if (!user) return c.json({ error: { code: 'not_found' } }, 404);
    const updated = await deps.db
      .update(profiles)
      .set({
        profileV0: sql`${profiles.profileV0} || jsonb_build_object('first_day', ${parsed.data.firstDay}::text)`,
      })
      .where(eq(profiles.userId, user.id))
      .returning({ userId: profiles.userId });
    if (updated.length === 0) return c.json({ error: { code: 'onboarding_required' } }, 409);
    return c.body(null, 204);
  });
  return app;
}

import { createRoute } from '@hono/zod-openapi';
import { ZBubbleList, ZSaveBubbles } from '@shared/schemas/bubbles';
import { createApiRouter, currentUser, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { type BubblesDeps, listBubbles, saveBubbles } from './service';

const TAGS = ['bubbles'];

/** Each answer is one save, and a sign-in merges once: far more than a person needs, too few to flood. */
export const SAVE_BUBBLES_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 };

const unauthenticated = errorResponse('unauthenticated: no session');

const listRoute = createRoute({
  method: 'get',
  path: '/bubbles',
  tags: TAGS,
  summary: 'The signed-in person’s own bubbles, oldest first',
  responses: { 200: jsonResponse('The bubbles', ZBubbleList), 401: unauthenticated },
});

const saveRoute = createRoute({
  method: 'post',
  path: '/bubbles',
  tags: TAGS,
  summary: 'Save new bubbles by id (known ids are left as they are); answers all of the person’s bubbles',
  request: { body: jsonBody(ZSaveBubbles) },
  responses: {
    200: jsonResponse('All of the person’s bubbles afterwards', ZBubbleList),
    400: errorResponse('validation'),
    401: unauthenticated,
    409: errorResponse('bubble_limit_reached: the batch would pass the number a person can keep'),
    429: errorResponse('rate_limited, with Retry-After'),
  },
});

export function bubbleRoutes(deps: BubblesDeps) {
  const router = createApiRouter();
  // Refuse without a session before validating, so a visitor learns nothing but "sign in".
  router.use('/bubbles', async (c, next) => {
    currentUser(c);
    await next();
  });
  return router
    .openapi(listRoute, async (c) => c.json({ bubbles: await listBubbles(deps, currentUser(c).id) }, 200))
    .openapi(saveRoute, async (c) => {
      const user = currentUser(c);
      const limit = await consumeRateLimit(deps.db, {
        key: `bubbles:save:user:${user.id}`,
        rule: SAVE_BUBBLES_RATE_LIMIT,
        now: deps.clock.now(),
      });
      if (!limit.allowed) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))));
        return c.json({ error: { code: 'rate_limited' as const } }, 429);
      }
      const outcome = await saveBubbles(deps, { userId: user.id, bubbles: c.req.valid('json').bubbles });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 409);
      return c.json({ bubbles: outcome.value }, 200);
    });
}

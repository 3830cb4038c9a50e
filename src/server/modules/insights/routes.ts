import { createRoute } from '@hono/zod-openapi';
import { ZInsightQuery, ZLatestInsight } from '@shared/schemas/insights';
import { createApiRouter, currentUser, errorResponse, jsonResponse } from '../../lib/api';
import { type InsightsDeps, latestInsight } from './service';

const latestRoute = createRoute({
  method: 'get',
  path: '/insights/latest',
  tags: ['insights'],
  summary: 'The newest weekly insight (the dashboard’s), and whether one is due but not made yet',
  request: { query: ZInsightQuery },
  responses: {
    200: jsonResponse('The newest insight, or null', ZLatestInsight),
    400: errorResponse('validation'),
    401: errorResponse('unauthenticated: no session'),
  },
});

export function insightRoutes(deps: Pick<InsightsDeps, 'db' | 'clock' | 'cipher'>) {
  return createApiRouter().openapi(latestRoute, async (c) => {
    const { locale } = c.req.valid('query');
    return c.json(await latestInsight(deps, { userId: currentUser(c).id, locale }), 200);
  });
}

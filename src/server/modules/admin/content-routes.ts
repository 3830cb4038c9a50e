import {
  type TContentParams,
  ZContentPage,
  ZContentParams,
  ZPublishResult,
  ZSaveContentDrafts,
} from '@shared/schemas/admin';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import { listContent, publishContent, saveContentDrafts } from '../site/service';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin'];

const ZPageParams = ZContentParams.pick({ kind: true, page: true });
const ZLocaleQuery = ZContentParams.pick({ locale: true });

const unauthenticated = errorResponse('admin_session_missing');
const notFound = errorResponse('not_found: the kind has no such page');

const getContentRoute = adminRoute('content', {
  method: 'get',
  path: '/admin/content/{kind}/{page}',
  tags: TAGS,
  summary: 'Every text (`texts`) or SEO value (`seo`) of a page in one language, with defaults and drafts',
  request: { params: ZPageParams, query: ZLocaleQuery },
  responses: {
    200: jsonResponse('The keys of the page', ZContentPage),
    400: errorResponse('validation: unknown kind or language'),
    401: unauthenticated,
    404: notFound,
  },
});

const saveDraftsRoute = adminRoute('content', {
  method: 'put',
  path: '/admin/content/{kind}/{page}/{locale}',
  tags: TAGS,
  summary: 'Save drafts of several keys at once (an empty value clears a draft); the live page is unchanged',
  request: { params: ZContentParams, body: jsonBody(ZSaveContentDrafts) },
  responses: {
    200: jsonResponse('The page with its saved drafts', ZContentPage),
    400: errorResponse(
      'validation: a key the page does not have; invalid_json: a JSON-LD value that is not a JSON object. ' +
        '`issues[].path` names the key; nothing is saved',
    ),
    401: unauthenticated,
    404: notFound,
  },
});

const publishRoute = adminRoute('content', {
  method: 'post',
  path: '/admin/content/{kind}/{page}/{locale}/publish',
  tags: TAGS,
  summary: 'Publish the drafts of a page and language (only the keys of the kind)',
  request: { params: ZContentParams },
  responses: {
    200: jsonResponse('How many values went live', ZPublishResult),
    400: errorResponse('validation: unknown kind or language'),
    401: unauthenticated,
    404: notFound,
  },
});

export function adminContentRoutes(deps: AdminDeps) {
  const act = (c: Context<AppEnv>) => staffChange(c, deps);
  const list = (target: TContentParams) => listContent(deps.db, { ...target, appUrl: deps.config.appUrl });
  const notFoundJson = { error: { code: 'not_found' as const } };

  return createApiRouter()
    .openapi(getContentRoute, async (c) => {
      const content = await list({ ...c.req.valid('param'), ...c.req.valid('query') });
      return content ? c.json(content, 200) : c.json(notFoundJson, 404);
    })
    .openapi(saveDraftsRoute, async (c) => {
      const target = c.req.valid('param');
      const { drafts } = c.req.valid('json');
      const outcome = await saveContentDrafts(deps.db, { ...target, drafts, ...act(c) });
      if (!outcome.ok) {
        if (outcome.error === 'not_found') return c.json(notFoundJson, 404);
        return c.json({ error: { code: outcome.error, issues: outcome.issues } }, 400);
      }
      // A draft of a key never published shows publicly at once (live, else draft): serve it now.
      deps.pageContent.invalidate();
      const content = await list(target);
      return content ? c.json(content, 200) : c.json(notFoundJson, 404);
    })
    .openapi(publishRoute, async (c) => {
      const outcome = await publishContent(deps.db, { ...c.req.valid('param'), ...act(c) });
      if (!outcome.ok) return c.json(notFoundJson, 404);
      deps.pageContent.invalidate();
      return c.json({ published: outcome.published }, 200);
    });
}

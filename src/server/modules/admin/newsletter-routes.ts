import { z } from '@hono/zod-openapi';
import { LOCALES } from '@shared/domain/locale';
import { GIF_MAX_BYTES } from '@shared/domain/newsletters';
import {
  ZDeletedCount,
  ZNewsletterDefaults,
  ZNewsletterDraft,
  ZNewsletterDraftList,
  ZNewsletterGifs,
  ZNewsletterKind,
  ZNewsletterKindQuery,
  ZNewsletterPreview,
  ZNewsletterPreviewRequest,
  ZNewsletterVersionList,
  ZRestoreNewsletterVersion,
  ZSaveNewsletterDraft,
  ZUpdateNewsletterDraft,
} from '@shared/schemas/newsletters';
import type { Context } from 'hono';
import { type AppEnv, createApiRouter, errorResponse, jsonBody, jsonResponse } from '../../lib/api';
import {
  deleteAllDrafts,
  deleteDraft,
  getDraft,
  listDrafts,
  listDraftVersions,
  listGifs,
  newsletterDefaults,
  removeGif,
  renderNewsletterPreview,
  restoreDraftVersion,
  saveDraft,
  uploadGif,
} from '../newsletters/service';
import { rawRequestBody } from './media-routes';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';
import { staffChange } from './staff-change';

const TAGS = ['admin', 'newsletters'];
const unauthenticated = errorResponse('admin_session_missing');
const notFound = errorResponse('not_found: no such draft');
const invalidCtaLink = errorResponse(
  'invalid_cta_link: a non-blank call-to-action link is not an http(s) address (newsletter) or not the ' +
    'confirmation-link placeholder (gdpr)',
);

const versionConflict = errorResponse(
  'draft_version_conflict: someone saved the draft since `baseVersion`; nothing is written',
);

const ZDraftParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const ZVersionParams = ZDraftParams.extend({
  version: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'version', in: 'path' } }),
});
const ZGifParams = z.object({
  kind: ZNewsletterKind.openapi({ param: { name: 'kind', in: 'path' } }),
  language: z.enum(LOCALES).openapi({ param: { name: 'language', in: 'path' } }),
});
const ZKindQuery = ZNewsletterKindQuery.extend({
  kind: ZNewsletterKind.openapi({ param: { name: 'kind', in: 'query' } }),
});

const binary = z.string().openapi({ type: 'string', format: 'binary' });
/** The GIF itself, streamed to storage as it arrives; its first bytes decide, not the declared type. */
const gifBody = {
  required: true,
  description: `The GIF's bytes (a whole GIF87a or GIF89a file by content, at most ${GIF_MAX_BYTES / 1024 / 1024} MB)`,
  content: Object.fromEntries(
    ['image/gif', 'application/octet-stream'].map((type) => [type, { schema: binary }]),
  ),
};

const listRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/newsletters',
  tags: TAGS,
  summary: 'The saved drafts of a kind, the latest change first (for gdpr the first is the template in use)',
  request: { query: ZKindQuery },
  responses: { 200: jsonResponse('The drafts', ZNewsletterDraftList), 401: unauthenticated },
});

const defaultsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/newsletters/defaults',
  tags: TAGS,
  summary: 'The built-in texts of a kind in English and German',
  request: { query: ZKindQuery },
  responses: { 200: jsonResponse('The default texts', ZNewsletterDefaults), 401: unauthenticated },
});

const getRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/newsletters/{id}',
  tags: TAGS,
  summary: 'One draft',
  request: { params: ZDraftParams },
  responses: { 200: jsonResponse('The draft', ZNewsletterDraft), 401: unauthenticated, 404: notFound },
});

const createDraftRoute = adminRoute('newsletters', {
  method: 'post',
  path: '/admin/newsletters',
  tags: TAGS,
  summary: 'Save a new draft (both languages), version 1; also "save as new" of a loaded one',
  request: { body: jsonBody(ZSaveNewsletterDraft) },
  responses: {
    201: jsonResponse('The saved draft', ZNewsletterDraft),
    400: invalidCtaLink,
    401: unauthenticated,
  },
});

const updateDraftRoute = adminRoute('newsletters', {
  method: 'put',
  path: '/admin/newsletters/{id}',
  tags: TAGS,
  summary:
    'Save the next version of a draft (both languages); earlier versions are kept; a draft keeps its kind',
  description:
    'Texts equal to the current version make no new version. `baseVersion` is the version the texts were ' +
    'edited from: when the draft has another by now, 409 and nothing is written (decision 047).',
  request: { params: ZDraftParams, body: jsonBody(ZUpdateNewsletterDraft) },
  responses: {
    200: jsonResponse('The saved draft', ZNewsletterDraft),
    400: invalidCtaLink,
    401: unauthenticated,
    404: errorResponse('not_found: no such draft of that kind'),
    409: versionConflict,
  },
});

const versionsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/newsletters/{id}/versions',
  tags: TAGS,
  summary: 'Every version of a draft, the current one first',
  request: { params: ZDraftParams },
  responses: {
    200: jsonResponse('The versions', ZNewsletterVersionList),
    401: unauthenticated,
    404: notFound,
  },
});

const restoreRoute = adminRoute('newsletters', {
  method: 'post',
  path: '/admin/newsletters/{id}/versions/{version}/restore',
  tags: TAGS,
  summary: 'Make an earlier version the next version of its draft; the current one is kept',
  request: { params: ZVersionParams, body: jsonBody(ZRestoreNewsletterVersion) },
  responses: {
    200: jsonResponse('The draft with the restored texts', ZNewsletterDraft),
    401: unauthenticated,
    404: errorResponse('not_found: no such draft, or no such earlier version of it'),
    409: versionConflict,
  },
});

const deleteDraftRoute = adminRoute('newsletters', {
  method: 'delete',
  path: '/admin/newsletters/{id}',
  tags: TAGS,
  summary: 'Delete a draft',
  request: { params: ZDraftParams },
  responses: { 204: { description: 'Deleted' }, 401: unauthenticated, 404: notFound },
});

const deleteAllRoute = adminRoute('newsletters', {
  method: 'delete',
  path: '/admin/newsletters',
  tags: TAGS,
  summary: 'Delete every draft of a kind (for gdpr: the built-in e-mail is sent again)',
  request: { query: ZKindQuery },
  responses: { 200: jsonResponse('How many drafts went', ZDeletedCount), 401: unauthenticated },
});

const previewRoute = adminRoute('newsletters', {
  method: 'post',
  path: '/admin/newsletters/preview',
  tags: TAGS,
  summary: 'Render one language version exactly as it is sent, with sample per-recipient links',
  request: { body: jsonBody(ZNewsletterPreviewRequest) },
  responses: {
    200: jsonResponse('The rendered e-mail', ZNewsletterPreview),
    400: invalidCtaLink,
    401: unauthenticated,
  },
});

const gifsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/newsletters/gifs',
  tags: TAGS,
  summary: 'The GIF of each e-mail (newsletter, gdpr) in each language, with its natural size',
  responses: { 200: jsonResponse('The GIFs', ZNewsletterGifs), 401: unauthenticated },
});

const uploadGifRoute = adminRoute(
  'newsletters',
  {
    method: 'post',
    path: '/admin/newsletters/gifs/{kind}/{language}',
    tags: TAGS,
    summary:
      'Make an uploaded GIF the one this e-mail shows in this language (only there); the file it replaces stays for e-mails already sent with it',
    request: { params: ZGifParams, body: gifBody },
    responses: {
      200: jsonResponse('The GIFs after the upload', ZNewsletterGifs),
      400: errorResponse(
        'invalid_gif: the content is not a GIF; gif_damaged: it starts like a GIF but is not a complete one. ' +
          'Nothing is stored',
      ),
      401: unauthenticated,
      413: errorResponse(
        `gif_too_large: more than ${GIF_MAX_BYTES / 1024 / 1024} MB (by Content-Length, or while streaming); ` +
          'nothing is stored',
      ),
    },
  },
  { body: 'streamed' },
);

const removeGifRoute = adminRoute('newsletters', {
  method: 'delete',
  path: '/admin/newsletters/gifs/{kind}/{language}',
  tags: TAGS,
  summary:
    'Remove the GIF this e-mail shows in this language: the e-mail no longer has one; e-mails already sent with it keep showing it (its file stays)',
  request: { params: ZGifParams },
  responses: {
    200: jsonResponse('The GIFs after the removal', ZNewsletterGifs),
    401: unauthenticated,
    404: errorResponse('not_found: this e-mail has no GIF in this language'),
  },
});

/** The newsletter and GDPR e-mail composers (spec §2): drafts, defaults, preview and GIFs. */
export function adminNewsletterRoutes(deps: AdminDeps) {
  const appUrl = deps.config.appUrl;
  const act = (c: Context<AppEnv>) => staffChange(c, deps);

  // The fixed paths come before /{id}, which would otherwise take them.
  return createApiRouter()
    .openapi(listRoute, async (c) => {
      const { kind } = c.req.valid('query');
      return c.json({ drafts: await listDrafts(deps.db, kind) }, 200);
    })
    .openapi(defaultsRoute, (c) => c.json(newsletterDefaults(c.req.valid('query').kind, appUrl), 200))
    .openapi(gifsRoute, async (c) => c.json(await listGifs(deps.db), 200))
    .openapi(uploadGifRoute, async (c) => {
      const outcome = await uploadGif(deps, { ...c.req.valid('param'), ...rawRequestBody(c), ...act(c) });
      if (!outcome.ok) {
        return c.json({ error: { code: outcome.error } }, outcome.error === 'gif_too_large' ? 413 : 400);
      }
      return c.json(outcome.gifs, 200);
    })
    .openapi(removeGifRoute, async (c) => {
      const gifs = await removeGif(deps, { ...c.req.valid('param'), ...act(c) });
      if (!gifs) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(gifs, 200);
    })
    .openapi(previewRoute, async (c) => {
      const outcome = await renderNewsletterPreview(deps.db, { request: c.req.valid('json'), appUrl });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.preview, 200);
    })
    .openapi(createDraftRoute, async (c) => {
      const outcome = await saveDraft(deps.db, { draft: c.req.valid('json'), ...act(c) });
      if (!outcome) throw new Error('saving a new draft found no draft');
      if (!outcome.ok) return c.json({ error: { code: 'invalid_cta_link' as const } }, 400);
      return c.json(outcome.draft, 201);
    })
    .openapi(deleteAllRoute, async (c) => {
      const { kind } = c.req.valid('query');
      return c.json({ deleted: await deleteAllDrafts(deps.db, { kind, ...act(c) }) }, 200);
    })
    .openapi(getRoute, async (c) => {
      const draft = await getDraft(deps.db, c.req.valid('param').id);
      if (!draft) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(draft, 200);
    })
    .openapi(updateDraftRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { baseVersion, ...draft } = c.req.valid('json');
      const outcome = await saveDraft(deps.db, { id, baseVersion, draft, ...act(c) });
      if (!outcome) return c.json({ error: { code: 'not_found' as const } }, 404);
      if (!outcome.ok) {
        return c.json(
          { error: { code: outcome.error } },
          outcome.error === 'draft_version_conflict' ? 409 : 400,
        );
      }
      return c.json(outcome.draft, 200);
    })
    .openapi(versionsRoute, async (c) => {
      const versions = await listDraftVersions(deps.db, c.req.valid('param').id);
      if (!versions) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json({ versions }, 200);
    })
    .openapi(restoreRoute, async (c) => {
      const { id, version } = c.req.valid('param');
      const { baseVersion } = c.req.valid('json');
      const outcome = await restoreDraftVersion(deps.db, { id, version, baseVersion, ...act(c) });
      if (!outcome.ok) {
        return c.json({ error: { code: outcome.error } }, outcome.error === 'not_found' ? 404 : 409);
      }
      return c.json(outcome.draft, 200);
    })
    .openapi(deleteDraftRoute, async (c) => {
      const deleted = await deleteDraft(deps.db, { id: c.req.valid('param').id, ...act(c) });
      if (!deleted) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.body(null, 204);
    });
}

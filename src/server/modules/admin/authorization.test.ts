import { Readable } from 'node:stream';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema/campaigns';
import { videos } from '../../db/schema/media';
import { newsletters } from '../../db/schema/newsletters';
import { rateLimits } from '../../db/schema/rate-limits';
import { waitingList } from '../../db/schema/waitlist';
import { gif, mp4, png } from '../../test/media-fixtures';
import { createSignedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createSignedInUser } from '../../test/users';

/**
 * The authorization matrix of the admin API, generated from the app's own route table: every route under
 * /api/admin (whoever added it) must refuse callers without a staff session, and succeed with one. A new
 * admin route without an entry in SAMPLES fails this test, so nobody can add one without it being checked.
 */

const APP_URL = 'https://mirror.test';
let t: TestContext;

beforeAll(async () => {
  // Provider calls go to a closed local port, so nothing here reaches the internet.
  t = await createTestApp({ env: { APP_URL, MAIL_PROVIDER_API_URL: 'http://127.0.0.1:9' } });
});
afterAll(async () => {
  await t.close();
});

type Sample = {
  body?: unknown;
  /** The query string, instead of the `?locale=en` every GET gets. */
  query?: string;
  /** A raw body (an upload) sent as it is, instead of JSON. */
  raw?: { bytes: Buffer; contentType: string };
  status: number;
  stream?: boolean;
  /** Creates what the route needs, just before the call with a staff session; returns path parameters. */
  setup?: () => Promise<Record<string, string>>;
  /** The JSON body, from what `setup` returned (for bodies that name rows it created). */
  bodyFrom?: (params: Record<string, string>) => unknown;
};

/** A file in bucket `videos`, as an earlier upload left it. */
async function storeFile(name: string, bytes: Buffer, contentType: string) {
  await t.storage.put('videos', name, Readable.from([bytes]), { maxBytes: bytes.length, contentType });
}

/** A video row (and its file), for the routes that change or delete one. */
async function createVideoRow(fileName: string): Promise<Record<string, string>> {
  await storeFile(fileName, mp4(), 'video/mp4');
  const [row] = await t.database.db
    .insert(videos)
    .values({ title: 'Matrix', filePath: fileName, fileSize: mp4().length })
    .returning({ id: videos.id });
  if (!row) throw new Error('no video row');
  return { id: row.id };
}

/** One language version of a newsletter with every field filled. */
const newsletterContent = (title: string) => ({
  subjectLine: title,
  heroTitle: title,
  introText: 'Intro',
  secondTextBlock: 'More',
  ctaText: 'Visit',
  ctaLink: 'https://mirror.test/',
  footerText: 'Footer',
  gifAltText: '',
});
const newsletterDraft = {
  kind: 'newsletter',
  name: 'Matrix',
  content: { en: newsletterContent('Matrix'), de: newsletterContent('Matrix') },
};

/** A saved newsletter draft, for the routes that read, change or delete one. */
async function createNewsletterRow(): Promise<Record<string, string>> {
  const [row] = await t.database.db
    .insert(newsletters)
    .values({
      kind: 'newsletter',
      name: 'Matrix',
      content: newsletterDraft.content,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning({ id: newsletters.id });
  if (!row) throw new Error('no newsletter row');
  return { id: row.id };
}

/** A confirmed waiting-list entry and a campaign to it (paused, so no worker is needed), for campaign routes. */
async function createCampaignRow(status: 'sending' | 'paused' = 'paused'): Promise<Record<string, string>> {
  const now = t.clock.now();
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      name: 'Matrix',
      content: newsletterDraft.content,
      status,
      ratePerSecond: 10,
      recipientsEn: 0,
      recipientsDe: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error('no campaign row');
  return { id: campaign.id };
}

async function createConfirmedEntry(): Promise<string> {
  const [row] = await t.database.db
    .insert(waitingList)
    .values({
      email: `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      language: 'en',
      status: 'confirmed',
      consentAt: t.clock.now(),
      consentTextVersion: 'v1',
    })
    .returning({ id: waitingList.id });
  if (!row) throw new Error('no waiting-list row');
  return row.id;
}

/** A request each admin route succeeds with, by `METHOD path` as the route table names it. */
const SAMPLES: Record<string, Sample> = {
  'DELETE /api/admin/session': { status: 204 },
  'GET /api/admin/waitlist': { status: 200 },
  'DELETE /api/admin/waitlist': { body: { ids: ['00000000-0000-4000-8000-000000000000'] }, status: 200 },
  'GET /api/admin/waitlist/events': { status: 200, stream: true },
  'POST /api/admin/waitlist/confirmation-mail': {
    body: { email: 'matrix@example.com', language: 'en' },
    status: 200,
  },
  'GET /api/admin/content/:kind/:page': { status: 200 },
  'PUT /api/admin/content/:kind/:page/:locale': { body: { drafts: { 'hero.title': 'Matrix' } }, status: 200 },
  'POST /api/admin/content/:kind/:page/:locale/publish': { status: 200 },
  'GET /api/admin/mail/settings': { status: 200 },
  'PUT /api/admin/mail/settings': { body: { globalBcc: null, autoSend: true }, status: 200 },
  'GET /api/admin/mail/provider-key': { status: 200 },
  'PUT /api/admin/mail/provider-key': { body: { key: 're_matrix_key_1234' }, status: 200 },
  'DELETE /api/admin/mail/provider-key': { status: 200 },
  'POST /api/admin/mail/test': { body: { to: 'matrix@example.com', locale: 'en' }, status: 200 },
  'POST /api/admin/videos/files': { raw: { bytes: mp4(), contentType: 'video/mp4' }, status: 201 },
  'POST /api/admin/videos/thumbnails': { raw: { bytes: png(), contentType: 'image/png' }, status: 201 },
  'GET /api/admin/videos': { status: 200 },
  'POST /api/admin/videos': {
    setup: async () => {
      await storeFile('matrix-create.mp4', mp4(), 'video/mp4');
      return {};
    },
    body: {
      title: 'Matrix',
      description: null,
      fileName: 'matrix-create.mp4',
      thumbnailName: null,
      durationSeconds: 1,
      isFeatured: false,
      isPublished: false,
    },
    status: 201,
  },
  'PATCH /api/admin/videos/:id': {
    setup: () => createVideoRow('matrix-patch.mp4'),
    body: { isPublished: true },
    status: 200,
  },
  'DELETE /api/admin/videos/:id': { setup: () => createVideoRow('matrix-delete.mp4'), status: 204 },
  'GET /api/admin/storage/videos': { status: 200 },
  'DELETE /api/admin/storage/videos/:name': {
    setup: async () => {
      await storeFile('matrix-unused.mp4', mp4(), 'video/mp4');
      return { name: 'matrix-unused.mp4' };
    },
    status: 204,
  },
  'GET /api/admin/background-videos': { status: 200 },
  'PUT /api/admin/background-videos/:slot': { raw: { bytes: mp4(), contentType: 'video/mp4' }, status: 200 },
  'PUT /api/admin/background-videos/:slot/poster': {
    raw: { bytes: png(), contentType: 'image/png' },
    status: 200,
  },
  'GET /api/admin/newsletters': { query: '?kind=newsletter', status: 200 },
  'GET /api/admin/newsletters/defaults': { query: '?kind=gdpr', status: 200 },
  'GET /api/admin/newsletters/gifs': { status: 200 },
  'POST /api/admin/newsletters/gifs/:kind': {
    setup: async () => ({ kind: 'newsletter' }),
    raw: { bytes: gif(), contentType: 'image/gif' },
    status: 200,
  },
  'POST /api/admin/newsletters/preview': {
    body: { kind: 'newsletter', language: 'en', content: newsletterContent('Matrix') },
    status: 200,
  },
  'POST /api/admin/newsletters': { body: newsletterDraft, status: 201 },
  'GET /api/admin/newsletters/:id': { setup: createNewsletterRow, status: 200 },
  'PUT /api/admin/newsletters/:id': { setup: createNewsletterRow, body: newsletterDraft, status: 200 },
  'DELETE /api/admin/newsletters/:id': { setup: createNewsletterRow, status: 204 },
  'DELETE /api/admin/newsletters': { query: '?kind=newsletter', status: 200 },
  'POST /api/admin/campaigns/plan': {
    body: { entryIds: ['00000000-0000-4000-8000-000000000000'] },
    status: 200,
  },
  'POST /api/admin/campaigns': {
    setup: async () => ({ entry: await createConfirmedEntry() }),
    bodyFrom: (params) => ({
      entryIds: [params.entry],
      draftId: null,
      name: 'Matrix',
      content: newsletterDraft.content,
      ratePerSecond: 10,
    }),
    status: 201,
  },
  'GET /api/admin/campaigns': { status: 200 },
  'GET /api/admin/campaigns/events': { status: 200, stream: true },
  'GET /api/admin/campaigns/:id/recipients': { setup: () => createCampaignRow(), status: 200 },
  'POST /api/admin/campaigns/:id/pause': { setup: () => createCampaignRow('sending'), status: 200 },
  'POST /api/admin/campaigns/:id/resume': { setup: () => createCampaignRow('paused'), status: 200 },
  'POST /api/admin/campaigns/:id/cancel': { setup: () => createCampaignRow('paused'), status: 200 },
};

/** Sign-in and the session check are open to everybody (the check answers null without a session). */
const PUBLIC = new Set(['POST /api/admin/session', 'GET /api/admin/session']);

/** Path parameters; a sample's `setup` may give its own (the id of the row it created). */
const PARAMS: Record<string, string> = {
  kind: 'texts',
  page: 'home',
  locale: 'en',
  id: '00000000-0000-4000-8000-000000000000',
  name: 'matrix-unused.mp4',
  slot: 'mobile',
};

function adminRoutes(ctx: TestContext): string[] {
  const routes = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/admin/')) continue;
    routes.add(`${route.method} ${route.path}`);
  }
  return [...routes].sort();
}

function call(
  route: string,
  cookie: string | undefined,
  sample: Sample | undefined,
  params: Record<string, string> = {},
) {
  const [method = 'GET', pattern = ''] = route.split(' ');
  const pathname = pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? PARAMS[name] ?? name);
  // The content listing takes its language from the query; the other GET routes ignore it.
  const query = sample?.query ?? (method === 'GET' ? '?locale=en' : '');
  const headers: Record<string, string> = { origin: APP_URL };
  if (cookie) headers.cookie = cookie;
  if (sample?.raw) {
    headers['content-type'] = sample.raw.contentType;
    return t.app.request(`${pathname}${query}`, { method, headers, body: new Uint8Array(sample.raw.bytes) });
  }
  const body = sample?.bodyFrom?.(params) ?? sample?.body ?? (method === 'GET' ? undefined : {});
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(`${pathname}${query}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectRefused(route: string, cookie: string | undefined) {
  const response = await call(route, cookie, SAMPLES[route]);
  expect(response.status, `${route} answered ${response.status}`).toBe(401);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('admin_session_missing');
}

describe('the admin authorization matrix', () => {
  it('knows every admin route (a new one needs a sample here)', () => {
    const routes = adminRoutes(t).filter((route) => !PUBLIC.has(route));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((route) => !SAMPLES[route])).toEqual([]);
    expect(Object.keys(SAMPLES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('refuses every admin route without a session', async () => {
    for (const route of adminRoutes(t).filter((route) => !PUBLIC.has(route))) {
      await expectRefused(route, undefined);
    }
  });

  it('refuses every admin route with a user’s session', async () => {
    const user = await createSignedInUser(t);
    for (const route of adminRoutes(t).filter((route) => !PUBLIC.has(route))) {
      await expectRefused(route, user.cookie);
    }
  });

  it('refuses every admin route with an expired staff session', async () => {
    const staff = await createSignedInStaff(t);
    t.clock.advance(ADMIN_SESSION_MS);
    for (const route of adminRoutes(t).filter((route) => !PUBLIC.has(route))) {
      await expectRefused(route, staff.cookie);
    }
  });

  it('refuses every admin route with a staff session that logged out', async () => {
    const staff = await createSignedInStaff(t);
    const logout = await call(
      'DELETE /api/admin/session',
      staff.cookie,
      SAMPLES['DELETE /api/admin/session'],
    );
    expect(logout.status).toBe(204);
    for (const route of adminRoutes(t).filter((route) => !PUBLIC.has(route))) {
      await expectRefused(route, staff.cookie);
    }
  });

  it('answers every admin route with a staff session', async () => {
    const staff = await createSignedInStaff(t);
    // Logging out last, since it ends the session the others use.
    const routes = adminRoutes(t)
      .filter((route) => !PUBLIC.has(route))
      .sort((a, b) => Number(a === 'DELETE /api/admin/session') - Number(b === 'DELETE /api/admin/session'));
    for (const route of routes) {
      const sample = SAMPLES[route];
      const response = await call(route, staff.cookie, sample, await sample?.setup?.());
      expect(
        response.status,
        `${route} answered ${response.status}: ${sample?.stream ? '' : await response.clone().text()}`,
      ).toBe(sample?.status);
      if (sample?.stream) await response.body?.cancel();
      await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
    }
  });
});

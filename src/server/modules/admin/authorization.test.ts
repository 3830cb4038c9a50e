import { Readable } from 'node:stream';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import { roleAllows, type StaffPermission, type StaffRole } from '@shared/domain/staff';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { staffInvitations } from '../../db/schema/admin';
import { campaigns } from '../../db/schema/campaigns';
import { invitations } from '../../db/schema/invitations';
import { videos } from '../../db/schema/media';
import { newsletters } from '../../db/schema/newsletters';
import { rateLimits } from '../../db/schema/rate-limits';
import { waitingList } from '../../db/schema/waitlist';
import { gif, mp4, png } from '../../test/media-fixtures';
import { createSignedInStaff, halfSignedInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createSignedInUser, inviteForTest } from '../../test/users';
import { PARTIAL_ACCESS } from './routes';
import { createStaffAccount } from './service';

/**
 * The authorization matrix of the admin API, generated from the app's own route table: every route under
 * /api/admin (whoever added it) must refuse callers without a full staff session (signed out, a user's
 * session, an expired or ended staff session, a sign-in still waiting for its second factor), declare the
 * permission it needs, answer an owner, and answer an editor exactly when the editor's role holds that
 * permission (403 `admin_forbidden` otherwise). A new admin route without an entry in SAMPLES fails this
 * test, so nobody can add one without it being checked.
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
  /** Not a full session's route: answered only at a sign-in's `second_factor` stage (tested there). */
  stage?: 'second_factor';
  /** The query string, instead of the `?locale=en` every GET gets. */
  query?: string;
  /** A raw body (an upload) sent as it is, instead of JSON. */
  raw?: { bytes: Buffer; contentType: string };
  status: number;
  stream?: boolean;
  /** Creates what the route needs, just before the call as `staff`; returns path parameters. */
  setup?: (staff: SignedInStaff) => Promise<Record<string, string>>;
  /** The JSON body, from what `setup` returned and who asks (for bodies that name rows, a password). */
  bodyFrom?: (params: Record<string, string>, staff: SignedInStaff) => unknown;
};

let unique = 0;
function nextUnique(): number {
  unique += 1;
  return unique;
}
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${nextUnique()}@example.com`;

/** A user account without the confirmation of its address (for the verification link). */
async function createUnverifiedUser(): Promise<Record<string, string>> {
  const id = `matrix-user-${nextUnique()}-${Date.now()}`;
  await t.database.db.insert(users).values({ id, name: '', email: uniqueEmail('unverified') });
  return { id };
}

async function createUser(): Promise<Record<string, string>> {
  return { id: (await createSignedInUser(t)).id };
}

async function createInvitation(): Promise<Record<string, string>> {
  const email = uniqueEmail('invited');
  await inviteForTest(t, email);
  const [row] = await t.database.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.email, email));
  if (!row) throw new Error('no invitation row');
  return { id: row.id };
}

async function createStaffInvitation(): Promise<Record<string, string>> {
  const [row] = await t.database.db
    .insert(staffInvitations)
    .values({
      email: uniqueEmail('staff-invited'),
      role: 'editor',
      nonce: 'matrix',
      language: 'en',
      invitedAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    })
    .returning({ id: staffInvitations.id });
  if (!row) throw new Error('no staff invitation row');
  return { id: row.id };
}

async function createEditor(): Promise<Record<string, string>> {
  const account = await createStaffAccount(t.database.db, {
    email: uniqueEmail('editor'),
    password: 'an editor password',
    role: 'editor',
    now: t.clock.now(),
  });
  return { id: account.id };
}

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
  'POST /api/admin/session/extend': { status: 200 },
  'GET /api/admin/waitlist': { status: 200 },
  'DELETE /api/admin/waitlist': { body: { ids: ['00000000-0000-4000-8000-000000000000'] }, status: 200 },
  'GET /api/admin/waitlist/events': { status: 200, stream: true },
  'GET /api/admin/waitlist/entries/:id': {
    setup: async () => ({ id: await createConfirmedEntry() }),
    status: 200,
  },
  'POST /api/admin/waitlist/export': {
    body: { selection: { filter: {}, except: [] }, format: 'csv' },
    status: 200,
  },
  'POST /api/admin/waitlist/selection/ids': { body: { selection: { filter: {}, except: [] } }, status: 200 },
  'POST /api/admin/waitlist/confirmation-mail/resend': {
    body: { selection: { ids: ['00000000-0000-4000-8000-000000000000'] } },
    status: 200,
  },
  'POST /api/admin/waitlist/import': {
    bodyFrom: () => ({ csv: `${uniqueEmail('imported')}\n`, defaultLanguage: 'en' }),
    status: 200,
  },
  'GET /api/admin/ids': { status: 200 },
  'POST /api/admin/ids': { body: { start: 1, prefix: 'M-', padding: 8 }, status: 201 },
  'DELETE /api/admin/ids': { status: 200 },
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
  'GET /api/admin/mail/suppressions': { status: 200 },
  'POST /api/admin/mail/suppressions/lift': { body: { email: 'nobody-suppressed@example.com' }, status: 404 },
  'POST /api/admin/mail/test': { body: { to: 'matrix@example.com', locale: 'en' }, status: 200 },
  'GET /api/admin/mail/test/:id': {
    setup: async () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    status: 404,
  },
  'POST /api/admin/videos/files': { raw: { bytes: mp4(), contentType: 'video/mp4' }, status: 201 },
  'POST /api/admin/videos/thumbnails': { raw: { bytes: png(), contentType: 'image/png' }, status: 201 },
  'GET /api/admin/videos': { status: 200 },
  'POST /api/admin/videos': {
    setup: async () => {
      const fileName = `matrix-create-${nextUnique()}.mp4`;
      await storeFile(fileName, mp4(), 'video/mp4');
      return { fileName };
    },
    bodyFrom: (params) => ({
      title: 'Matrix',
      description: null,
      fileName: params.fileName,
      thumbnailName: null,
      durationSeconds: 1,
      isFeatured: false,
      isPublished: false,
    }),
    status: 201,
  },
  'PATCH /api/admin/videos/:id': {
    setup: () => createVideoRow(`matrix-patch-${nextUnique()}.mp4`),
    body: { isPublished: true },
    status: 200,
  },
  'DELETE /api/admin/videos/:id': {
    setup: () => createVideoRow(`matrix-delete-${nextUnique()}.mp4`),
    status: 204,
  },
  'GET /api/admin/storage/videos': { status: 200 },
  'GET /api/admin/storage/videos/:name': {
    setup: async () => {
      const name = `matrix-preview-${nextUnique()}.mp4`;
      await storeFile(name, mp4(), 'video/mp4');
      return { name };
    },
    status: 200,
  },
  'DELETE /api/admin/storage/videos/:name': {
    setup: async () => {
      const name = `matrix-unused-${nextUnique()}.mp4`;
      await storeFile(name, mp4(), 'video/mp4');
      return { name };
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
  'POST /api/admin/newsletters/gifs/:kind/:language': {
    setup: async () => ({ kind: 'newsletter', language: 'de' }),
    raw: { bytes: gif(), contentType: 'image/gif' },
    status: 200,
  },
  'DELETE /api/admin/newsletters/gifs/:kind/:language': {
    setup: async () => ({ kind: 'gdpr', language: 'en' }),
    status: 404,
  },
  'POST /api/admin/newsletters/preview': {
    body: { kind: 'newsletter', language: 'en', content: newsletterContent('Matrix') },
    status: 200,
  },
  'POST /api/admin/newsletters': { body: newsletterDraft, status: 201 },
  'GET /api/admin/newsletters/:id': { setup: createNewsletterRow, status: 200 },
  'PUT /api/admin/newsletters/:id': {
    setup: createNewsletterRow,
    body: { ...newsletterDraft, baseVersion: 1 },
    status: 200,
  },
  'GET /api/admin/newsletters/:id/versions': { setup: createNewsletterRow, status: 200 },
  // A draft just made has no earlier version to restore.
  'POST /api/admin/newsletters/:id/versions/:version/restore': {
    setup: async () => ({ ...(await createNewsletterRow()), version: '1' }),
    body: { baseVersion: 1 },
    status: 404,
  },
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
  'GET /api/admin/campaigns/:id/email': { setup: () => createCampaignRow(), status: 200 },
  'POST /api/admin/campaigns/:id/duplicate': {
    setup: () => createCampaignRow(),
    body: { name: 'Matrix copy' },
    status: 201,
  },
  'POST /api/admin/campaigns/test': {
    body: { to: ['matrix@example.com'], languages: ['en'], content: newsletterDraft.content },
    status: 200,
  },
  'POST /api/admin/campaigns/:id/pause': { setup: () => createCampaignRow('sending'), status: 200 },
  'POST /api/admin/campaigns/:id/resume': { setup: () => createCampaignRow('paused'), status: 200 },
  'POST /api/admin/campaigns/:id/cancel': { setup: () => createCampaignRow('paused'), status: 200 },
  // the second step of a sign-in (a sign-in waiting for its code)
  'POST /api/admin/session/second-factor': { stage: 'second_factor', body: { code: 'abcdef' }, status: 400 },
  // own account
  'GET /api/admin/account': { status: 200 },
  'PUT /api/admin/account/password': {
    body: { currentPassword: 'x', newPassword: 'too short' },
    status: 400,
  },
  'GET /api/admin/account/sessions': { status: 200 },
  'DELETE /api/admin/account/sessions/:id': { status: 404 },
  'POST /api/admin/account/sessions/end-others': { status: 200 },
  'POST /api/admin/account/two-factor/setup': { status: 200 },
  'POST /api/admin/account/two-factor/confirm': {
    setup: async (staff) => {
      const started = await call('POST /api/admin/account/two-factor/setup', staff.cookie, undefined);
      expect(started.status).toBe(200);
      return {};
    },
    body: { code: 'abcdef' },
    status: 400,
  },
  'DELETE /api/admin/account/two-factor': {
    bodyFrom: (_params, staff) => ({ password: staff.password }),
    status: 409,
  },
  'POST /api/admin/account/two-factor/recovery-codes': {
    bodyFrom: (_params, staff) => ({ password: staff.password }),
    status: 409,
  },
  // the staff (owners)
  'GET /api/admin/staff': { status: 200 },
  'POST /api/admin/staff/invitations': {
    bodyFrom: () => ({ email: uniqueEmail('new-staff'), role: 'editor', language: 'en' }),
    status: 201,
  },
  'POST /api/admin/staff/invitations/:id/resend': { setup: createStaffInvitation, status: 200 },
  'DELETE /api/admin/staff/invitations/:id': { setup: createStaffInvitation, status: 204 },
  'PATCH /api/admin/staff/:id': { setup: createEditor, body: { role: 'owner' }, status: 200 },
  'DELETE /api/admin/staff/:id': { setup: createEditor, status: 204 },
  // invitations
  'POST /api/admin/invitations/plan': {
    body: { entryIds: ['00000000-0000-4000-8000-000000000000'] },
    status: 200,
  },
  'POST /api/admin/invitations': {
    setup: async () => ({ entry: await createConfirmedEntry() }),
    bodyFrom: (params) => ({ entryIds: [params.entry] }),
    status: 201,
  },
  'POST /api/admin/invitations/address': {
    bodyFrom: () => ({ email: uniqueEmail('friend'), language: 'de' }),
    status: 201,
  },
  'GET /api/admin/invitations/direct': { status: 200 },
  'POST /api/admin/invitations/:id/resend': { setup: createInvitation, status: 200 },
  'POST /api/admin/invitations/:id/revoke': { setup: createInvitation, status: 200 },
  // people
  'GET /api/admin/people': { status: 200 },
  'POST /api/admin/people/:id/verification-mail': { setup: createUnverifiedUser, status: 200 },
  'POST /api/admin/people/:id/password-reset': { setup: createUser, status: 200 },
  'POST /api/admin/people/:id/disable': { setup: createUser, status: 200 },
  'POST /api/admin/people/:id/enable': { setup: createUser, status: 200 },
  'DELETE /api/admin/people/:id': { setup: createUser, status: 204 },
  // the audit log
  'GET /api/admin/audit': { status: 200 },
  'GET /api/admin/audit/filters': { status: 200 },
};

/**
 * Open to everybody: sign-in, the session check (null without a session), and the invited person's side of
 * a staff invitation (reading it, choosing a password).
 */
const PUBLIC = new Set([
  'POST /api/admin/session',
  'GET /api/admin/session',
  'GET /api/admin/staff-invitation',
  'POST /api/admin/staff-invitation/accept',
]);

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
  staff?: SignedInStaff,
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
  const body =
    (staff && sample?.bodyFrom?.(params, staff)) ?? sample?.body ?? (method === 'GET' ? undefined : {});
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

/** The permission each admin route declares, from the API description (`adminRoute`). */
async function declaredPermissions(): Promise<Map<string, StaffPermission>> {
  const response = await t.app.request('/api/openapi.json');
  const doc = (await response.json()) as {
    paths: Record<string, Record<string, { 'x-staff-permission'?: StaffPermission }>>;
  };
  const declared = new Map<string, StaffPermission>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const permission = operation['x-staff-permission'];
      if (permission)
        declared.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, permission);
    }
  }
  return declared;
}

/** The routes a full session reaches (every admin route but the public ones and the second step). */
function fullSessionRoutes(ctx: TestContext): string[] {
  return adminRoutes(ctx).filter((route) => !PUBLIC.has(route) && !SAMPLES[route]?.stage);
}

/** Calls every full-session route as `staff` and checks each answer against the role's permissions. */
async function expectRoleMatrix(role: StaffRole) {
  const staff = await createSignedInStaff(t, { role });
  const declared = await declaredPermissions();
  // Logging out last, since it ends the session the others use.
  const routes = fullSessionRoutes(t).sort(
    (a, b) => Number(a === 'DELETE /api/admin/session') - Number(b === 'DELETE /api/admin/session'),
  );
  for (const route of routes) {
    const sample = SAMPLES[route];
    const permission = declared.get(route);
    const allowed = permission !== undefined && roleAllows(role, permission);
    const params = allowed ? await sample?.setup?.(staff) : undefined;
    const response = await call(route, staff.cookie, sample, params, staff);
    const text = sample?.stream && allowed ? '' : await response.clone().text();
    if (allowed) {
      expect(response.status, `${role}: ${route} answered ${response.status}: ${text}`).toBe(sample?.status);
      if (response.status === 403) expect(text).not.toContain('admin_forbidden');
    } else {
      expect(
        response.status,
        `${role}: ${route} (needs ${permission}) answered ${response.status}: ${text}`,
      ).toBe(403);
      expect(JSON.parse(text)).toEqual({ error: { code: 'admin_forbidden' } });
    }
    if (sample?.stream) await response.body?.cancel();
    await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'admin:%'));
  }
}

describe('the admin authorization matrix', () => {
  it('knows every admin route (a new one needs a sample here)', () => {
    const routes = adminRoutes(t).filter((route) => !PUBLIC.has(route));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((route) => !SAMPLES[route])).toEqual([]);
    expect(Object.keys(SAMPLES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('has every admin route declare the permission it needs, where it is declared', async () => {
    const declared = await declaredPermissions();
    const routes = adminRoutes(t).filter((route) => !PUBLIC.has(route));
    expect(routes.filter((route) => !declared.has(route))).toEqual([]);
    // And the open ones are open on purpose: the guard lets them through without a session.
    for (const route of PUBLIC) {
      const [method, path] = route.split(' ');
      expect(
        PARTIAL_ACCESS.find((entry) => entry.method === method && entry.path === path)?.access,
      ).toContain('none');
    }
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

  it('refuses everything but the second step to a sign-in that waits for its second factor', async () => {
    const { cookie, staff } = await halfSignedInStaff(t);
    const reachable = new Set(
      PARTIAL_ACCESS.filter((entry) => entry.access.includes('second_factor')).map(
        (entry) => `${entry.method} ${entry.path}`,
      ),
    );
    for (const route of adminRoutes(t).filter((route) => !PUBLIC.has(route) && !reachable.has(route))) {
      await expectRefused(route, cookie);
    }
    const route = 'POST /api/admin/session/second-factor';
    const response = await call(route, cookie, SAMPLES[route], {}, staff);
    expect(response.status, await response.clone().text()).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_code' } });
  });

  it('answers every admin route to an owner', async () => {
    await expectRoleMatrix('owner');
  });

  it('answers an editor exactly where the role allows, and 403 admin_forbidden elsewhere', async () => {
    await expectRoleMatrix('editor');
  });
});

// Extends zod with `.openapi()` before the shared schemas are built (the routes use it on them).
import '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInStaff, type SignedInStaff, staffRequest } from './test/staff';
import { createTestApp, type TestContext } from './test/test-app';
import { authedRequest, createSignedInUser, type SignedInUser } from './test/users';

/**
 * Issue 35 ("Dates", decision 034): a date that has the shape but is no day (2026-02-30, 2026-02-29, 04-31,
 * month 0, the year 0000) answers 400 `validation` on every route that takes one, in a path, a query, a body
 * or a cursor, never a 500; the real days next to them still work.
 */

const APP_URL = 'https://mirror.test';
const IMPOSSIBLE_DAYS = ['2026-02-30', '2026-02-29', '2026-04-31', '2026-00-10', '2026-13-01', '0000-01-01'];
const IMPOSSIBLE_INSTANTS = [
  ...IMPOSSIBLE_DAYS.map((day) => `${day}T10:00:00Z`),
  '2026-03-02T24:00:00Z',
  '2026-03-02T23:60:00Z',
  '0001-01-01T00:00:00+01:00',
];
/** Sort keys as `timestamptz::text` would write them, were there such days. */
const IMPOSSIBLE_TIMESTAMPS = [
  ...IMPOSSIBLE_DAYS.map((day) => `${day} 10:00:00.123456+00`),
  '2026-03-02 24:00:00+00',
  '2026-03-02 10:00:00+99',
  'yesterday',
  'now',
];

let t: TestContext;
let user: SignedInUser;
let staff: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  user = await createSignedInUser(t);
  const onboarding = await authedRequest(t, user.cookie, '/api/journal/onboarding/complete', {
    method: 'POST',
    body: { answers: ['Sam', 'trust', 'talking', 'home', 'my sister', 'patience'] },
  });
  expect(onboarding.status).toBe(200);
  staff = await createSignedInStaff(t);
});
afterAll(async () => t.close());

async function expectValidation(response: Response, what: string) {
  const text = await response.text();
  expect(response.status, `${what}: ${text}`).toBe(400);
  expect(JSON.parse(text).error.code, what).toBe('validation');
}

const cursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

type Parameter = { name: string; schema: { format?: string } };
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

it('the OpenAPI document says which values are dates, so the fuzz suite sends impossible ones there', async () => {
  const document = (await (await t.app.request('/api/openapi.json')).json()) as Document;
  const format = (path: string, name: string) =>
    document.paths[path]?.get?.parameters?.find((parameter) => parameter.name === name)?.schema.format;
  expect(format('/api/history/weeks/{week}', 'week')).toBe('date');
  expect(format('/api/admin/waitlist', 'joinedFrom')).toBe('date-time');
  expect(format('/api/admin/waitlist', 'joinedBefore')).toBe('date-time');
});

describe('impossible dates answer 400 validation', () => {
  it('in the week of GET /api/history/weeks/{week}', async () => {
    for (const day of IMPOSSIBLE_DAYS) {
      await expectValidation(await authedRequest(t, user.cookie, `/api/history/weeks/${day}`), day);
    }
    // a real Monday that is not one of the person's weeks
    expect((await authedRequest(t, user.cookie, '/api/history/weeks/2024-01-01')).status).toBe(404);
  });

  it('in a bubble’s createdAt', async () => {
    const bubble = (createdAt: string) => ({
      id: randomUUID(),
      category: 'Trust',
      whoTrusted: ['partner'],
      name: 'Anna',
      when: 'few_days_ago',
      importance: 7,
      createdAt,
    });
    for (const instant of IMPOSSIBLE_INSTANTS.filter((text) => text.endsWith('Z'))) {
      const response = await authedRequest(t, user.cookie, '/api/bubbles', {
        method: 'POST',
        body: { bubbles: [bubble(instant)] },
      });
      await expectValidation(response, instant);
    }
    const leapDay = await authedRequest(t, user.cookie, '/api/bubbles', {
      method: 'POST',
      body: { bubbles: [bubble('2024-02-29T10:00:00Z')] },
    });
    expect(leapDay.status).toBe(200);
  });

  it('in the waiting list’s date filters, as a query and in a selection', async () => {
    for (const instant of IMPOSSIBLE_INSTANTS) {
      for (const name of ['joinedFrom', 'joinedBefore']) {
        const query = new URLSearchParams({ [name]: instant });
        await expectValidation(
          await staffRequest(t, staff, 'GET', `/api/admin/waitlist?${query}`),
          `GET ${name}=${instant}`,
        );
        await expectValidation(
          await staffRequest(t, staff, 'POST', '/api/admin/waitlist/selection/ids', {
            selection: { filter: { [name]: instant }, except: [] },
          }),
          `selection ${name}=${instant}`,
        );
      }
    }
    const real = new URLSearchParams({ joinedFrom: '2024-02-29T00:00:00+01:00' });
    expect((await staffRequest(t, staff, 'GET', `/api/admin/waitlist?${real}`)).status).toBe(200);
  });

  it('in a people cursor, for each sort that keys on a time; text that PostgreSQL cannot hold in any', async () => {
    for (const sort of ['createdAt', 'lastActiveAt']) {
      for (const key of IMPOSSIBLE_TIMESTAMPS) {
        await expectValidation(
          await staffRequest(t, staff, 'GET', `/api/admin/people?sort=${sort}&after=${cursor(key, user.id)}`),
          `${sort} ${key}`,
        );
      }
      const real = cursor('2024-02-29 10:00:00.123456+00', user.id);
      expect(
        (await staffRequest(t, staff, 'GET', `/api/admin/people?sort=${sort}&after=${real}`)).status,
      ).toBe(200);
    }
    const never = cursor('-infinity', user.id);
    expect(
      (await staffRequest(t, staff, 'GET', `/api/admin/people?sort=lastActiveAt&after=${never}`)).status,
    ).toBe(200);
    for (const [key, id] of [
      ['a\u0000b@example.com', user.id],
      ['a@example.com', '\ud800'],
    ] as const) {
      await expectValidation(
        await staffRequest(t, staff, 'GET', `/api/admin/people?sort=email&after=${cursor(key, id)}`),
        `email ${JSON.stringify([key, id])}`,
      );
    }
  });

  it('in an audit cursor', async () => {
    for (const key of IMPOSSIBLE_TIMESTAMPS) {
      await expectValidation(
        await staffRequest(t, staff, 'GET', `/api/admin/audit?after=${cursor(key, randomUUID())}`),
        key,
      );
    }
    const real = cursor('2024-02-29 10:00:00.123456+05:30', randomUUID());
    expect((await staffRequest(t, staff, 'GET', `/api/admin/audit?after=${real}`)).status).toBe(200);
  });
});

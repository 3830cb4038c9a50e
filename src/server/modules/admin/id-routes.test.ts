import type { TIssuedId, TIssuedIds } from '@shared/schemas/id-generator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issuedIds } from '../../db/schema/id-generator';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import { createTestApp, errorCodeOf, sendJson, type TestContext } from '../../test/test-app';

let t: TestContext;
let first: SignedInStaff;
let second: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  first = await createSignedInStaff(t);
  second = await createSignedInStaff(t, { role: 'editor' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(issuedIds);
});

const issue = (staff: SignedInStaff, config = { start: 1, prefix: '#', padding: 1 }) =>
  sendJson(t.app, {
    method: 'POST',
    path: '/api/admin/ids',
    body: config,
    headers: staffHeaders(t, { cookie: staff.cookie }),
  });

describe('the ID generator on the server', () => {
  it('gives two staff members asking at once distinct IDs, until the range is used up', async () => {
    // Nine IDs (#1–#9), asked for by two people at the same moment, each five times.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => issue(index % 2 ? second : first)),
    );
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    expect(created).toHaveLength(9);
    expect(refused).toHaveLength(1);
    expect(await errorCodeOf(refused[0] as Response)).toBe('ids_exhausted');
    const ids = await Promise.all(
      created.map(async (response) => ((await response.json()) as { issued: TIssuedId }).issued.id),
    );
    expect(new Set(ids).size).toBe(9);
    expect([...ids].sort()).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#7', '#8', '#9']);

    const list = (await (
      await t.app.request('/api/admin/ids', { headers: staffHeaders(t, { cookie: second.cookie }) })
    ).json()) as TIssuedIds;
    expect(list.total).toBe(9);
    expect(new Set(list.ids.map((row) => row.issuedBy))).toEqual(new Set([first.email, second.email]));
  });

  it('never issues an ID twice across many requests in a wide range, and refuses a bad range', async () => {
    const config = { start: 1, prefix: 'M-', padding: 2 };
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => issue(index % 2 ? second : first, config)),
    );
    const ids = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { issued: TIssuedId }).issued.id),
    );
    expect(new Set(ids).size).toBe(40);
    expect(ids.every((id) => /^M-\d{2}$/.test(id))).toBe(true);
    const bad = await issue(first, { start: 100, prefix: '#', padding: 2 });
    expect(bad.status).toBe(400);
  });

  it('forgets the issued IDs on reset, for everyone', async () => {
    await issue(first);
    const reset = await sendJson(t.app, {
      method: 'DELETE',
      path: '/api/admin/ids',
      body: {},
      headers: staffHeaders(t, { cookie: second.cookie }),
    });
    expect(await reset.json()).toEqual({ deleted: 1 });
    expect(await t.database.db.select().from(issuedIds)).toEqual([]);
  });
});

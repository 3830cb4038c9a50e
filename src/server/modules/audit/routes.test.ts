// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import type { TAuditFilters, TAuditPage } from '@shared/schemas/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { recordAudit } from '../admin/audit';

let t: TestContext;
let owner: SignedInStaff;
let other: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://mirror.test' } });
  owner = await createSignedInStaff(t);
  other = await createSignedInStaff(t);
  // 60 records, one a minute, alternating between the two and between two actions.
  for (let index = 0; index < 60; index += 1) {
    t.clock.advance(60_000);
    const actor = index % 2 === 0 ? owner : other;
    await recordAudit(t.database.db, {
      actor: { id: actor.id, email: actor.email },
      action: index % 3 === 0 ? 'cms.publish' : 'waitlist.delete',
      target: `record-${index}`,
      at: t.clock.now(),
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function pages(query: string) {
  const seen: TAuditPage['entries'] = [];
  let cursor: string | null = null;
  do {
    const page: TAuditPage = await expectJson<TAuditPage>(
      await staffRequest(
        t,
        owner,
        'GET',
        `/api/admin/audit?limit=7${query}${cursor ? `&after=${cursor}` : ''}`,
      ),
    );
    seen.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('the audit log screen', () => {
  it('lists who did what and when, newest first, a page at a time', async () => {
    const entries = (await pages('')).filter((entry) => entry.target?.startsWith('record-'));
    expect(entries.map((entry) => entry.target)).toEqual(
      Array.from({ length: 60 }, (_, index) => `record-${59 - index}`),
    );
    expect(entries[0]).toMatchObject({ staffEmail: other.email, action: 'waitlist.delete' });
  });

  it('filters by staff member and by action, together', async () => {
    const mine = await pages(`&staff=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(mine.every((entry) => entry.staffEmail === owner.email)).toBe(true);
    expect(mine.filter((entry) => entry.target?.startsWith('record-'))).toHaveLength(30);
    const published = await pages(`&staff=${encodeURIComponent(owner.email)}&action=cms.publish`);
    expect(published.map((entry) => entry.target)).toEqual([
      'record-54',
      'record-48',
      'record-42',
      'record-36',
      'record-30',
      'record-24',
      'record-18',
      'record-12',
      'record-6',
      'record-0',
    ]);
  });

  it('offers the staff members and actions in the log as filters', async () => {
    const filters = await expectJson<TAuditFilters>(
      await staffRequest(t, owner, 'GET', '/api/admin/audit/filters'),
    );
    expect(filters.staff).toEqual(expect.arrayContaining([owner.email, other.email]));
    expect(filters.actions).toEqual(expect.arrayContaining(['cms.publish', 'login', 'waitlist.delete']));
  });

  it('answers a broken cursor with a 400', async () => {
    const response = await staffRequest(t, owner, 'GET', '/api/admin/audit?after=broken');
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation');
  });
});

// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { PEOPLE_COUNT_CAP, PEOPLE_SEARCH_COUNT_CAP } from '@shared/domain/people';
import type { TPeoplePage, TPerson } from '@shared/schemas/people';
import { eq, like, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { adminAuditLog } from '../../db/schema/admin';
import { entries, profiles, weeks } from '../../db/schema/journal';
import { mailOutbox } from '../../db/schema/mail';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser } from '../../test/users';

const APP_URL = 'https://mirror.test';
let t: TestContext;
let staff: SignedInStaff;

beforeEach(async () => {
  t = await createTestApp({ env: { APP_URL } });
  staff = await createSignedInStaff(t, { role: 'editor' });
});
afterEach(async () => {
  await t.close();
});

const list = async (query = '') =>
  expectJson<TPeoplePage>(await staffRequest(t, staff, 'GET', `/api/admin/people${query}`));

/** Accounts written straight into the tables, `minutes` apart, oldest first. */
async function insertPeople(emails: string[], options: { lastActive?: boolean } = {}) {
  const start = t.clock.now().getTime();
  await t.database.db.insert(users).values(
    emails.map((email, index) => ({
      id: `person-${email}`,
      name: '',
      email,
      createdAt: new Date(start + index * 60_000),
      lastActiveAt: options.lastActive ? new Date(start + (emails.length - index) * 60_000) : null,
    })),
  );
}

/** Every page of a listing, following the cursors. */
async function allPages(query: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: TPeoplePage = await list(`?${query}&limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    pages.push(page.people.map((person) => person.email));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('the People list', () => {
  it('shows each account with its counts, never what the person wrote', async () => {
    const user = await createSignedInUser(t, { language: 'de' });
    const [week] = await t.database.db
      .insert(weeks)
      .values({
        userId: user.id,
        startDate: '2026-03-02',
        endDate: '2026-03-08',
        isoWeek: '2026-W10',
        structure: { topics: {} },
      })
      .returning({ id: weeks.id });
    await t.database.db.insert(entries).values([
      {
        userId: user.id,
        weekId: week?.id ?? '',
        day: 1,
        topic: 't',
        contentText: 'A SECRET REFLECTION',
        status: 'completed',
      },
      {
        userId: user.id,
        weekId: week?.id ?? '',
        day: 2,
        topic: 't',
        contentText: 'ANOTHER PRIVATE THOUGHT',
        status: 'completed',
      },
      { userId: user.id, weekId: week?.id ?? '', day: 3, topic: 't', contentText: '' },
    ]);
    await t.database.db.insert(profiles).values({
      userId: user.id,
      firstName: 'Secret Name',
      onboardingCompletedAt: t.clock.now(),
      profileV0: {
        answers: ['AN ONBOARDING ANSWER'],
        what_matters: [],
        where_safe: [],
        edges: [],
        ai_enabled: false,
        reminder_time: '08:00',
      },
    });
    const response = await staffRequest(t, staff, 'GET', '/api/admin/people');
    const text = await response.clone().text();
    for (const secret of [
      'A SECRET REFLECTION',
      'ANOTHER PRIVATE THOUGHT',
      'Secret Name',
      'AN ONBOARDING ANSWER',
    ]) {
      expect(text).not.toContain(secret);
    }
    const page = await expectJson<TPeoplePage>(response);
    expect(page.total).toEqual({ count: 1, precision: 'exact' });
    expect(page.people[0]).toEqual({
      id: user.id,
      email: user.email,
      language: 'de',
      createdAt: expect.any(String),
      emailVerified: true,
      onboardingCompletedAt: t.clock.now().toISOString(),
      lastActiveAt: expect.any(String),
      reflections: 2,
      disabledAt: null,
    } satisfies Record<keyof TPerson, unknown>);
  });

  it('sorts by date, address or last activity, both ways, and pages by cursor without gaps or repeats', async () => {
    const emails = [
      'c@example.com',
      'a@example.com',
      'e@example.com',
      'b@example.com',
      'd@example.com',
      'f@example.com',
      'g@example.com',
    ];
    await insertPeople(emails);
    expect((await allPages('sort=createdAt&dir=desc', 3)).flat()).toEqual([...emails].reverse());
    expect(await allPages('sort=createdAt&dir=asc', 3)).toEqual([
      emails.slice(0, 3),
      emails.slice(3, 6),
      emails.slice(6),
    ]);
    expect((await allPages('sort=email&dir=asc', 2)).flat()).toEqual([...emails].sort());
    expect((await allPages('sort=email&dir=desc', 4)).flat()).toEqual([...emails].sort().reverse());
    // Never active sorts as the oldest: last going down, first going up.
    await t.database.db
      .update(users)
      .set({ lastActiveAt: t.clock.now() })
      .where(eq(users.email, 'g@example.com'));
    const byActivity = (await allPages('sort=lastActiveAt&dir=desc', 2)).flat();
    expect(byActivity[0]).toBe('g@example.com');
    expect(byActivity).toHaveLength(7);
    expect(new Set(byActivity).size).toBe(7);
    expect((await allPages('sort=lastActiveAt&dir=asc', 5)).flat().at(-1)).toBe('g@example.com');
  });

  it('keeps rows with the same timestamp apart by id across pages', async () => {
    const at = t.clock.now();
    await t.database.db.insert(users).values(
      Array.from({ length: 9 }, (_, index) => ({
        id: `same-${index}`,
        name: '',
        email: `same-${index}@example.com`,
        createdAt: at,
      })),
    );
    const pages = (await allPages('sort=createdAt&dir=desc', 4)).flat();
    expect(pages).toHaveLength(9);
    expect(new Set(pages).size).toBe(9);
  });

  it('searches by part of the address, taking % and _ literally', async () => {
    await insertPeople(['anna@example.com', 'hanna@example.org', 'bob@example.com', 'odd_one%@example.com']);
    expect((await list('?q=ANNA')).people.map((person) => person.email).sort()).toEqual([
      'anna@example.com',
      'hanna@example.org',
    ]);
    expect((await list('?q=%25')).people.map((person) => person.email)).toEqual(['odd_one%@example.com']);
    expect((await list('?q=_')).people.map((person) => person.email)).toEqual(['odd_one%@example.com']);
    expect((await list('?q=nobody')).total).toEqual({ count: 0, precision: 'exact' });
  });

  it('counts exactly up to a cap, then says "at least" for a search and "about" for the whole list', async () => {
    await t.database.db.execute(
      sql`insert into users (id, name, email) select 'bulk-' || n, '', 'bulk-' || n || '@example.com' from generate_series(1, ${PEOPLE_COUNT_CAP + 5}) as n`,
    );
    expect((await list('?q=bulk')).total).toEqual({ count: PEOPLE_SEARCH_COUNT_CAP, precision: 'atLeast' });
    // Past the cap the whole list takes the database's estimate of its size.
    await t.database.db.execute(sql`analyze users`);
    expect((await list()).total).toEqual({ count: PEOPLE_COUNT_CAP + 5, precision: 'about' });
    // Later pages carry no count.
    const first = await list('?limit=10');
    expect((await list(`?limit=10&after=${first.nextCursor}`)).total).toBeNull();
  });

  it('answers a broken cursor or query with a 400', async () => {
    for (const query of ['?after=not-a-cursor', '?sort=password', '?limit=0', '?limit=1000']) {
      const response = await staffRequest(t, staff, 'GET', `/api/admin/people${query}`);
      expect(response.status, query).toBe(400);
      expect(await errorCodeOf(response)).toBe('validation');
    }
  });
});

describe('what staff can do to an account', () => {
  it('disables an account: every session ends at once, and sign-in says it is disabled; enabling lets it in again', async () => {
    const user = await createSignedInUser(t);
    expect((await authedRequest(t, user.cookie, '/api/journal/profile')).status).toBe(200);
    const disabled = await expectJson<{ person: TPerson }>(
      await staffRequest(t, staff, 'POST', `/api/admin/people/${user.id}/disable`),
    );
    expect(disabled.person.disabledAt).toBe(t.clock.now().toISOString());
    expect((await authedRequest(t, user.cookie, '/api/journal/profile')).status).toBe(401);
    const session = await authedRequest(t, user.cookie, '/api/account/session');
    expect(await session.json()).toEqual({ user: null });

    const signIn = (password: string) =>
      t.app.request('/api/account/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL },
        body: JSON.stringify({ email: user.email, password, language: 'en' }),
      });
    const refused = await signIn(user.password);
    expect(refused.status).toBe(403);
    expect(await errorCodeOf(refused)).toBe('account_disabled');
    // A wrong password does not learn that the account is disabled.
    expect(await errorCodeOf(await signIn('not the password'))).toBe('invalid_credentials');

    await staffRequest(t, staff, 'POST', `/api/admin/people/${user.id}/enable`);
    expect((await signIn(user.password)).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(like(adminAuditLog.action, 'people.%'));
    expect(audit.map((row) => [row.action, row.staffEmail])).toEqual([
      ['people.disable', staff.email],
      ['people.enable', staff.email],
    ]);
  });

  it('deletes an account with everything of it, as the person could', async () => {
    const user = await createSignedInUser(t);
    expect((await staffRequest(t, staff, 'DELETE', `/api/admin/people/${user.id}`)).status).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await authedRequest(t, user.cookie, '/api/journal/profile')).status).toBe(401);
    expect((await staffRequest(t, staff, 'DELETE', `/api/admin/people/${user.id}`)).status).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'people.delete'));
    expect(audit?.target).toBe(user.email);
  });

  it('sends a verification link and a password-reset link in the person’s language', async () => {
    const user = await createSignedInUser(t, { language: 'de' });
    const verified = await staffRequest(t, staff, 'POST', `/api/admin/people/${user.id}/verification-mail`);
    expect(await errorCodeOf(verified)).toBe('already_verified');
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect(
      (await staffRequest(t, staff, 'POST', `/api/admin/people/${user.id}/verification-mail`)).status,
    ).toBe(200);
    expect((await staffRequest(t, staff, 'POST', `/api/admin/people/${user.id}/password-reset`)).status).toBe(
      200,
    );
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['account_password_reset', 'account_verification']);
    for (const mail of mails) expect(mail.html).toContain('lang="de"');
    const actions = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(like(adminAuditLog.action, 'people.%'));
    // Both in the same millisecond of the test's clock: their order in the table says nothing.
    expect(actions.map((row) => row.action).sort()).toEqual([
      'people.password_reset',
      'people.verification_mail',
    ]);
    expect((await staffRequest(t, staff, 'POST', '/api/admin/people/nobody/password-reset')).status).toBe(
      404,
    );
  });

  it('notes when a person was last active: at sign-in', async () => {
    const user = await createSignedInUser(t);
    const [row] = await t.database.db
      .select({ lastActiveAt: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.lastActiveAt).not.toBeNull();
  });
});

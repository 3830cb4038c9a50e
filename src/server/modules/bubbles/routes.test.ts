import { randomUUID } from 'node:crypto';
import { MAX_BUBBLES_PER_REQUEST, type TBubble, type TBubbleList } from '@shared/schemas/bubbles';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bubbles } from '../../db/schema/bubbles';
import { profiles } from '../../db/schema/journal';
import { rateLimits } from '../../db/schema/rate-limits';
import { sealedKeyId } from '../../lib/field-cipher';
import { resealPrivateText } from '../../operations/reseal-private-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUserFromRows, type SignedInUser } from '../../test/users';
import { SAVE_BUBBLES_RATE_LIMIT } from './routes';
import { MAX_BUBBLES_PER_USER, MAX_CLOCK_AHEAD_MS } from './service';

const NOW = new Date('2026-03-04T09:00:00.000Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  await t.database.db.delete(rateLimits);
});

let minutesAgo = 1_000_000;
/** A valid bubble; each one is a minute younger than the one made before it. */
function bubble(overrides: Partial<TBubble> = {}): TBubble {
  minutesAgo -= 1;
  return {
    id: randomUUID(),
    category: 'Trust',
    whoTrusted: ['partner'],
    name: 'Anna',
    when: 'few_days_ago',
    importance: 7,
    createdAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
    ...overrides,
  };
}

function save(user: SignedInUser, body: unknown) {
  return authedRequest(t, user.cookie, '/api/bubbles', { method: 'POST', body });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function saved(user: SignedInUser, list: TBubble[]): Promise<TBubble[]> {
  return (await json<TBubbleList>(await save(user, { bubbles: list }), 200)).bubbles;
}

async function listed(user: SignedInUser): Promise<TBubble[]> {
  return (await json<TBubbleList>(await authedRequest(t, user.cookie, '/api/bubbles'), 200)).bubbles;
}

async function rowCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(bubbles).where(eq(bubbles.userId, userId));
  return row?.n ?? 0;
}

/**
 * Puts `n` bubbles straight into the table (the cap tests need thousands), in one statement: building
 * thousands of rows into inserts cost more than the tests themselves.
 */
async function seedRows(userId: string, n: number) {
  await t.database.db.execute(sql`
    insert into bubbles (id, user_id, category, who_trusted, name, when_label, importance, created_at)
    select gen_random_uuid(), ${userId}, 'Trust', '["family"]', 'Lea', 'years_ago', 3,
      ${NOW.toISOString()}::timestamptz
    from generate_series(1, ${n}::int)`);
}

describe('without a session', () => {
  it('answers 401 unauthenticated to reading and saving, even for a body that is not valid', async () => {
    const calls: [string, unknown][] = [
      ['GET', undefined],
      ['POST', { bubbles: [bubble()] }],
      ['POST', { bubbles: [] }],
    ];
    for (const [method, body] of calls) {
      const response = await t.app.request('/api/bubbles', {
        method,
        headers: { 'content-type': 'application/json', origin: new URL(t.config.appUrl).origin },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, method).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthenticated' } });
    }
    expect(await t.database.db.select().from(bubbles)).toEqual([]);
  });
});

describe('saving and listing', () => {
  it('starts empty, saves bubbles and lists them oldest first', async () => {
    const user = await createSignedInUserFromRows(t);
    expect(await listed(user)).toEqual([]);
    const older = bubble({ category: 'Self-Worth', whoTrusted: ['self', 'mentor'], importance: 0 });
    const newer = bubble({ name: '  Ben  ', importance: 10 });
    const answer = await saved(user, [newer, older]);
    const expected = [older, { ...newer, name: 'Ben' }];
    expect(answer).toEqual(expected);
    expect(await listed(user)).toEqual(expected);
  });

  it('orders bubbles of the same moment by id', async () => {
    const user = await createSignedInUserFromRows(t);
    const createdAt = NOW.toISOString();
    const ids = ['ffffffff-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'];
    await saved(
      user,
      ids.map((id) => bubble({ id, createdAt })),
    );
    expect((await listed(user)).map((b) => b.id)).toEqual([...ids].reverse());
  });

  it('keeps a saved bubble as it is when the same id comes again', async () => {
    const user = await createSignedInUserFromRows(t);
    const first = bubble();
    await saved(user, [first]);
    const again = await saved(user, [{ ...first, name: 'Someone else', importance: 1 }]);
    expect(again).toEqual([first]);
    expect(await rowCount(user.id)).toBe(1);
  });

  it('merges a batch in which some bubbles are known: only the new ones are added', async () => {
    const user = await createSignedInUserFromRows(t);
    const known = [bubble(), bubble()];
    await saved(user, known);
    const fresh = [bubble({ category: 'Future', whoTrusted: ['future_self'] }), bubble()];
    const answer = await saved(user, [
      known[1] as TBubble,
      fresh[0] as TBubble,
      known[0] as TBubble,
      fresh[1] as TBubble,
    ]);
    expect(answer).toEqual([...known, ...fresh]);
    expect(await rowCount(user.id)).toBe(4);
  });

  it('saves an id named twice in one batch once, as it first appears', async () => {
    const user = await createSignedInUserFromRows(t);
    const first = bubble({ name: 'First' });
    expect(await saved(user, [first, { ...first, name: 'Second' }])).toEqual([first]);
  });

  it('keeps the time of the answer, unless it lies more than a minute ahead of the server', async () => {
    const user = await createSignedInUserFromRows(t);
    const slightlyAhead = bubble({ createdAt: new Date(NOW.getTime() + MAX_CLOCK_AHEAD_MS).toISOString() });
    const farAhead = bubble({ createdAt: new Date(NOW.getTime() + 3_600_000).toISOString() });
    const answer = await saved(user, [slightlyAhead, farAhead]);
    expect(answer).toEqual([{ ...farAhead, createdAt: NOW.toISOString() }, slightlyAhead]);
  });

  it('records when the server saved each bubble', async () => {
    const user = await createSignedInUserFromRows(t);
    const one = bubble();
    await saved(user, [one]);
    const [row] = await t.database.db.select().from(bubbles).where(eq(bubbles.id, one.id));
    expect(row?.savedAt).toEqual(NOW);
    expect(row?.userId).toBe(user.id);
  });
});

describe('who and when at rest (issue 35)', () => {
  /** The row as the database holds it. */
  async function rawRow(id: string) {
    const [row] = await queryRows<{ who_trusted: string; when_label: string; name: string }>(
      t.database.db,
      sql`select who_trusted, when_label, name from bubbles where id = ${id}`,
    );
    if (!row) throw new Error('no row');
    return row;
  }

  it('stores who and when sealed like the name, and answers them as they were given', async () => {
    const user = await createSignedInUserFromRows(t);
    const one = bubble({ category: 'Attachment', whoTrusted: ['parent', 'close_friend'], when: 'years_ago' });
    expect(await saved(user, [one])).toEqual([one]);
    const row = await rawRow(one.id);
    for (const value of [row.who_trusted, row.when_label, row.name]) expect(sealedKeyId(value)).toBeDefined();
    const raw = JSON.stringify(row);
    for (const clear of ['parent', 'close_friend', 'years_ago', 'Anna']) expect(raw).not.toContain(clear);
  });

  it('reads a row from before sealing (clear who and when) as before, in the list and the export', async () => {
    const user = await createSignedInUserFromRows(t);
    const legacy = {
      id: randomUUID(),
      category: 'Trust' as const,
      // Saved before the server took only the options.
      whoTrusted: ['Partner', 'my sister'],
      name: 'Mo',
      when: 'Last summer',
      importance: 6,
      createdAt: NOW.toISOString(),
    };
    await t.database.db.execute(sql`
      insert into bubbles (id, user_id, category, who_trusted, name, when_label, importance, created_at, saved_at)
      values (${legacy.id}, ${user.id}, 'Trust', ${JSON.stringify(legacy.whoTrusted)}, 'Mo', 'Last summer', 6,
              ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`);
    expect(await listed(user)).toEqual([legacy]);
    const exported = await json<{ bubbles: unknown[] }>(
      await authedRequest(t, user.cookie, '/api/account/export'),
      200,
    );
    expect(exported.bubbles).toEqual([{ ...legacy, savedAt: NOW.toISOString() }]);

    // The start-up pass (and keys:rotate) seals it; it reads the same afterwards.
    await resealPrivateText({ db: t.database.db, cipher: t.cipher });
    const row = await rawRow(legacy.id);
    expect(JSON.stringify(row)).not.toMatch(/Partner|my sister|Last summer|"Mo"/);
    expect(await listed(user)).toEqual([legacy]);
  });
});

describe('two people', () => {
  it("shows nobody another person's bubbles, and an id of someone else's changes nothing", async () => {
    const a = await createSignedInUserFromRows(t);
    const b = await createSignedInUserFromRows(t);
    const mine = bubble({ name: 'Private' });
    await saved(a, [mine]);
    expect(await listed(b)).toEqual([]);

    const own = bubble();
    const answer = await saved(b, [{ ...mine, name: 'Taken over', importance: 1 }, own]);
    expect(answer).toEqual([own]);
    expect(JSON.stringify(answer)).not.toContain('Private');
    expect(await listed(a)).toEqual([mine]);
    expect(await listed(b)).toEqual([own]);
    const [row] = await t.database.db.select().from(bubbles).where(eq(bubbles.id, mine.id));
    expect(row?.userId).toBe(a.id);
  });
});

describe('bad input', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUserFromRows(t);
  });

  const cases: [string, unknown][] = [
    ['an unknown category', { bubbles: [bubble({ category: 'Money' as TBubble['category'] })] }],
    ['the category "All"', { bubbles: [bubble({ category: 'All' as TBubble['category'] })] }],
    ['importance 11', { bubbles: [bubble({ importance: 11 })] }],
    ['importance -1', { bubbles: [bubble({ importance: -1 })] }],
    ['importance 2.5', { bubbles: [bubble({ importance: 2.5 })] }],
    ['nobody chosen', { bubbles: [bubble({ whoTrusted: [] })] }],
    ['an empty choice', { bubbles: [bubble({ whoTrusted: [''] })] }],
    ['a who the questionnaire never offers', { bubbles: [bubble({ whoTrusted: ['My neighbour Tom'] })] }],
    ['a who of another category', { bubbles: [bubble({ category: 'Trust', whoTrusted: ['mentor'] })] }],
    ['a who by its label', { bubbles: [bubble({ whoTrusted: ['Partner'] })] }],
    ['the same who twice', { bubbles: [bubble({ whoTrusted: ['partner', 'partner'] })] }],
    [
      'a when the questionnaire never offers',
      { bubbles: [bubble({ when: 'The night we met at the lake' })] },
    ],
    ['a when by its label', { bubbles: [bubble({ when: 'Today' })] }],
    ['a blank name', { bubbles: [bubble({ name: '   ' })] }],
    ['no when', { bubbles: [bubble({ when: '' })] }],
    ['an id that is not a UUID', { bubbles: [bubble({ id: 'mock-trust-1' })] }],
    ['a time that is not ISO 8601', { bubbles: [bubble({ createdAt: 'yesterday' })] }],
    ['no bubbles', { bubbles: [] }],
    ['no list', {}],
    [
      `more than ${MAX_BUBBLES_PER_REQUEST} bubbles`,
      { bubbles: Array.from({ length: MAX_BUBBLES_PER_REQUEST + 1 }, () => bubble()) },
    ],
  ];

  it.each(cases)('refuses %s with 400 validation and saves nothing', async (_, body) => {
    const response = await save(user, body);
    const answer = await json<{ error: { code: string; issues: unknown[] } }>(response, 400);
    expect(answer.error.code).toBe('validation');
    expect(answer.error.issues.length).toBeGreaterThan(0);
    expect(await rowCount(user.id)).toBe(0);
  });

  it('refuses a body that is not JSON with 400 validation', async () => {
    const response = await authedRequest(t, user.cookie, '/api/bubbles', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"bubbles": [',
    });
    expect((await json<{ error: { code: string } }>(response, 400)).error.code).toBe('validation');
  });

  it('refuses a whole batch when one bubble in it is not valid', async () => {
    const response = await save(user, { bubbles: [bubble(), bubble({ importance: 11 })] });
    expect(response.status).toBe(400);
    expect(await rowCount(user.id)).toBe(0);
  });

  it(`takes a batch of exactly ${MAX_BUBBLES_PER_REQUEST}`, async () => {
    const other = await createSignedInUserFromRows(t);
    const batch = Array.from({ length: MAX_BUBBLES_PER_REQUEST }, () => bubble());
    expect(await saved(other, batch)).toHaveLength(MAX_BUBBLES_PER_REQUEST);
  });
});

describe('the cap on how many bubbles a person keeps', () => {
  it('refuses a batch that would pass it with 409 bubble_limit_reached and saves none of it', async () => {
    const user = await createSignedInUserFromRows(t);
    await seedRows(user.id, MAX_BUBBLES_PER_USER - 1);
    const [known] = await t.database.db
      .select({ id: bubbles.id })
      .from(bubbles)
      .where(eq(bubbles.userId, user.id))
      .limit(1);

    const tooMany = await save(user, { bubbles: [bubble(), bubble()] });
    expect((await json<{ error: { code: string } }>(tooMany, 409)).error.code).toBe('bubble_limit_reached');
    expect(await rowCount(user.id)).toBe(MAX_BUBBLES_PER_USER - 1);

    // Known ids do not count: the last free place takes one new bubble beside a known one.
    const last = bubble();
    const answer = await saved(user, [{ ...bubble(), id: known?.id ?? '' }, last]);
    expect(answer).toHaveLength(MAX_BUBBLES_PER_USER);
    expect(answer).toContainEqual(last);
    expect((await save(user, { bubbles: [bubble()] })).status).toBe(409);
    // Saving again what is already there still answers the list.
    expect(await saved(user, [last])).toHaveLength(MAX_BUBBLES_PER_USER);
  });

  it('holds under saves at once: of twenty, exactly as many as there are free places get in', async () => {
    const user = await createSignedInUserFromRows(t);
    const free = 3;
    await seedRows(user.id, MAX_BUBBLES_PER_USER - free);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => save(user, { bubbles: [bubble()] })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(free);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - free);
    expect(await rowCount(user.id)).toBe(MAX_BUBBLES_PER_USER);
  });

  it('is per person', async () => {
    const full = await createSignedInUserFromRows(t);
    const other = await createSignedInUserFromRows(t);
    await seedRows(full.id, MAX_BUBBLES_PER_USER);
    expect((await save(full, { bubbles: [bubble()] })).status).toBe(409);
    expect(await saved(other, [bubble()])).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it(`allows ${SAVE_BUBBLES_RATE_LIMIT.limit} saves a minute per person, then 429`, async () => {
    const user = await createSignedInUserFromRows(t);
    const other = await createSignedInUserFromRows(t);
    const one = bubble();
    for (let i = 0; i < SAVE_BUBBLES_RATE_LIMIT.limit; i++) {
      expect((await save(user, { bubbles: [one] })).status).toBe(200);
    }
    const limited = await save(user, { bubbles: [bubble()] });
    expect((await json<{ error: { code: string } }>(limited, 429)).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowCount(user.id)).toBe(1);
    // Reading is not limited, and neither is anybody else.
    expect(await listed(user)).toEqual([one]);
    expect((await save(other, { bubbles: [bubble()] })).status).toBe(200);

    t.clock.advance(SAVE_BUBBLES_RATE_LIMIT.windowMs);
    expect((await save(user, { bubbles: [bubble()] })).status).toBe(200);
  });
});

describe('export and deletion', () => {
  it('puts the bubbles into the account export, with the time each was saved', async () => {
    const user = await createSignedInUserFromRows(t);
    const other = await createSignedInUserFromRows(t);
    const mine = [bubble({ name: 'Clara' }), bubble({ category: 'Growth', whoTrusted: ['mentor'] })];
    await saved(user, mine);
    await saved(other, [bubble({ name: 'Not mine' })]);
    const exported = await json<{ bubbles: unknown[] }>(
      await authedRequest(t, user.cookie, '/api/account/export'),
      200,
    );
    expect(exported.bubbles).toEqual(mine.map((b) => ({ ...b, savedAt: NOW.toISOString() })));
  });

  it('removes the bubbles with "delete my data", and nobody else’s', async () => {
    const user = await createSignedInUserFromRows(t);
    const other = await createSignedInUserFromRows(t);
    await saved(user, [bubble(), bubble()]);
    const theirs = [bubble()];
    await saved(other, theirs);
    const deleted = await authedRequest(t, user.cookie, '/api/journal/data', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await listed(user)).toEqual([]);
    expect(await listed(other)).toEqual(theirs);
    // The account stays and can save again.
    expect(await saved(user, [bubble()])).toHaveLength(1);
  });

  it('removes the bubbles with the rest of the journal in one transaction', async () => {
    const user = await createSignedInUserFromRows(t);
    await saved(user, [bubble()]);
    // A failure part-way (here: the profile cannot be deleted) must leave the bubbles in place.
    await t.database.db.insert(profiles).values({
      userId: user.id,
      profileV0: {
        answers: [],
        what_matters: [],
        where_safe: [],
        edges: [],
        ai_enabled: false,
        reminder_time: '08:00',
      },
    });
    await t.database.db.execute(sql`
      create function refuse_profile_delete() returns trigger language plpgsql
      as $$ begin raise exception 'refused'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_profile_delete before delete on profiles
      for each row execute function refuse_profile_delete()`);
    try {
      const deleted = await authedRequest(t, user.cookie, '/api/journal/data', { method: 'DELETE' });
      expect(deleted.status).toBe(500);
      expect(await rowCount(user.id)).toBe(1);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_profile_delete on profiles`);
      await t.database.db.execute(sql`drop function refuse_profile_delete`);
    }
  });

  it('removes the bubbles with the account', async () => {
    const user = await createSignedInUserFromRows(t);
    const other = await createSignedInUserFromRows(t);
    await saved(user, [bubble(), bubble()]);
    await saved(other, [bubble()]);
    const deleted = await authedRequest(t, user.cookie, '/api/account', {
      method: 'DELETE',
      body: { password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await rowCount(user.id)).toBe(0);
    expect(await rowCount(other.id)).toBe(1);
  });
});

describe('API description', () => {
  it('lists GET and POST /api/bubbles', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/bubbles'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});

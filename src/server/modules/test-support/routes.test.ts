import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/journal';
import { createTestApp, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser } from '../../test/users';
import { PROMPT_LIBRARY_DIR } from '../journal/test-fixtures';

const TOKEN = 'e2e-test-support-token-of-at-least-32-characters';

function firstDay(t: TestContext, body: unknown, authorization = `Bearer ${TOKEN}`) {
  return t.app.request('/test-support/first-day', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
}

describe('test support (decision 067)', () => {
  let t: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ prompts: PROMPT_LIBRARY_DIR, env: { TEST_SUPPORT_TOKEN: TOKEN } });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  it('does not exist without its token', async () => {
    expect((await firstDay(bare, { email: 'a@example.com', firstDay: '2026-03-02' })).status).toBe(404);
  });

  it('answers only to its bearer token, and refuses what is not a real date', async () => {
    const user = await createSignedInUser(t);
    expect((await firstDay(t, { email: user.email, firstDay: '2026-03-02' }, 'Bearer nope')).status).toBe(
      401,
    );
    expect((await firstDay(t, { email: user.email, firstDay: '2026-03-02' }, '')).status).toBe(401);
    for (const date of ['2026-02-30', '2026-3-2', 'soon']) {
      expect((await firstDay(t, { email: user.email, firstDay: date })).status).toBe(400);
    }
    expect((await firstDay(t, { email: 'nobody@example.com', firstDay: '2026-03-02' })).status).toBe(404);
    expect((await firstDay(t, { email: user.email, firstDay: '2026-03-02' })).status).toBe(409);
  });

  it('moves a member’s first day, and the week follows it', async () => {
    t.clock.set(new Date('2026-03-05T12:00:00Z')); // a Thursday: the first week would be the next one
    const user = await createSignedInUser(t);
    const completed = await authedRequest(t, user.cookie, '/api/journal/onboarding/complete', {
      method: 'POST',
      body: { answers: ['Kim'] },
    });
    expect(completed.status).toBe(200);
    const week = async () =>
      (
        (await (await authedRequest(t, user.cookie, '/api/journal/dashboard')).json()) as {
          week: { startDate: string };
        }
      ).week.startDate;
    expect(await week()).toBe('2026-03-09');
    expect((await firstDay(t, { email: user.email, firstDay: '2026-03-02' })).status).toBe(204);
    expect(await week()).toBe('2026-03-02');
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row?.profileV0).toMatchObject({ first_day: '2026-03-02' });
  });
});

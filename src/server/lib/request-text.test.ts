import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInStaff, staffRequest } from '../test/staff';
import { createTestApp, errorCodeOf, sendJson, type TestContext } from '../test/test-app';
import { authedRequest, createSignedInUser } from '../test/users';
import { invalidTextIssue, isValidText } from './request-text';

const APP_URL = 'https://mirror.test';
const PRIVATE = 'the secret I wrote down tonight';
const lines: string[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true' }, log: { level: 'debug', lines } });
});
afterAll(async () => {
  await t.close();
});

describe('text that is not valid Unicode', () => {
  it('is told apart from valid text, pairs of surrogates (emoji) included', () => {
    expect(isValidText('Grüße 😊 – ok')).toBe(true);
    expect(isValidText('a\u0000b')).toBe(false);
    expect(isValidText('\ud800')).toBe(false);
    expect(isValidText('x\udc00')).toBe(false);
    expect(isValidText('\ud83d\ude0a\ud83d')).toBe(false);
    expect(invalidTextIssue({ answers: ['fine', `bad\u0000`] })).toMatchObject({ path: 'answers.1' });
    expect(invalidTextIssue({ 'k\u0000': 'v' })).toMatchObject({ path: '(key)' });
    expect(invalidTextIssue({ nested: [{ deep: 'ok' }] })).toBeNull();
  });

  const nul = `${PRIVATE}\u0000`;
  const lone = `${PRIVATE}\ud800`;

  it.each([
    ['a NUL', nul],
    ['an unpaired surrogate', lone],
  ])('answers 400 validation for %s everywhere and logs none of the text', async (_, text) => {
    const user = await createSignedInUser(t);
    const staff = await createSignedInStaff(t);
    const origin = { origin: APP_URL, 'x-forwarded-for': '203.0.113.50' };
    const answers = [
      await sendJson(t.app, {
        method: 'POST',
        path: '/api/waitlist',
        body: { email: `a${text}@example.com`, consent: true, website: '', language: 'en' },
        headers: origin,
      }),
      await sendJson(t.app, {
        method: 'POST',
        path: '/api/account/sign-up',
        body: { email: 'x@example.com', password: text, language: 'en' },
        headers: origin,
      }),
      await authedRequest(t, user.cookie, '/api/journal/onboarding/answers', {
        method: 'PUT',
        body: { answers: ['Sam', text] },
      }),
      await authedRequest(t, user.cookie, '/api/bubbles', {
        method: 'POST',
        body: {
          bubbles: [
            {
              id: randomUUID(),
              category: 'Trust',
              whoTrusted: ['partner'],
              name: text,
              when: 'today',
              importance: 5,
              createdAt: new Date().toISOString(),
            },
          ],
        },
      }),
      await staffRequest(t, staff, 'PUT', '/api/admin/content/texts/home/en', {
        drafts: { 'hero.title': text },
      }),
    ];
    // An unpaired surrogate has no form in a URL (its bytes are not UTF-8, so they stay percent-encoded).
    if (text === nul) {
      answers.push(
        await t.app.request(`/api/waitlist/unsubscribe/one-click?token=${encodeURIComponent(text)}`, {
          method: 'POST',
        }),
      );
    }
    const outcomes = await Promise.all(
      answers.map(async (response) => `${response.status} ${await errorCodeOf(response).catch(() => '?')}`),
    );
    expect(outcomes).toEqual(answers.map(() => '400 validation'));
    const log = lines.join('');
    expect(log).not.toContain(PRIVATE);
    expect(log).not.toContain('unhandled error');
  });
});

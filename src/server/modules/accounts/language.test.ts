import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { clientRequests, createTestApp, type TestContext } from '../../test/test-app';
import { createSignedInUser } from '../../test/users';

/** Issue 34, point 2: a person goes on in their language, on every device and in every e-mail. */

const APP_URL = 'https://mirror.test';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

const request = clientRequests(() => t, { origin: APP_URL, ipPrefix: '203.0.' });

const accountLanguage = async (id: string) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;
const localeCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('locale='))
    ?.split(';')[0];
const withoutLocale = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith('locale='))
    .join('; ');

describe('the language of an account', () => {
  it('is kept on a device that never chose one: sign-in goes on in it, and the device keeps it', async () => {
    const person = await createSignedInUser(t, { language: 'de' });
    // A new device, whose browser asked for English: the sign-in page was English.
    const signedIn = await request('POST', '/api/account/sign-in', {
      body: { email: person.email, password: person.password, language: 'en' },
    });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { language: string }).language).toBe('de');
    expect(localeCookieOf(signedIn)).toBe('locale=de');
    expect(await accountLanguage(person.id)).toBe('de');
  });

  it('follows the language chosen on the device signing in', async () => {
    const person = await createSignedInUser(t, { language: 'de' });
    const signedIn = await request('POST', '/api/account/sign-in', {
      body: { email: person.email, password: person.password, language: 'en' },
      cookie: 'locale=en',
    });
    expect(((await signedIn.json()) as { language: string }).language).toBe('en');
    expect(await accountLanguage(person.id)).toBe('en');
  });

  it('follows the language switch of a signed-in person; a visitor switches only their device', async () => {
    const person = await createSignedInUser(t, { language: 'en' });
    const switched = await request('PUT', '/api/locale', {
      body: { locale: 'de' },
      cookie: withoutLocale(person.cookie),
    });
    expect(switched.status).toBe(204);
    expect(localeCookieOf(switched)).toBe('locale=de');
    expect(await accountLanguage(person.id)).toBe('de');

    const visitor = await request('PUT', '/api/locale', { body: { locale: 'de' } });
    expect(visitor.status).toBe(204);
    expect(localeCookieOf(visitor)).toBe('locale=de');
  });

  it('refuses a language we do not have with a 400, and changes nothing', async () => {
    const person = await createSignedInUser(t, { language: 'en' });
    const refused = await request('PUT', '/api/locale', { body: { locale: 'fr' }, cookie: person.cookie });
    expect(refused.status).toBe(400);
    expect(await accountLanguage(person.id)).toBe('en');
  });
});

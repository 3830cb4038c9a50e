import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invite, invitedAccount } from '../fixtures/invitations';
import { onboard, signIn } from '../fixtures/members';
import { expect, test } from '../fixtures/test';

/**
 * Issue 34, point 2: a person goes on in their language. The link's language is kept, a device that never
 * chose one opens in the account's (signed in) or the browser's (a visitor), and a sign-in on a new device
 * goes on in the account's.
 */
const PASSWORD = 'quiet harbour lanterns';

test('a German invitee stays German: after the invitation link, and on a device without a language', async ({
  page,
  browser,
  clientAddress,
}, info) => {
  const email = `language-link-${info.workerIndex}-${Date.now()}@example.com`;
  // No language chosen on this device, and a browser asking for English.
  const link = await invite(email, 'de', clientAddress);
  expect(link.searchParams.get('lang')).toBe('de');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(de['auth.password.label'], { exact: true }).fill(PASSWORD);
  await page.getByLabel(de['auth.confirmPassword.label']).fill(PASSWORD);
  await page.getByRole('button', { name: de['auth.invited.submit'] }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText(de['onboarding.title'], { exact: true })).toBeVisible();

  // The next visit, without ?lang=: German, kept from the link.
  await page.goto('/onboarding');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText(de['onboarding.title'], { exact: true })).toBeVisible();

  // The same session on a device that has no language cookie at all: the account's language.
  const session = (await page.context().cookies()).filter((cookie) => cookie.name !== 'locale');
  const other = await browser.newContext({ locale: 'en-US' });
  await other.addCookies(session);
  const otherPage = await other.newPage();
  await otherPage.goto('/onboarding');
  await expect(otherPage.locator('html')).toHaveAttribute('lang', 'de');
  await expect(otherPage.getByText(de['onboarding.title'], { exact: true })).toBeVisible();
  await other.close();
});

test.describe('a browser that asks for German', () => {
  test.use({ locale: 'de-DE' });

  test('opens the public pages in German until the visitor chooses English', async ({ page }) => {
    await page.goto('/invite');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: /^EN,/ })).toBeVisible();
    await page.getByRole('button', { name: /^EN,/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('signing in on a new device goes on in the account’s language, and a switch there is kept for the account', async ({
  page,
  browser,
  clientAddress,
}, info) => {
  const email = `language-sign-in-${info.workerIndex}-${Date.now()}@example.com`;
  await invitedAccount({ email, password: PASSWORD, clientAddress, language: 'de' });
  // A new device: no language chosen, a browser asking for English; the sign-in page is English.
  await signIn(page, en, email, PASSWORD);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText(de['onboarding.title'], { exact: true })).toBeVisible();
  await onboard(page.request, email, 'Robin', 'Europe/Berlin');

  // Switched to English here: the account keeps English, and the next new device opens in it.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^EN,/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: en['nav.settings'] })).toBeVisible();
  const session = (await page.context().cookies()).filter((cookie) => cookie.name !== 'locale');
  const other = await browser.newContext({ locale: 'de-DE' });
  await other.addCookies(session);
  const otherPage = await other.newPage();
  await otherPage.goto('/dashboard');
  await expect(otherPage.locator('html')).toHaveAttribute('lang', 'en');
  await expect(otherPage.getByRole('link', { name: en['nav.settings'] })).toBeVisible();
  await other.close();
});

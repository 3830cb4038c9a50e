import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invite, invitedAccount } from '../fixtures/invitations';
import { linkFrom, waitForMail } from '../fixtures/mailbox';
import { expect, expectAccessible, test } from '../fixtures/test';

/**
 * The edges of the account pages (issue 4): what the form refuses, the password reset by e-mail, and pages
 * that need a signed-in person, a completed onboarding or an open day.
 */
const PASSWORD = 'quiet harbour lanterns';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@example.com`;

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel(en['auth.email.label']).fill(email);
  await page.getByLabel(en['auth.password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['auth.submit.signIn'] }).click();
}

test.describe('the sign-up form', () => {
  test.use({ expectedConsoleError: /status of 400/ });

  test('says when the passwords differ, refuses weak patterns with their reason and the most common passwords', async ({
    page,
    clientAddress,
  }) => {
    // The sign-up form is the invitation's: the address is fixed by the link.
    const link = await invite(uniqueEmail('form'), 'en', clientAddress);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(en['auth.password.label'], { exact: true }).fill(PASSWORD);
    await page.getByLabel(en['auth.confirmPassword.label']).fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: en['auth.invited.submit'] }).click();
    // Said twice: under the field and in the toast.
    await expect(page.getByText(en['auth.error.passwordsMismatch.title']).first()).toBeVisible();
    await expect(page.getByText(en['auth.error.passwordsMismatch.body']).first()).toBeVisible();

    // Weak patterns are refused in the browser already, each with its reason.
    await page.getByLabel(en['auth.password.label'], { exact: true }).fill('qwerty123');
    await page.getByLabel(en['auth.confirmPassword.label']).fill('qwerty123');
    await page.getByRole('button', { name: en['auth.invited.submit'] }).click();
    await expect(page.getByRole('main').getByText(en['errors.password_sequence'])).toBeVisible();
    await page.getByLabel(en['auth.password.label'], { exact: true }).fill('aaaaaaaa');
    await page.getByLabel(en['auth.confirmPassword.label']).fill('aaaaaaaa');
    await page.getByRole('button', { name: en['auth.invited.submit'] }).click();
    await expect(page.getByRole('main').getByText(en['errors.password_repeated'])).toBeVisible();

    await page.getByLabel(en['auth.password.label'], { exact: true }).fill('sunshine1');
    await page.getByLabel(en['auth.confirmPassword.label']).fill('sunshine1');
    await page.getByRole('button', { name: en['auth.invited.submit'] }).click();
    await expect(page.getByRole('main').getByText(en['errors.password_common'])).toBeVisible();
    await expectAccessible(page);
  });
});

test('a forgotten password is reset through the link in the e-mail', async ({ page, clientAddress }) => {
  const email = uniqueEmail('reset');
  await invitedAccount({ email, password: PASSWORD, clientAddress });

  await page.goto('/auth');
  await page.getByRole('button', { name: en['auth.forgot'] }).click();
  await page.getByLabel(en['auth.email.label']).fill(email);
  await page.getByRole('button', { name: en['auth.reset.request.submit'] }).click();
  await expect(page.getByText(en['auth.reset.request.sent'])).toBeVisible();

  const mail = await waitForMail(email, undefined, (received) => received.text.includes('/auth?reset='));
  expect(mail.subject).not.toBe('');
  const reset = linkFrom(mail, '/auth');
  await page.goto(`${reset.pathname}${reset.search}`);
  const fresh = 'a brand new harbour light';
  await page.getByLabel(en['auth.reset.form.password'], { exact: true }).fill(fresh);
  await page.getByLabel(en['auth.confirmPassword.label']).fill(fresh);
  await page.getByRole('button', { name: en['auth.reset.form.submit'] }).click();
  await expect(page.getByText(en['auth.reset.form.done'])).toBeVisible();

  await signIn(page, email, fresh);
  await expect(page).toHaveURL(/\/onboarding$/);
  // Onboarding has no member menu yet, but signing out is one click away.
  await page.getByRole('button', { name: en['common.signOut'] }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/auth\?next=%2Fonboarding$/);
});

test('the check-your-inbox view sends the e-mail again, once its cooldown has run down', async ({
  page,
  clientAddress,
}) => {
  const email = uniqueEmail('resend');
  await invitedAccount({ email, password: PASSWORD, clientAddress });
  // The page's clock, so the minute of the cooldown passes at once.
  await page.clock.install();
  await page.goto('/auth');
  await page.getByRole('button', { name: en['auth.forgot'] }).click();
  await page.getByLabel(en['auth.email.label']).fill(email);
  await page.getByRole('button', { name: en['auth.reset.request.submit'] }).click();
  await expect(page.getByText(en['auth.reset.request.sent'])).toBeVisible();

  const resend = page.getByRole('button', { name: en['auth.resend.button'] });
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can resend in (1:00|0:5\d)$/)).toBeVisible();
  await expectAccessible(page);
  await page.clock.fastForward(61_000);
  await expect(resend).toBeEnabled();
  await expect(page.getByText(/^You can resend in/)).toHaveCount(0);
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: en['auth.resend.sentReset'] })).toBeVisible();
  // It counts down again, and a second reset e-mail arrives.
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can resend in (1:00|0:5\d)$/)).toBeVisible();
  await expect
    .poll(async () => {
      const response = await fetch(
        `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(email)}`,
      );
      const mails = (await response.json()) as { text: string }[];
      return mails.filter((mail) => mail.text.includes('/auth?reset=')).length;
    })
    .toBe(2);
});

test.describe('pages that need more than a visitor', () => {
  test.use({ expectedConsoleError: /status of (403|409)/ });

  test('send a visitor to sign in and back, a new account to onboarding, and keep later days closed', async ({
    page,
    clientAddress,
  }) => {
    const email = uniqueEmail('guard');
    await invitedAccount({ email, password: PASSWORD, clientAddress });

    // Signed out: to /auth, and after signing in on to the page that was asked for.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\?next=%2Fsettings$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/settings$/);

    // Before onboarding, the dashboard sends the person there.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/onboarding$/);

    // The app lives on a Thursday (playwright.config.ts): day 6 is not open yet.
    const completed = await page.request.post('/api/journal/onboarding/complete', {
      data: { answers: ['Sam', 'trust', 'listening', 'my friends', 'support', 'saying no'] },
    });
    expect(completed.status()).toBe(200);
    await page.goto('/reflect/day/6');
    await expect(page.getByText(en['reflection.locked'])).toBeVisible();
    await expect(page.getByText(en['reflection.lockedBody'])).toBeVisible();

    // A day that does not exist is not found.
    const response = await page.request.get('/reflect/day/8');
    expect(response.status()).toBe(404);
  });
});

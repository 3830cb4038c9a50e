import { linkFrom, waitForMail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

const COPY = {
  en: {
    title: 'receive our emails',
    email: 'E-mail address',
    consent: /I agree that Mirror may send me e-mails/,
    join: 'join',
    welcome: 'welcome to the list',
    checkEmail: 'Please check your email to confirm your subscription.',
    subject: /confirm/i,
    thanks: 'thank you',
    unsubscribed: "you're unsubscribed",
  },
  de: {
    title: 'erhalte unsere e-mails',
    email: 'E-Mail-Adresse',
    consent: /Ich bin einverstanden, dass Mirror mir E-Mails/,
    join: 'eintragen',
    welcome: 'willkommen auf der liste',
    checkEmail: 'Bitte prüfe dein E-Mail-Postfach, um deine Anmeldung zu bestätigen.',
    subject: /bestätig/i,
    thanks: 'danke',
    unsubscribed: 'du bist ausgetragen',
  },
} as const;

for (const locale of ['en', 'de'] as const) {
  const copy = COPY[locale];

  test(`join, confirm from the e-mail and unsubscribe (${locale})`, async ({ page }) => {
    const address = `e2e-${locale}-${Date.now()}@example.com`;
    await page.goto(`/waiting-list?lang=${locale}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.title);
    await page.getByLabel(copy.email, { exact: true }).fill(`  ${address.toUpperCase()} `);
    await page.getByLabel(copy.consent).check();
    await page.getByRole('button', { name: copy.join, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.welcome);
    await expect(page.getByText(copy.checkEmail)).toBeVisible();

    const mail = await waitForMail(address);
    expect(mail.subject).toMatch(copy.subject);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const confirm = linkFrom(mail, '/gdpr-confirmation');
    expect(confirm.searchParams.get('email')).toBe(address);

    await page.goto(`${confirm.pathname}${confirm.search}`);
    await expect(page).toHaveURL(new RegExp(`/ok\\?email=${encodeURIComponent(address)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.thanks);
    await expect(page.getByText(address)).toBeVisible();

    const unsubscribe = linkFrom(mail, '/byebye');
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.unsubscribed);
  });
}

test('the checks run in the order of the spec and say what is wrong', async ({ page }) => {
  await page.goto('/waiting-list');
  const join = page.getByRole('button', { name: 'join', exact: true });
  const alert = page.getByRole('alert');
  await page.getByLabel('E-mail address', { exact: true }).fill('not an address');
  await join.click();
  await expect(alert).toHaveText('please accept the consent to join the list');
  await expect(page.getByLabel(COPY.en.consent)).toBeFocused();
  await page.getByLabel(COPY.en.consent).check();
  await join.click();
  await expect(alert).toHaveText('please enter a valid email address');
  await expect(page.getByLabel('E-mail address', { exact: true })).toBeFocused();
  await page.getByLabel('E-mail address', { exact: true }).fill('');
  await join.click();
  await expect(alert).toHaveText('please enter your email address');
});

test.describe('refusals from the server', () => {
  test.use({ expectedConsoleError: /status of (400|409)/ });

  test('an address already on the list is told so', async ({ page }) => {
    const address = `twice-${Date.now()}@example.com`;
    await page.goto('/waiting-list');
    await page.getByLabel('E-mail address', { exact: true }).fill(address);
    await page.getByLabel(COPY.en.consent).check();
    await page.getByRole('button', { name: 'join', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('welcome to the list');

    // Another device a little later: past the browser's 5 s gap and the server's per-IP gap.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.254.254.254' });
    await page.goto('/waiting-list');
    await page.getByLabel('E-mail address', { exact: true }).fill(address);
    await page.getByLabel(COPY.en.consent).check();
    await page.clock.install();
    await page.clock.fastForward(6000);
    await page.getByRole('button', { name: 'join', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('this email is already registered for our waiting list');
  });

  test('a confirmation link without an address, or with a forged token, says what went wrong', async ({
    page,
  }) => {
    await page.goto('/gdpr-confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No email provided');
    await page.goto('/gdpr-confirmation?email=someone%40example.com&token=forged.token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'something went wrong... please try clicking the link in your email again.',
    );
  });

  test('a missing or forged token is an invalid link', async ({ page }) => {
    await page.goto('/byebye');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid unsubscribe link');
    await page.goto('/byebye?token=forged.token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid or expired unsubscribe link');
  });
});

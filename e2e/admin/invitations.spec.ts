import type { Page } from '@playwright/test';
import { base32Decode, totpCode } from '../../src/server/modules/staff/totp';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { confirmedSubscriber, openSection, signInAsStaff } from '../fixtures/admin';
import { invitationLink, staffApi } from '../fixtures/invitations';
import { linkFrom, waitForMail } from '../fixtures/mailbox';
import { expect, expectAccessible, setLocaleCookie, test } from '../fixtures/test';

/**
 * Invite-only, for real (issue 13), in both languages: staff invite a confirmed person from the newsletter
 * list, the invitation reaches the SMTP sink, the person sets a password and lands on onboarding; a
 * visitor's sign-up is refused with the way to the waiting list; a staff member sets up two-factor sign-in
 * and signs in with it.
 */

const TEXTS = { en, de } as const;
type Texts = typeof en;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** The staff sign-in form, as a staff member fills it in. */
async function signInWithForm(page: Page, t: Texts, account: { email: string; password: string }) {
  await page.goto('/admin-login');
  await page.getByLabel(t['admin.login.email'], { exact: true }).fill(account.email);
  await page.getByLabel(t['admin.login.password'], { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t['admin.login.submit'], exact: true }).click();
}

for (const locale of ['en', 'de'] as const) {
  const t = TEXTS[locale];

  test(`staff invite a confirmed person from the list, who signs up from the e-mail and lands on onboarding (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const stamp = Date.now();
    const email = `invited-${locale}-${stamp}@example.com`;
    await confirmedSubscriber(page, email, locale, `10.66.${stamp % 200}.${locale === 'en' ? 1 : 2}`);

    await setLocaleCookie(page, locale);
    await signInAsStaff(page, t);
    await expect(page).toHaveURL('/list');
    const list = await openSection(page, t['admin.sections.newsletterList.title']);
    await list.getByLabel(t['admin.waitlist.search']).fill(email);
    const row = list.getByRole('row').filter({ hasText: email });
    await expect(row.getByText(t['admin.invitations.state.none']).filter({ visible: true })).toBeVisible();
    await row.getByRole('checkbox').check();
    await list.getByRole('button', { name: t['admin.invitations.invite'], exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(
      fill(t['admin.invitations.confirm.title_one'], { count: 1 }),
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t['admin.invitations.confirm.action'] }).click();
    await expect(page.getByText(fill(t['admin.invitations.invited_one'], { count: 1 }))).toBeVisible();

    // The e-mail arrives in the person's language; its link opens the sign-up for that address.
    const link = await invitationLink(email);
    expect(link.searchParams.get('lang')).toBe(locale);
    await expect(row.locator('[data-invitation="invited"]').filter({ visible: true })).toBeVisible({
      timeout: 15_000,
    });

    // The address opens the subscriber's consent record (one dialog for the list); closing it gives the
    // focus back to the address.
    const address = row.getByRole('button', { name: fill(t['admin.waitlist.detail.open'], { email }) });
    await address.click();
    const detail = page.getByRole('dialog', { name: t['admin.waitlist.detail.title'] });
    await expect(detail.getByText(email)).toBeVisible();
    await expect(detail.getByRole('heading', { name: t['admin.waitlist.detail.consent'] })).toBeVisible();
    await expect(detail.getByText(t['admin.waitlist.detail.confirmedAt'])).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(address).toBeFocused();

    const person = await browser.newContext({ baseURL });
    await person.addCookies([{ name: 'mirror-revealed', value: '1', url: baseURL ?? '' }]);
    await person.addInitScript(() => window.sessionStorage.setItem('mirror.revealed', '1'));
    const invited = await person.newPage();
    await invited.goto(`${link.pathname}${link.search}`);
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText(t['auth.invited.title']);
    await expect(invited.getByLabel(t['auth.email.label'])).toHaveValue(email);
    await expect(invited.getByLabel(t['auth.email.label'])).not.toBeEditable();
    await invited.getByLabel(t['auth.password.label'], { exact: true }).fill('a garden after rain');
    await invited.getByLabel(t['auth.confirmPassword.label']).fill('a garden after rain');
    await invited.getByRole('button', { name: t['auth.invited.submit'] }).click();
    await expect(invited).toHaveURL(/\/onboarding$/);
    await expect(invited.getByLabel(t['onboarding.q1.title'])).toBeVisible();
    await person.close();

    // The list hears of it: accepted.
    await expect(row.locator('[data-invitation="accepted"]').filter({ visible: true })).toBeVisible({
      timeout: 15_000,
    });
  });

  test.describe(`a visitor (${locale})`, () => {
    test.use({ expectedConsoleError: /status of 403/ });

    test(`is told Mirror is invite-only, with the way to the waiting list (${locale})`, async ({
      page,
      clientAddress,
    }) => {
      await setLocaleCookie(page, locale);
      await page.goto('/auth');
      await page.getByRole('button', { name: t['auth.toggle.toSignUp'] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['auth.inviteOnly.title']);
      await expect(page.getByText(t['errors.invite_only'])).toBeVisible();
      await expectAccessible(page);
      // The API refuses it too, whatever the page would send.
      const refused = await page.request.post('/api/account/sign-up', {
        headers: { 'x-forwarded-for': clientAddress },
        data: {
          email: `visitor-${Date.now()}@example.com`,
          password: 'a garden after rain',
          language: locale,
        },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: 'invite_only' } });
      await page.getByRole('link', { name: t['auth.inviteOnly.join'] }).click();
      await expect(page).toHaveURL('/waiting-list');
    });
  });

  test(`a staff member sets up two-factor sign-in and signs in with it (${locale})`, async ({
    page,
    clientAddress,
  }) => {
    const email = `two-factor-${locale}-${Date.now()}@example.com`;
    const password = 'a long staff password';
    // An owner invites a new editor, who chooses a password from the link.
    const owner = await staffApi(clientAddress);
    const invited = await owner.post('/api/admin/staff/invitations', {
      data: { email, role: 'editor', language: locale },
    });
    expect(invited.status()).toBe(201);
    await owner.dispose();
    const link = linkFrom(await waitForMail(email), '/admin-login');
    await setLocaleCookie(page, locale);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByLabel(t['admin.login.email'])).toHaveValue(email);
    await page.getByLabel(t['admin.staffInvite.password']).fill(password);
    await page.getByLabel(t['auth.confirmPassword.label']).fill(password);
    await page.getByRole('button', { name: t['admin.staffInvite.submit'] }).click();
    await expect(page).toHaveURL('/list');
    // An editor sees no staff section.
    await expect(
      page.getByRole('button', { name: t['admin.sections.staffAccounts.title'], exact: true }),
    ).toHaveCount(0);

    const account = await openSection(page, t['admin.sections.account.title']);
    await account.getByRole('button', { name: t['admin.twoFactor.setUp'] }).click();
    await expect(account.getByRole('img', { name: t['admin.twoFactor.qrLabel'] })).toBeVisible();
    await expectAccessible(page);
    // The key to type in by hand, in groups of four, is what the QR code carries.
    const key = base32Decode((await account.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '');
    if (!key) throw new Error('the setup key is not base32');
    await account.getByLabel(t['admin.twoFactor.step2']).fill(totpCode(key, Date.now()));
    await account.getByRole('button', { name: t['admin.twoFactor.confirm'] }).click();
    const codes = account.getByRole('list', { name: t['admin.twoFactor.codes.label'] }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await account.getByLabel(t['admin.twoFactor.codes.kept']).check();
    await account.getByRole('button', { name: t['admin.twoFactor.codes.done'] }).click();
    await expect(account.getByText(t['admin.twoFactor.onBadge'], { exact: true })).toBeVisible();

    // Signed out and in again: the password alone is not enough.
    await page.getByRole('button', { name: t['admin.list.signOut'] }).click();
    await expect(page).toHaveURL('/');
    await signInWithForm(page, t, { email, password });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['admin.twoFactor.signInTitle']);
    await expectAccessible(page);
    // The code of the next 30-second step (the setup used this one's; each step's code works once).
    await page.getByLabel(t['admin.twoFactor.codeLabel']).fill(totpCode(key, Date.now() + 30_000));
    await page.getByRole('button', { name: t['admin.twoFactor.verify'] }).click();
    await expect(page).toHaveURL('/list');
    await expect(
      page.getByText(fill(t['admin.list.signedInAsRole'], { email, role: t['admin.roles.editor'] })),
    ).toBeVisible();
  });
}

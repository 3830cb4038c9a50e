import type { Browser, Page } from '@playwright/test';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { openSection, signInAsStaff } from '../fixtures/admin';
import { E2E_STAFF } from '../fixtures/staff';
import {
  expect,
  expectAccessible,
  LOCALE_WIDTHS,
  setLocaleCookie,
  signalPresence,
  test,
} from '../fixtures/test';

/** The admin area (issue 6): staff sign-in, page texts, the live waiting list, signing out. */

async function signIn(page: Page, password: string = E2E_STAFF.password) {
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['admin.login.title']);
  await page.getByLabel(en['admin.login.email'], { exact: true }).fill(E2E_STAFF.email);
  await page.getByLabel(en['admin.login.password'], { exact: true }).fill(password);
  await page.getByRole('button', { name: en['admin.login.submit'], exact: true }).click();
}

/** Joins the waiting list from its own client address (the per-address limits allow 3 an hour). */
async function joinWaitlist(page: Page, email: string, address: string) {
  const response = await page.request.post('/api/waitlist', {
    headers: { 'x-forwarded-for': address },
    data: { email, consent: true, website: '', language: 'en' },
  });
  expect(response.status()).toBe(201);
}

test.describe('without a staff session', () => {
  test('/list and /admin/videos send visitors to the admin sign-in', async ({ page }) => {
    for (const path of ['/list', '/admin/videos']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin-login');
      await expect(page.getByText(en['errors.admin_session_missing'])).toBeVisible();
    }
    await page.getByRole('link', { name: en['admin.login.back'], exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test.describe('a wrong password', () => {
    test.use({ expectedConsoleError: /status of 401/ });

    test('is refused with the spec’s message', async ({ page }) => {
      await signIn(page, 'not the password');
      await expect(page.getByText(en['admin.toast.loginFailed.title'])).toBeVisible();
      await expect(page.getByText(en['errors.admin_login_failed'])).toBeVisible();
      await expect(page).toHaveURL('/admin-login');
    });
  });
});

test('staff change the German hero title, publish it, and / shows it in German', async ({ page }) => {
  const title = `Ein neuer Blick auf dich ${Date.now()}`;
  await signIn(page);
  // The welcome toast shows at sign-in and leaves after a few seconds: looked for before /list has loaded.
  await expect(page.getByText(en['admin.toast.loginSuccess.body'])).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['admin.list.title']);

  const content = await openSection(page, en['admin.sections.contentManagement.title']);
  await content.getByRole('tab', { name: en['admin.editor.language.de'] }).click();
  const field = content.getByRole('textbox', { name: /Hero title/ });
  await field.fill(title);
  await content.getByRole('button', { name: en['admin.editor.saveDrafts'] }).click();
  await expect(page.getByText(en['admin.editor.savedToast'])).toBeVisible();
  await content.getByRole('button', { name: 'Publish Home (DE)' }).click();
  await expect(page.getByText('1 change published to Home (DE)')).toBeVisible();

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  try {
    await visitor.goto('/?lang=de');
    await signalPresence(visitor);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await visitor.locator('[data-testid="reveal-veil"] button').click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    await visitor.goto('/?lang=en');
    await signalPresence(visitor);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await visitor.locator('[data-testid="reveal-veil"] button').click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(en['cms.home.hero.title']);
  } finally {
    await visitor.close();
  }

  // Back to the built-in title: an emptied draft, published, removes the live text.
  await field.fill('');
  await content.getByRole('button', { name: en['admin.editor.saveDrafts'] }).click();
  await expect(page.getByText(en['admin.editor.savedToast'])).toHaveCount(1);
  await content.getByRole('button', { name: 'Publish Home (DE)' }).click();
  await expect(content.getByText(`Default: ${de['cms.home.hero.title']}`)).toBeVisible();
  const home = await page.request.get('/api/site/pages/home?locale=de');
  expect(((await home.json()) as { texts: Record<string, string> }).texts['hero.title']).toBe(
    de['cms.home.hero.title'],
  );
});

test('staff are warned while the legal notice lacks the operator; what they publish, /legal shows', async ({
  page,
}) => {
  const company = `Mirror Spiegel GmbH ${Date.now()}`;
  await signInAsStaff(page);
  const warning = page.getByRole('region', { name: en['admin.legalWarning.title'] });
  const germanGap = 'German, missing: Company name, Address, and Contact';
  await expect(warning).toContainText(germanGap);
  await expect(warning).toContainText('English, missing: Company name, Address, and Contact');
  await expectAccessible(page);

  await warning.getByRole('button', { name: en['admin.legalWarning.open'] }).click();
  const content = page.locator('[id="content-management-body"]').locator('..');
  await expect(content.getByRole('tab', { name: en['admin.cmsPages.legal'] })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await content.getByRole('tab', { name: en['admin.editor.language.de'] }).click();
  const german = content.getByRole('tabpanel', { name: /^German/ });
  await expect(
    german.getByText(/^Missing in this language: Company name, Address, and Contact\./),
  ).toBeVisible();
  const fields = {
    'Company name': company,
    Address: 'Spiegelgasse 7\n10115 Berlin',
    Contact: 'hallo@mirror.example',
  };
  for (const [label, value] of Object.entries(fields)) {
    await german.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await german.getByRole('button', { name: en['admin.editor.saveDrafts'] }).click();
  await expect(page.getByText(en['admin.editor.savedToast'])).toBeVisible();
  await german.getByRole('button', { name: 'Publish Legal notice (DE)' }).click();
  await expect(page.getByText('3 changes published to Legal notice (DE)')).toBeVisible();
  await expect(warning).not.toContainText(germanGap);
  await expect(warning).toContainText('English, missing');

  // A page of the same context (axe runs only in one made by a context); /legal reads no staff cookie.
  const visitor = await page.context().newPage();
  try {
    await visitor.goto('/legal?lang=de');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(visitor.getByText(company)).toBeVisible();
    await expect(visitor.getByText('hallo@mirror.example')).toBeVisible();
    await expect(visitor.getByText(de['legal.incomplete.title'])).toHaveCount(0);
    await expectAccessible(visitor);
  } finally {
    await visitor.close();
  }

  // Emptied and published again: the page and the warning are as before (other tests read /legal too).
  for (const label of Object.keys(fields)) {
    await german.getByRole('textbox', { name: label, exact: true }).fill('');
  }
  await german.getByRole('button', { name: en['admin.editor.saveDrafts'] }).click();
  await german.getByRole('button', { name: 'Publish Legal notice (DE)' }).click();
  await expect(warning).toContainText(germanGap);
});

test('staff delete two waiting-list entries and the third stays', async ({ page }) => {
  const stamp = Date.now();
  const emails = ['one', 'two', 'three'].map((name) => `delete-${name}-${stamp}@example.com`);
  for (const [index, email] of emails.entries())
    await joinWaitlist(page, email, `10.77.${stamp % 200}.${index + 1}`);

  await signInAsStaff(page);
  const list = await openSection(page, en['admin.sections.newsletterList.title']);
  await list
    .getByRole('searchbox', { name: en['admin.waitlist.search'] })
    .or(list.getByRole('textbox', { name: en['admin.waitlist.search'] }))
    .fill(`-${stamp}@`);
  await expect(list.getByText('3 match', { exact: false })).toBeVisible();

  await list.getByRole('button', { name: en['admin.waitlist.deleteSelected'] }).click();
  await expect(page.getByText(en['admin.waitlist.selection.none'])).toBeVisible();

  await list.getByRole('checkbox', { name: `Select ${emails[0]}` }).check();
  await list.getByRole('checkbox', { name: `Select ${emails[1]}` }).check();
  await list.getByRole('button', { name: en['admin.waitlist.deleteSelected'] }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('Delete 2 e-mails?')).toBeVisible();
  await expect(dialog.getByText(/This cannot be undone\./)).toBeVisible();
  await dialog.getByRole('button', { name: en['admin.waitlist.confirm.action'], exact: true }).click();
  await expect(page.getByText('Deleted 2 e-mails')).toBeVisible();
  await expect(list.getByText(emails[0] ?? '')).toHaveCount(0);
  await expect(list.getByText(emails[1] ?? '')).toHaveCount(0);
  await expect(list.getByText(emails[2] ?? '')).toBeVisible();

  // Gone from the server too, not only from the page.
  await page.reload();
  const reloaded = page.getByRole('button', { name: en['admin.sections.newsletterList.title'], exact: true });
  await expect(reloaded).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(emails[2] ?? '')).toBeVisible();
  await expect(page.getByText(emails[0] ?? '')).toHaveCount(0);
});

/** A visitor in a browser of their own joins the waiting list through its page. */
async function joinInAnotherBrowserContext(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.88.1.1' } });
  try {
    await context.addCookies([{ name: 'mirror-revealed', value: '1', url: baseURL }]);
    const visitor = await context.newPage();
    await visitor.addInitScript(() => window.sessionStorage.setItem('mirror.revealed', '1'));
    await visitor.goto('/waiting-list');
    await signalPresence(visitor);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await visitor.getByLabel('E-mail address', { exact: true }).fill(email);
    await visitor.getByLabel(/I agree that Mirror may send me e-mails/).check();
    await visitor.getByRole('button', { name: 'join', exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('welcome to the list');
  } finally {
    await context.close();
  }
}

test('a sign-up in another browser appears in the list without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `live-${Date.now()}@example.com`;
  await signInAsStaff(page);
  const list = await openSection(page, en['admin.sections.newsletterList.title']);
  await expect(list.getByText('Live', { exact: true })).toBeVisible();
  await expect(list.getByText(email)).toHaveCount(0);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));

  await joinInAnotherBrowserContext(browser, baseURL ?? '', email);
  await expect(list.getByText(email)).toBeVisible({ timeout: 10_000 });
  expect(navigations).toEqual([]);
});

test('signing out ends the session: /list then sends to the sign-in page', async ({ page }) => {
  await signInAsStaff(page);
  await page.getByRole('button', { name: en['admin.list.signOut'] }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(en['admin.toast.loggedOut.body'])).toBeVisible();
  await page.goto('/list');
  await expect(page).toHaveURL('/admin-login');
  await expect(page.getByText(en['errors.admin_session_missing'])).toBeVisible();
  const session = await page.request.get('/api/admin/session');
  expect(await session.json()).toEqual({ session: null });
});

test('the open sections are remembered across reloads', async ({ page }) => {
  await signInAsStaff(page);
  await openSection(page, en['admin.sections.idGenerator.title']);
  await page.reload();
  await expect(
    page.getByRole('button', { name: en['admin.sections.idGenerator.title'], exact: true }),
  ).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: en['admin.list.collapseAll'] }).click();
  await page.reload();
  await expect(
    page.getByRole('button', { name: en['admin.sections.idGenerator.title'], exact: true }),
  ).toHaveAttribute('aria-expanded', 'false');
});

test('/list with the list open starts its first requests with the page and asks each once', async ({
  page,
}) => {
  await signInAsStaff(page);
  await openSection(page, en['admin.sections.newsletterList.title']);
  const fresh = await page.context().newPage();
  const warnings: string[] = [];
  fresh.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await fresh.goto('/list');
  await expect(fresh.getByText('Live', { exact: true })).toBeVisible();
  // Started by the HTML's preloads, before the app's code ran, and taken over by the page's own fetch().
  const { asked, appRan } = await fresh.evaluate(() => ({
    asked: performance.getEntriesByType('resource').map((entry) => ({
      url: entry.name.replace(location.origin, ''),
      startTime: entry.startTime,
      by: (entry as PerformanceResourceTiming).initiatorType,
    })),
    appRan: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .domContentLoadedEventStart,
  }));
  // What this role sees at once, known to the server from the session cookie (decision 060).
  const first = [
    '/api/admin/session',
    '/api/admin/waitlist?sort=joined&dir=desc&page=1',
    '/api/admin/invitations/direct',
    '/api/admin/content/texts/legal?locale=en',
    '/api/admin/content/texts/legal?locale=de',
  ];
  for (const url of first) {
    const requests = asked.filter((entry) => entry.url === url);
    expect(requests[0], url).toMatchObject({ by: 'link' });
    expect(requests[0]?.startTime, url).toBeLessThan(appRan);
  }
  // The route's loader read these before the first render; the page does not ask again (decision 058). The
  // list itself is loaded once more when its live stream connects (changes before then were not heard).
  for (const url of first.filter((url) => !url.startsWith('/api/admin/waitlist'))) {
    expect(
      asked.filter((entry) => entry.url === url),
      url,
    ).toHaveLength(1);
  }
  // Chromium warns of a preload nobody used when its own check runs, three seconds after the page's load
  // event: the event waited for is that moment on the page's clock (with half a second for the warning).
  await fresh.waitForFunction(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return navigation.loadEventEnd > 0 && performance.now() > navigation.loadEventEnd + 3_500;
  });
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
});

test.describe('accessibility', () => {
  for (const { locale, width } of LOCALE_WIDTHS) {
    test(`the sign-in and every open section have no serious violations (${locale}, ${width} px)`, async ({
      page,
    }) => {
      const t = locale === 'en' ? en : de;
      await setLocaleCookie(page, locale);
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin-login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['admin.login.title']);
      await expectAccessible(page);
      await page.getByLabel(t['admin.login.email'], { exact: true }).fill(E2E_STAFF.email);
      await page.getByLabel(t['admin.login.password'], { exact: true }).fill(E2E_STAFF.password);
      await page.getByRole('button', { name: t['admin.login.submit'], exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['admin.list.title']);
      await page.getByRole('button', { name: t['admin.list.expandAll'] }).click();
      await expect(
        page.getByRole('button', { name: t['admin.sections.emailSystemTest.title'], exact: true }),
      ).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(t['admin.waitlist.loading'])).toHaveCount(0);
      await expectAccessible(page);
      // The audit log names this sign-in, and reads at this width without scrolling sideways.
      const audit = page.getByRole('table', { name: t['admin.audit.caption'] });
      await expect(audit.getByText(E2E_STAFF.email).filter({ visible: true }).first()).toBeVisible();
      expect(
        await audit.evaluate((table) => {
          const box = table.parentElement;
          return box !== null && box.scrollWidth <= box.clientWidth;
        }),
      ).toBe(true);
    });
  }
});

test('the session warning counts down on the device clock, however far the server clock runs apart', async ({
  page,
}) => {
  // The app under test lives on another day (playwright.config.ts); this device keeps today's time.
  await page.clock.install();
  await signInAsStaff(page);
  await expect(page.getByText(en['admin.sessionExpiry.keepText'])).toBeHidden();
  const signedInAt = await page.evaluate(() => Date.now());
  // Nine minutes before the end, on this device's clock.
  await page.clock.fastForward(8 * 60 * 60_000 - 9 * 60_000);
  const ends = await page.evaluate(
    (at) => new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' }),
    signedInAt + 8 * 60 * 60_000,
  );
  await expect(page.getByText(en['admin.sessionExpiry.title'].replace('{{time}}', ends))).toBeVisible();
  await page.getByRole('button', { name: en['admin.sessionExpiry.stay'] }).click();
  await expect(page.getByText(en['admin.sessionExpiry.extended'].replace(/\{\{time\}\}/, ''))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['admin.list.title']);
});

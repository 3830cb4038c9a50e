import type { APIRequestContext, Browser, Page } from '@playwright/test';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invitedAccount } from '../fixtures/invitations';
import { onboard } from '../fixtures/members';
import { expect, expectAccessible, LOCALE_WIDTHS, setLocaleCookie, test } from '../fixtures/test';

/**
 * Issue 34, no lost words: one day open on two devices. Whichever saves second over text it never saw is
 * told at once, sees both texts and chooses; nothing either device wrote is lost, in either order.
 */
const LOCALES = { en, de } as const;
const PASSWORD = 'two lamps in one window';
const TIME_ZONE = 'Europe/Berlin';

// The refused save is a 409 the browser notes in the console; being refused is the point here.
test.use({ expectedConsoleError: /status of 409/ });

async function signInThrough(
  request: APIRequestContext,
  account: { email: string; language: 'en' | 'de' },
  clientAddress: string,
) {
  const signedIn = await request.post('/api/account/sign-in', {
    headers: { 'x-forwarded-for': clientAddress },
    data: { ...account, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
}

/** The second device: a browser of its own, signed in as the same person. */
async function secondDevice(
  browser: Browser,
  width: number,
  account: { email: string; language: 'en' | 'de' },
  clientAddress: string,
) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width, height: 844 },
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress, 'x-time-zone': TIME_ZONE },
  });
  await signInThrough(context.request, account, clientAddress);
  return context;
}

async function write(page: Page, t: typeof en, text: string) {
  await page.getByLabel(t['reflection.textLabel']).fill(text);
  await expect(page.getByText(t['reflection.saved'], { exact: true })).toBeVisible();
}

for (const { locale, width } of LOCALE_WIDTHS) {
  test(`a day written on two devices loses nothing, in either order (${locale}, ${width} px)`, async ({
    page,
    browser,
    clientAddress,
  }, testInfo) => {
    const t = LOCALES[locale];
    const email = `two-devices-${locale}-${testInfo.workerIndex}-${Date.now()}@example.com`;
    await invitedAccount({ email, password: PASSWORD, language: locale, clientAddress });
    await signInThrough(page.request, { email, language: locale }, clientAddress);
    await onboard(page.request, 'Robin', TIME_ZONE);
    await setLocaleCookie(page, locale);
    await page.setViewportSize({ width, height: 844 });
    const laptop = await secondDevice(browser, width, { email, language: locale }, clientAddress);
    await laptop.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
    const other = await laptop.newPage();

    await page.goto('/reflect/day/1');
    await other.goto('/reflect/day/1');
    await expect(other.getByLabel(t['reflection.textLabel'])).toHaveValue('');

    // The phone saves first; the laptop, still on the empty day, writes over text it never saw.
    await write(page, t, 'A long walk with my sister.');
    await other.getByLabel(t['reflection.textLabel']).fill('Tom called, and I listened.');
    const conflict = other.getByTestId('reflection-conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('heading')).toHaveText(t['reflection.conflict.title']);
    await expect(conflict.getByRole('figure', { name: t['reflection.conflict.mine'] })).toContainText(
      'Tom called, and I listened.',
    );
    await expect(conflict.getByRole('figure', { name: t['reflection.conflict.theirs'] })).toContainText(
      'A long walk with my sister.',
    );
    // Nothing is saved until the person chooses; the text they wrote stays where it was.
    await expect(other.getByLabel(t['reflection.textLabel'])).toHaveValue('Tom called, and I listened.');
    await expectAccessible(other);
    await expect(conflict).toBeInViewport();
    await expect(conflict).toBeFocused();
    await other.screenshot({ path: testInfo.outputPath(`conflict-${locale}-${width}.png`) });
    await conflict.getByRole('button', { name: t['reflection.conflict.keepBoth'] }).click();
    await expect(conflict).toHaveCount(0);
    const both = 'A long walk with my sister.\n\nTom called, and I listened.';
    await expect(other.getByLabel(t['reflection.textLabel'])).toHaveValue(both);
    await expect(other.getByText(t['reflection.saved'], { exact: true })).toBeVisible();

    // The other order: the laptop adds a line, and the phone, still holding the first text, is told.
    await write(other, t, `${both}\nLater: we laughed.`);
    await page.getByLabel(t['reflection.textLabel']).fill('A long walk with my sister. It rained.');
    const onPhone = page.getByTestId('reflection-conflict');
    await expect(onPhone).toBeVisible();
    await expect(onPhone.getByRole('figure', { name: t['reflection.conflict.theirs'] })).toContainText(
      'Later: we laughed.',
    );
    await onPhone.getByRole('button', { name: t['reflection.conflict.keepMine'] }).click();
    await expect(page.getByText(t['reflection.saved'], { exact: true })).toBeVisible();

    // Each device now shows what was chosen last, after a reload.
    await other.reload();
    await expect(other.getByLabel(t['reflection.textLabel'])).toHaveValue(
      'A long walk with my sister. It rained.',
    );
    await laptop.close();
  });
}

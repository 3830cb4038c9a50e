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

/** The person comes back to a tab that was in the background (the event a shown tab gets). */
async function comeBack(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
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
    await onboard(page.request, email, 'Robin', TIME_ZONE);
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
    const conflict = other.getByTestId('text-conflict');
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
    const onPhone = page.getByTestId('text-conflict');
    await expect(onPhone).toBeVisible();
    await expect(onPhone.getByRole('figure', { name: t['reflection.conflict.theirs'] })).toContainText(
      'Later: we laughed.',
    );
    await onPhone.getByRole('button', { name: t['reflection.conflict.keepMine'] }).click();
    await expect(page.getByText(t['reflection.saved'], { exact: true })).toBeVisible();

    // Coming back to the laptop's tab, with nothing unsaved there: it takes in the phone's text, and says so.
    await comeBack(other);
    await expect(
      other.getByRole('status').filter({ hasText: t['reflection.updatedElsewhere'] }),
    ).toBeVisible();
    await expect(other.getByLabel(t['reflection.textLabel'])).toHaveValue(
      'A long walk with my sister. It rained.',
    );
    // Each device shows what was chosen last after a reload too, and the laptop's next line saves at once.
    await write(other, t, 'A long walk with my sister. It rained. Tom called.');
    await page.reload();
    await expect(page.getByLabel(t['reflection.textLabel'])).toHaveValue(
      'A long walk with my sister. It rained. Tom called.',
    );
    await laptop.close();
  });
}

for (const { locale, width } of LOCALE_WIDTHS) {
  test(`onboarding answered on two devices loses nothing (${locale}, ${width} px)`, async ({
    page,
    browser,
    clientAddress,
  }, testInfo) => {
    const t = LOCALES[locale];
    const email = `two-devices-onboarding-${locale}-${testInfo.workerIndex}-${Date.now()}@example.com`;
    await invitedAccount({ email, password: PASSWORD, language: locale, clientAddress });
    await signInThrough(page.request, { email, language: locale }, clientAddress);
    await setLocaleCookie(page, locale);
    await page.setViewportSize({ width, height: 844 });
    const laptop = await secondDevice(browser, width, { email, language: locale }, clientAddress);
    await laptop.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
    const other = await laptop.newPage();
    await page.goto('/onboarding');
    await other.goto('/onboarding');
    const name = (on: Page) => on.getByLabel(t['onboarding.q1.title']);
    const second = (on: Page) => on.getByLabel(t['onboarding.q2.title']);
    const saved = (on: Page) => expect(on.getByText(t['onboarding.saved'], { exact: true })).toBeVisible();
    await expect(name(other)).toHaveValue('');

    // The phone answers the name and the second question; the laptop, still on the empty page, the name.
    await name(page).fill('Robin');
    await page.getByRole('button', { name: t['onboarding.next'] }).click();
    await second(page).fill('Being listened to.');
    await saved(page);
    await name(other).fill('Rob');
    const conflict = other.getByTestId('text-conflict');
    await expect(conflict.getByRole('heading')).toHaveText(t['onboarding.conflict.title']);
    await expect(conflict.getByRole('figure', { name: t['reflection.conflict.mine'] })).toContainText('Rob');
    await expect(conflict.getByRole('figure', { name: t['reflection.conflict.theirs'] })).toContainText(
      'Robin',
    );
    await expect(other.getByRole('button', { name: t['onboarding.next'] })).toBeDisabled();
    // Nothing is being tried again until the person chooses, and the page does not say otherwise.
    await expect(other.getByText(t['onboarding.saveFailed'])).toHaveCount(0);
    await expectAccessible(other);
    await other.screenshot({ path: testInfo.outputPath(`onboarding-conflict-${locale}-${width}.png`) });
    await conflict.getByRole('button', { name: t['reflection.conflict.keepTheirs'] }).click();
    await expect(conflict).toHaveCount(0);
    await expect(name(other)).toHaveValue('Robin');
    // The answer only the phone changed was taken in without asking.
    await other.getByRole('button', { name: t['onboarding.next'] }).click();
    await expect(second(other)).toHaveValue('Being listened to.');

    // The phone changes it again; back on the laptop's tab, that is taken in and said.
    await second(page).fill('Being listened to, and listening.');
    await saved(page);
    await comeBack(other);
    await expect(
      other.getByRole('status').filter({ hasText: t['onboarding.updatedElsewhere'] }),
    ).toBeVisible();
    await expect(second(other)).toHaveValue('Being listened to, and listening.');
    // And the laptop's own change, written over what it has now seen, is saved.
    await second(other).fill('Being listened to, and listening well.');
    await saved(other);
    // The phone, reloaded, stays on its question and shows the laptop's words.
    await page.reload();
    await expect(second(page)).toHaveValue('Being listened to, and listening well.');
    await laptop.close();
  });
}

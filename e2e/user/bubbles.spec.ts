import type { Browser, Page } from '@playwright/test';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invitedAccount } from '../fixtures/invitations';
import { expect, expectAccessible, LOCALE_WIDTHS, setLocaleCookie, test } from '../fixtures/test';

/**
 * The bubble profile (issue 5): answering a question makes a bubble that the profile highlights; the
 * overlay, All mode, sizes per breakpoint, the test home's intro, and a signed-in person's bubbles on a
 * second device.
 */
const q = en;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Answers one Trust question through /app, as a person would. */
async function answerTrust(page: Page, name: string, importance: number) {
  await page.goto('/app?category=Trust');
  await page.getByRole('button', { name: q['bubbles.questionnaire.start'] }).click();
  await page.getByRole('button', { name: q['bubbles.questionnaire.next'] }).click();
  const next = page.getByRole('button', { name: q['bubbles.questionnaire.next'] });
  // The drawn mark covers the native input; a person clicks the option's text.
  await page.getByText(q['bubbles.who.partner'], { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: q['bubbles.who.partner'] })).toBeChecked();
  await next.click();
  await page.getByRole('textbox').fill(name);
  await next.click();
  await page.getByText(q['bubbles.when.few_weeks_ago'], { exact: true }).click();
  await expect(page.getByRole('radio', { name: q['bubbles.when.few_weeks_ago'] })).toBeChecked();
  await next.click();
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let value = 5; value < importance; value++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue(String(importance));
  await page.getByRole('button', { name: q['bubbles.questionnaire.finish'] }).click();
  await expect(page).toHaveURL(/\/profile\?category=Trust$/);
}

const ownBubble = (page: Page, name: string, importance: number) =>
  page.getByRole('button', {
    name: fill(q['bubbles.canvas.bubbleOwn'], { category: 'Trust', name, value: importance }),
  });

test.describe('with motion', () => {
  // As most visitors see it: the bubbles move as they appear and as the overlay opens. The other tests here
  // are about what the profile shows, and run without motion as the other specs do (decision 063).
  test.use({ reducedMotion: 'no-preference' });

  test('an answered Trust question becomes the highlighted bubble, and its overlay shows the answer', async ({
    page,
  }) => {
    await answerTrust(page, 'Robin', 8);
    const bubble = ownBubble(page, 'Robin', 8);
    await expect(bubble).toHaveClass(/bubble-highlight/);
    await expect(bubble).toBeInViewport();

    await bubble.click();
    const overlay = page.getByRole('dialog');
    await expect(overlay).toContainText(/Trust - Round \d+/);
    await expect(overlay).toContainText(q['bubbles.who.partner']);
    await expect(overlay).toContainText('Robin');
    await expect(overlay).toContainText(q['bubbles.when.few_weeks_ago']);
    await expect(overlay).toContainText('8/10');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await expect(bubble).toBeFocused();

    await bubble.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The bubble is the person's, kept in this browser: a reload still shows it (no longer highlighted).
    await page.reload();
    await expect(ownBubble(page, 'Robin', 8)).toBeVisible();
    await expect(ownBubble(page, 'Robin', 8)).not.toHaveClass(/bubble-highlight/);
  });
});

test('All mode shows a visitor 50 example bubbles, then 100 after "load more"', async ({ page }) => {
  await page.goto('/profile?category=All');
  await expect(page.getByText(q['bubbles.canvas.examplesBadge'], { exact: true })).toBeVisible();
  const canvas = page.getByRole('region', { name: q['bubbles.canvas.labelExamples'] });
  await expect(canvas.getByRole('button')).toHaveCount(50);
  await expect(page.getByRole('button', { name: q['bubbles.profile.answer'] })).toBeDisabled();
  await page.getByRole('button', { name: fill(q['bubbles.profile.loadMore'], { n: 50 }) }).click();
  await expect(canvas.getByRole('button')).toHaveCount(100);
});

for (const [width, min, max] of [
  [390, 40, 100],
  [1280, 50, 140],
] as const) {
  test(`bubbles are sized by importance for ${width} px (${min}–${max} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/profile?category=Trust');
    const canvas = page.getByRole('region', { name: q['bubbles.canvas.labelExamples'] });
    await expect(canvas.getByRole('button')).toHaveCount(100);
    const sizes = await canvas
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().width));
    for (const size of sizes) {
      expect(size).toBeGreaterThanOrEqual(min - 0.5);
      expect(size).toBeLessThanOrEqual(max + 0.5);
    }
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  });
}

test('the test home intro leads to the first question', async ({ page }) => {
  await page.goto('/testhome');
  await expect(page.getByText(q['bubbles.canvas.examplesBadge'], { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: q['testHome.bubblesHeading'] }).getByRole('button'),
  ).toHaveCount(100);
  await expect(page.getByRole('link', { name: q['testHome.fragrance'] })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: q['testHome.emails'] })).toHaveAttribute(
    'href',
    '/waiting-list',
  );
  await page.getByRole('button', { name: q['testHome.platform'] }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(q['testHome.intro.welcome']);
  await dialog.getByRole('button', { name: q['testHome.intro.enter'] }).click();
  await expect(dialog).toContainText(q['testHome.intro.path']);
  await dialog.getByRole('button', { name: q['testHome.intro.continue'] }).click();
  await page.waitForURL(/\/app$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: q['bubbles.questionnaire.start'] })).toBeVisible();
});

/** A fresh context signed in as `email` (verified through the link in the e-mail). */
async function signedInContext(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  ip: string,
) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  await context.addCookies([{ name: 'mirror-revealed', value: '1', url: baseURL }]);
  await context.addInitScript(() => window.sessionStorage.setItem('mirror.revealed', '1'));
  const signIn = await context.request.post('/api/account/sign-in', {
    data: { email, password, language: 'en' },
  });
  expect(signIn.status()).toBe(200);
  return context;
}

test("a signed-in person's bubble appears on their second device", async ({
  page,
  browser,
  baseURL,
  clientAddress,
}) => {
  const email = `bubbles-${process.pid}-${Date.now()}@example.com`;
  const password = 'quiet harbour lanterns';
  await invitedAccount({ email, password, clientAddress });

  // First device: sign in through the page, then answer.
  await page.goto('/auth');
  await page.getByLabel(q['auth.email.label']).fill(email);
  await page.getByLabel(q['auth.password.label'], { exact: true }).fill(password);
  await page.getByRole('button', { name: q['auth.submit.signIn'] }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/bubbles') && r.request().method() === 'POST',
  );
  await answerTrust(page, 'Kim', 6);
  expect((await saved).status()).toBe(200);

  // Second device: nothing in its storage, the bubble comes from the account.
  const second = await signedInContext(
    browser,
    baseURL ?? '',
    email,
    password,
    `${clientAddress}1`.slice(0, 15),
  );
  const other = await second.newPage();
  await other.goto('/profile?category=Trust');
  await expect(ownBubble(other, 'Kim', 6)).toBeVisible();
  await second.close();
});

const LOCALES = { en, de } as const;

for (const { locale, width } of LOCALE_WIDTHS) {
  test(`a member's profile is their own: empty, it invites the first answer, which it then shows alone; the questionnaire keeps its answers across reload and Back (${locale}, ${width} px)`, async ({
    page,
    clientAddress,
  }, testInfo) => {
    const t = LOCALES[locale];
    const trust = t['bubbles.category.trust'];
    const email = `own-profile-${locale}-${testInfo.workerIndex}-${Date.now()}@example.com`;
    const password = 'a profile of my own';
    await invitedAccount({ email, password, language: locale, clientAddress });
    const signedIn = await page.request.post('/api/account/sign-in', {
      headers: { 'x-forwarded-for': clientAddress },
      data: { email, password, language: locale },
    });
    expect(signedIn.status()).toBe(200);
    await setLocaleCookie(page, locale);
    await page.setViewportSize({ width, height: 900 });
    const canvas = page.getByRole('region', { name: t['bubbles.canvas.label'] });

    // Nothing yet, and no made-up names: the whole profile, then one category, say so and invite.
    await page.goto('/profile?category=All');
    await expect(page.getByRole('heading', { name: t['bubbles.empty.profileTitle'] })).toBeVisible();
    await expect(page.getByRole('link', { name: t['bubbles.empty.profileCta'] })).toHaveAttribute(
      'href',
      '/app?category=Trust',
    );
    await expect(page.getByText(t['bubbles.canvas.examplesBadge'], { exact: true })).toHaveCount(0);
    await expect(canvas).toHaveCount(0);
    await expectAccessible(page);
    // The issue asks for the empty profile in both widths: the other one is drawn afresh at its width.
    await page.screenshot({
      path: testInfo.outputPath(`empty-profile-${locale}-${width}.png`),
      fullPage: true,
    });
    const otherWidth = width === 390 ? 1280 : 390;
    await page.setViewportSize({ width: otherWidth, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { name: t['bubbles.empty.profileTitle'] })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`empty-profile-${locale}-${otherWidth}.png`),
      fullPage: true,
    });
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/profile?category=Trust');
    await expect(
      page.getByRole('heading', { name: fill(t['bubbles.empty.categoryTitle'], { category: trust }) }),
    ).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`empty-trust-${locale}-${width}.png`),
      fullPage: true,
    });
    await page.getByRole('link', { name: fill(t['bubbles.empty.categoryCta'], { category: trust }) }).click();
    await expect(page).toHaveURL(/\/app\?category=Trust$/);

    // Half answered, then reloaded: the same step with the same answers.
    const next = page.getByRole('button', { name: t['bubbles.questionnaire.next'] });
    await page.getByRole('button', { name: t['bubbles.questionnaire.start'] }).click();
    await next.click();
    await page.getByText(t['bubbles.who.partner'], { exact: true }).click();
    await next.click();
    await page.getByRole('textbox').fill('Robin');
    await page.reload();
    await expect(page.getByRole('textbox')).toHaveValue('Robin');
    await page.getByRole('button', { name: t['bubbles.questionnaire.back'] }).click();
    await expect(page.getByRole('checkbox', { name: t['bubbles.who.partner'] })).toBeChecked();
    await next.click();
    await next.click();
    await page.getByText(t['bubbles.when.few_weeks_ago'], { exact: true }).click();

    // The browser's Back leaves the questionnaire; coming back finds the answers where they were.
    await page.goBack();
    await expect(page).toHaveURL(/\/profile\?category=Trust$/);
    await page.goForward();
    await expect(page.getByRole('radio', { name: t['bubbles.when.few_weeks_ago'] })).toBeChecked();
    await next.click();
    await page.getByRole('button', { name: t['bubbles.questionnaire.finish'] }).click();
    await expect(page).toHaveURL(/\/profile\?category=Trust$/);

    // Exactly the one moment, in its category and in All, counted truly.
    const own = page.getByRole('button', {
      name: fill(t['bubbles.canvas.bubbleOwn'], { category: trust, name: 'Robin', value: 5 }),
    });
    await expect(own).toBeVisible();
    await expect(canvas.getByRole('button')).toHaveCount(1);
    await expect(
      page.getByText(fill(t['bubbles.canvas.count_one'], { count: 1 }), { exact: true }),
    ).toBeVisible();
    await page.goto('/profile?category=All');
    await expect(own).toBeVisible();
    await expect(canvas.getByRole('button')).toHaveCount(1);
    await expect(
      page.getByText(fill(t['bubbles.canvas.count_one'], { count: 1 }), { exact: true }),
    ).toBeVisible();

    // Saved, the answer in progress is gone: the next question starts afresh.
    await page.goto('/app?category=Trust');
    await expect(page.getByRole('button', { name: t['bubbles.questionnaire.start'] })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
      'mirror_trust_answer',
    );
  });
}

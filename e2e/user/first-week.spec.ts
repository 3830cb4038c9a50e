import type { APIRequestContext } from '@playwright/test';
import { addDays, formatDayDate } from '../../src/shared/domain/journal';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invitedAccount } from '../fixtures/invitations';
import { appMonday, fill, setFirstDay } from '../fixtures/members';
import { expect, expectAccessible, LOCALE_WIDTHS, setLocaleCookie, test } from '../fixtures/test';

/**
 * Issue 34, a first week that starts where the person starts (decision 067). The app lives on a Thursday:
 * a member who joins today begins on the next Monday; one who joined on this week's Tuesday has six days,
 * and the Monday before they joined is not theirs, neither open nor missed.
 */
const LOCALES = { en, de } as const;
const PASSWORD = 'a first week of our own';

// A day before the person joined is a 403 the browser notes in the console; that it is refused is the point.
test.use({ expectedConsoleError: /status of 403/ });

async function newMember(
  request: APIRequestContext,
  locale: 'en' | 'de',
  clientAddress: string,
  label: string,
) {
  const email = `first-week-${label}-${locale}-${test.info().workerIndex}-${Date.now()}@example.com`;
  await invitedAccount({ email, password: PASSWORD, language: locale, clientAddress });
  const signedIn = await request.post('/api/account/sign-in', {
    headers: { 'x-forwarded-for': clientAddress },
    data: { email, password: PASSWORD, language: locale },
  });
  expect(signedIn.status()).toBe(200);
  const completed = await request.post('/api/journal/onboarding/complete', {
    headers: { 'x-time-zone': 'Europe/Berlin' },
    data: {
      answers: ['Robin', 'Honesty and trust.', 'Being heard.', 'My sister.', 'Support.', 'Saying no.'],
    },
  });
  expect(completed.status()).toBe(200);
  return email;
}

for (const { locale, width } of LOCALE_WIDTHS) {
  test(`joining on a Thursday, the first week is the next one (${locale}, ${width} px)`, async ({
    page,
    clientAddress,
  }, testInfo) => {
    const t = LOCALES[locale];
    await newMember(page.request, locale, clientAddress, 'thursday');
    await setLocaleCookie(page, locale);
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/dashboard');
    const nextMonday = appMonday(-1);
    await expect(
      page.getByRole('heading', {
        name: fill(t['dashboard.firstWeek.title'], { date: formatDayDate(locale, nextMonday, 'long') }),
      }),
    ).toBeVisible();
    await expect(page.getByText(t['dashboard.firstWeek.body'])).toBeVisible();
    // Every day is that week's, closed for now; there is no "today" to answer.
    await expect(
      page.getByText(fill(t['dashboard.week.progress'], { completed: 0, total: 7 })),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`^${fill(t['dashboard.day'], { day: 1 })}\\b`) }),
    ).toHaveCount(0);
    await expect(page.getByText(t['status.locked'], { exact: true })).toHaveCount(7);
    await expect(page.getByRole('link', { name: t['dashboard.answerToday'] })).toHaveCount(0);
    await expect(page.getByText(formatDayDate(locale, nextMonday, 'short'), { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`first-week-thursday-${locale}-${width}.png`),
      fullPage: true,
    });
    // The week to come opens on its eve: the reflection page says so, not that anything was missed.
    await page.goto('/reflect/day/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['reflection.locked']);
  });

  test(`joined on a Tuesday, the Monday before is not theirs (${locale}, ${width} px)`, async ({
    page,
    clientAddress,
  }, testInfo) => {
    const t = LOCALES[locale];
    const email = await newMember(page.request, locale, clientAddress, 'tuesday');
    await setFirstDay(page.request, email, addDays(appMonday(0), 1));
    await setLocaleCookie(page, locale);
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/dashboard');
    const dayLink = (day: number) =>
      page.getByRole('link', { name: new RegExp(`^${fill(t['dashboard.day'], { day })}\\b`) });
    await expect(dayLink(2)).toBeVisible();
    await expect(dayLink(1)).toHaveCount(0);
    await expect(page.getByText(t['status.before_start'], { exact: true })).toHaveCount(1);
    await expect(page.getByText(fill(t['dashboard.firstWeek.joined'], { day: 2, count: 6 }))).toBeVisible();
    await expect(
      page.getByText(fill(t['dashboard.week.progress'], { completed: 0, total: 6 })),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: t['dashboard.answerToday'] })).toHaveAttribute(
      'href',
      '/choose-lane',
    );
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`first-week-tuesday-${locale}-${width}.png`),
      fullPage: true,
    });
    // Opened by its address, Monday says it came before they joined, with the way back.
    await page.goto('/reflect/day/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['reflection.beforeStart']);
    await expect(page.getByText(t['reflection.beforeStartBody'])).toBeVisible();
    await page.getByRole('link', { name: t['reflection.back'] }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { invitedAccount } from '../fixtures/invitations';
import { linkFrom, waitForMail } from '../fixtures/mailbox';
import { fill, onboard, signIn } from '../fixtures/members';
import { expect, expectAccessible, setLocaleCookie, test } from '../fixtures/test';

/**
 * Issue 14 in the browser, in English and German: a reminder set in the settings arrives at the SMTP sink
 * and its link opens today's day, and the link at its bottom turns reminders off.
 */
const LOCALES = { en, de } as const;
const PASSWORD = 'quiet harbour lanterns';
/**
 * How far ahead of the app's now the reminder is set: time enough for the switch and the save to reach the
 * server before that minute begins (a reminder set for a minute already begun is due tomorrow), so the test
 * waits 30–90 s, and up to one run of the reminder worker (15 s), for the e-mail.
 */
const REMINDER_LEAD_MS = 30_000;

/** HH:MM on the wall clock in `timeZone`, `aheadMs` after the app's now (the app's clock is shifted). */
function wallClockAhead(timeZone: string, aheadMs: number): string {
  const appNow = Date.now() + Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
  const at = new Date(Math.ceil((appNow + aheadMs) / 60_000) * 60_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

// The app lives on a Thursday, about noon UTC (playwright.config.ts): in Auckland it is already Friday, day 5;
// in Berlin it is Thursday, day 4, the lane choice.
const REMINDER_CASES = [
  { locale: 'en', timeZone: 'Pacific/Auckland', dayPath: '/reflect/day/5' },
  { locale: 'de', timeZone: 'Europe/Berlin', dayPath: '/choose-lane' },
] as const;

for (const { locale, timeZone, dayPath } of REMINDER_CASES) {
  test.describe(`the daily reminder (${locale})`, () => {
    test.use({ timezoneId: timeZone });

    test('is set in the settings, arrives by e-mail and opens today’s day', async ({
      page,
      clientAddress,
    }, info) => {
      test.setTimeout(300_000);
      const t = LOCALES[locale];
      const email = `reminder-${locale}-${info.workerIndex}-${Date.now()}@example.com`;
      await setLocaleCookie(page, locale);
      await invitedAccount({ email, password: PASSWORD, clientAddress, language: locale });
      await signIn(page, t, email, PASSWORD);
      await expect(page).toHaveURL(/\/onboarding$/);
      await onboard(page.request, email, 'Robin', timeZone);

      // The dashboard learns the browser's zone; the settings switch the reminder on for the first whole
      // minute at least REMINDER_LEAD_MS ahead.
      await page.goto('/dashboard');
      await expect(
        page.getByRole('heading', { name: fill(t['dashboard.welcome'], { name: 'Robin' }) }),
      ).toBeVisible();
      await page.getByRole('link', { name: t['nav.settings'] }).click();
      await page.getByRole('switch', { name: t['settings.reminder.switch'] }).click();
      await page.getByLabel(t['settings.reminder.label']).fill(wallClockAhead(timeZone, REMINDER_LEAD_MS));
      await expect(page.getByText(t['settings.saved'])).toBeVisible();
      await expect(page.getByText(fill(t['settings.reminder.next'], { when: '' }).trim())).toBeVisible();
      await expectAccessible(page);

      const reminder = await waitForMail(email, 240_000, (mail) => mail.text.includes('/email-off?token='));
      expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(reminder.subject).toMatch(
        locale === 'de' ? /^Deine Reflexion für heute/ : /^Today’s reflection/,
      );
      const today = linkFrom(reminder, dayPath);
      expect(today.searchParams.get('lang')).toBe(locale);
      await page.goto(`${today.pathname}${today.search}`);
      if (locale === 'de') {
        await expect(page.getByRole('heading', { name: t['lane.title'] })).toBeVisible();
      } else {
        await expect(page.getByText(fill(t['reflection.day'], { day: 5 }))).toBeVisible();
        await expect(page.getByLabel(t['reflection.textLabel'])).toBeVisible();
      }

      // The link at the bottom turns reminders off, and the settings say so.
      const off = linkFrom(reminder, '/email-off');
      await page.goto(`${off.pathname}${off.search}`);
      await expect(page.getByRole('heading', { name: t['mailOff.reminder.title'] })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: t['mailOff.settings'] }).click();
      await expect(page.getByRole('switch', { name: t['settings.reminder.switch'] })).not.toBeChecked();
    });
  });
}

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withMigratedDatabase } from '../../bench/support/migrated-data-dir.mjs';
import { SERVER_NODE_OPTIONS } from '../../scripts/server-node-options.mjs';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { createVerifiedAccount } from '../fixtures/accounts';
import { fill, onboard, signIn } from '../fixtures/members';
import { expect, expectAccessible, setLocaleCookie, test } from '../fixtures/test';

/**
 * Issue 14 in the browser, in English and German: a past week (the app started again a week later on the
 * same data) shows its reflections and its insight; the search finds an old reflection. The daily reminder
 * is in reminders.spec.ts.
 */
const LOCALES = { en, de } as const;
const PASSWORD = 'quiet harbour lanterns';
const DAY = 86_400_000;
const ROOT = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );

/** An app of its own for this spec (the shared one cannot change its clock), on the same build. */
function startApp(input: { port: number; dataDir: string; clockOffsetMs: number }): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(input.port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${input.port}`,
      DATA_DIR: input.dataDir,
      CLOCK_OFFSET_MS: String(input.clockOffsetMs),
      TEST_SUPPORT_TOKEN: process.env.E2E_TEST_SUPPORT_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // This app's people sign up openly: the invitations are the shared app's, and not what is tested here.
      INVITE_ONLY: 'false',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${input.port}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the app did not start');
  })();
}

async function stopApp(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const PAST_PORT = freePort();
const PAST_BASE = `http://127.0.0.1:${PAST_PORT}`;

/** Last week's reflections, one account per language; day 2 holds the words the search looks for. */
const LAST_WEEK = {
  en: [
    'This morning I talked with my sister about trust, and for once I did not rush to fill the silence.',
    'I walked along the harbour with Sam and we spoke about the lanterns we used to make as children.',
    'I was tired after work and said no to a party. It felt strange, and then it felt like relief.',
  ],
  de: [
    'Heute habe ich mit meiner Schwester über Vertrauen gesprochen, und sie hat einfach zugehört.',
    'Am Hafen bin ich mit Sam spazieren gegangen, wir haben über die Laternen unserer Kindheit geredet.',
    'Ich war müde nach der Arbeit und habe Nein zu einer Feier gesagt. Danach war ich erleichtert.',
  ],
} as const;

test.describe('a past week', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: PAST_BASE, timezoneId: 'Europe/Berlin' });

  let dataDir = '';
  const emails = { en: `past-en-${Date.now()}@example.com`, de: `past-de-${Date.now()}@example.com` };
  let app: ChildProcess | undefined;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
    // From a copy of a migrated database, as the shared app (scripts/e2e-server.mjs).
    dataDir = await withMigratedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-e2e-past-')));
    // A week ago, a Thursday: days 1 to 5 are open.
    app = await startApp({ port: PAST_PORT, dataDir, clockOffsetMs: offset - 7 * DAY });
    for (const locale of ['en', 'de'] as const) {
      // The language cookie makes it the person's language, as the switcher would.
      const request = await playwright.request.newContext({
        baseURL: PAST_BASE,
        extraHTTPHeaders: { 'x-time-zone': 'Europe/Berlin', origin: PAST_BASE },
        storageState: {
          cookies: [
            {
              name: 'locale',
              value: locale,
              domain: '127.0.0.1',
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      });
      await createVerifiedAccount(request, { email: emails[locale], password: PASSWORD, language: locale });
      expect(
        (
          await request.post('/api/account/sign-in', {
            data: { email: emails[locale], password: PASSWORD, language: locale },
          })
        ).status(),
      ).toBe(200);
      await onboard(request, emails[locale], locale === 'de' ? 'Jonas' : 'Alex', 'Europe/Berlin');
      for (const [index, text] of LAST_WEEK[locale].entries()) {
        const day = index + 1;
        expect((await request.post(`/api/journal/days/${day}?locale=${locale}`)).status()).toBe(200);
        expect(
          (
            await request.put(`/api/journal/days/${day}`, { data: { contentText: text, baseVersion: 1 } })
          ).status(),
        ).toBe(200);
      }
      expect((await request.post('/api/journal/lane', { data: { lane: 'where_safe' } })).status()).toBe(200);
      await request.dispose();
    }
    await stopApp(app);
    // A week later, on the same data: last week is over and its insight is made at start.
    app = await startApp({ port: PAST_PORT, dataDir, clockOffsetMs: offset });
  });

  test.afterAll(async () => {
    await stopApp(app);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const locale of ['en', 'de'] as const) {
    test(`shows its reflections and its insight, and the search finds it (${locale})`, async ({ page }) => {
      const t = LOCALES[locale];
      await setLocaleCookie(page, locale);
      await signIn(page, t, emails[locale], PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);

      // The dashboard: last week's insight (made within seconds of the start).
      const insight = page.getByRole('region', { name: t['insight.title'] });
      await expect(insight.getByText(fill(t['insight.days_other'], { count: 3 }))).toBeVisible({
        timeout: 30_000,
      });
      await expect(insight.getByText(t['insight.computed'])).toBeVisible();
      await expectAccessible(page);

      // Its week: the insight and every reflection, read-only.
      await insight.getByRole('link', { name: t['insight.readWeek'] }).click();
      await expect(page).toHaveURL(/\/history\/\d{4}-\d{2}-\d{2}$/);
      // Exact: the insight may quote a reflection as part of its own paragraph.
      for (const text of LAST_WEEK[locale]) await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByText(t['insights.theme.trust'], { exact: true }).first()).toBeVisible();
      await expect(page.getByText(t['topics.lane-where-you-re-safe'], { exact: true })).toBeVisible();
      await expectAccessible(page);

      // The history lists it; the search finds day 2 by a word of it, marked, and opens the week there.
      await page.getByRole('link', { name: t['historyWeek.back'] }).click();
      await expect(page).toHaveURL(/\/history$/);
      await expect(page.getByText(LAST_WEEK[locale][1].slice(0, 30))).toBeVisible();
      await expectAccessible(page);
      const word = locale === 'de' ? 'laternen' : 'LANTERNS';
      await page.getByLabel(t['history.search.label']).fill(word);
      await expect(page).toHaveURL(new RegExp(`q=${word}`));
      await expect(
        page.getByText(fill(t['history.search.results_one'], { count: 1, query: word })),
      ).toBeVisible();
      await expect(page.locator('mark')).toHaveText(locale === 'de' ? 'Laternen' : 'lanterns');
      await expectAccessible(page);
      await page.locator('mark').click();
      await expect(page).toHaveURL(/\/history\/\d{4}-\d{2}-\d{2}\?q=.+#day-2$/);
      await expect(page.locator('#day-2 mark')).toBeVisible();
    });
  }
});

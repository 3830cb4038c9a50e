import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_STAFF } from './e2e/fixtures/staff';
import { CHROME_PATH, CHROMIUM_ARGS } from './scripts/chromium.mjs';

// Evaluated in the runner and in every worker: the first evaluation picks the ports and data directory
// and passes them on through the environment, so all of them agree.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
process.env.E2E_PORT ??= freePort();
process.env.E2E_SMTP_PORT ??= freePort();
process.env.E2E_MAILBOX_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-e2e-'));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * The app under test lives on the Thursday of this week, 12:00 UTC, whatever day the suite runs: days 1–5
 * are open and 6–7 locked, so the weekly-cycle journey (which needs day 4) is the same every day.
 */
function offsetToThursdayNoon(now = new Date()): number {
  const weekday = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
  const thursday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 4 - weekday, 12);
  return thursday - now.getTime();
}
process.env.E2E_CLOCK_OFFSET_MS ??= String(offsetToThursdayNoon());
/** The bearer of the app's test support (decision 067): members who joined before this week. */
process.env.E2E_TEST_SUPPORT_TOKEN ??= `e2e-${crypto.randomUUID()}-${crypto.randomUUID()}`;
/** Where the app's log goes (scripts/e2e-server.mjs) and where tests note what they typed (e2e/fixtures). */
process.env.E2E_LOG_DIR ??= path.join(process.env.E2E_DATA_DIR, 'e2e-logs');

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROME_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two browsers at work on two cores, and a third worker that only waits: the reminders' e-mails (below).
  workers: 3,
  forbidOnly: true,
  retries: 0,
  // Ceilings, not speed targets (those live in bench/ and in npm test's table of the slowest tests): the
  // suite shares two cores with the rest of npm test, on CI machines up to twice as slow as a laptop. One
  // ceiling for every test, three times what the slowest takes here (decision 063); only the tests that
  // wait for a scheduled e-mail or walk a whole week set their own.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/reports/e2e.json' }],
  ],
  // A failed test leaves its screenshot and its page's accessibility tree (error-context.md) here, beside
  // the app's log; Playwright empties this folder when it starts, so it is one of its own (npm test keeps
  // its reports and logs beside it).
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/fixtures/global-setup.ts',
  use: {
    baseURL,
    // No traces unless asked for (`npm run test:e2e -- --trace retain-on-failure`): recording one for every
    // test, to keep the failed ones, cost a quarter of the end-to-end tests' CPU (decision 063).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // First, on a worker of their own, one after the other: their minute of waiting for the reminder's
    // e-mail (a browser left idle) overlaps the other tests instead of holding both working browsers.
    {
      name: 'reminders',
      testMatch: /reminders\.spec\.ts$/,
      workers: 1,
      use: { ...chromium, reducedMotion: 'reduce' },
    },
    {
      name: 'chromium',
      workers: 2,
      testIgnore: /(private-text|reminders)\.spec\.ts$/,
      // Without motion unless motion is what a spec is about (first-visit and bubbles ask for it): a page
      // left playing the landing's video, or an animation, keeps a core busy while its test waits for the
      // server (decision 063).
      use: { ...chromium, reducedMotion: 'reduce' },
    },
    // After every journey: the app's log must hold none of the texts the browsers sent (issue 17).
    {
      name: 'private-text',
      testMatch: /private-text\.spec\.ts$/,
      dependencies: ['reminders', 'chromium'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS,
      TEST_SUPPORT_TOKEN: process.env.E2E_TEST_SUPPORT_TOKEN,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // What a production server logs (one line per request and more): the private-text check reads it
      // from the file, so it adds nothing to the suite's output.
      LOG_LEVEL: 'info',
      E2E_LOG_FILE: path.join(process.env.E2E_LOG_DIR, 'server.log'),
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Each test joins from its own address (X-Forwarded-For), so the per-IP limits do not collide.
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: E2E_STAFF.email,
      ADMIN_PASSWORD: E2E_STAFF.password,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

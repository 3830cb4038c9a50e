import fs from 'node:fs';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { signInAsStaff } from '../fixtures/admin';
import { expect, expectAccessible, setLocaleCookie, test } from '../fixtures/test';

/** Video management (issue 8): a staff member uploads a video, publishes it, and visitors can play it. */

const SAMPLE_VIDEO = fs.readFileSync(new URL('../../assets/default-media/videos/2.m4v', import.meta.url));

test('staff upload a video and publish it; it plays on /videos', async ({ page }) => {
  const title = `Evening walk ${Date.now()}`;
  await signInAsStaff(page);
  await page.goto('/admin/videos');
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page
    .getByLabel('Video file')
    .setInputFiles({ name: 'evening-walk.mp4', mimeType: 'video/mp4', buffer: SAMPLE_VIDEO });
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('evening walk');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await page.getByRole('tab', { name: 'Manage' }).click();
  await expect(page.getByText(title)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(page.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();

  await page.goto('/videos');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  const video = card.locator('video');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    element.preload = 'auto';
    element.load();
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);
});

test.describe('a visitor', () => {
  test('cannot call any upload or delete endpoint', async ({ page }) => {
    const attempts = [
      { method: 'POST', path: '/api/admin/videos/files' },
      { method: 'POST', path: '/api/admin/videos/thumbnails' },
      { method: 'PUT', path: '/api/admin/background-videos/mobile' },
      { method: 'PUT', path: '/api/admin/background-videos/desktop/poster' },
      { method: 'DELETE', path: '/api/admin/videos/00000000-0000-4000-8000-000000000000' },
      { method: 'DELETE', path: '/api/admin/storage/videos/1.m4v' },
    ];
    for (const { method, path } of attempts) {
      const response = await page.request.fetch(path, {
        method,
        headers: { 'content-type': 'video/mp4' },
        data: method === 'DELETE' ? undefined : SAMPLE_VIDEO,
      });
      expect(response.status(), `${method} ${path}`).toBe(401);
    }
    const stillThere = await page.request.get('/media/videos/1.m4v', { headers: { range: 'bytes=0-3' } });
    expect(stillThere.status()).toBe(206);
  });
});

test.describe('accessibility', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`every tab of video management has no serious violations (${locale})`, async ({ page }) => {
      await setLocaleCookie(page, locale);
      await signInAsStaff(page, locale === 'en' ? en : de);
      for (const tab of ['storage', 'upload', 'manage']) {
        await page.goto(`/admin/videos?tab=${tab}`);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /…$/ })).toHaveCount(0);
        await expectAccessible(page);
      }
    });
  }
});

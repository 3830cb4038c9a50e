import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { expect, expectAccessible, test } from '../fixtures/test';

// With motion, as most visitors see the landing (its reveal, its video); other specs run without it
// (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const HERO_TITLE = 'See yourself more clearly in the people you love';

test.describe('the landing reveal', () => {
  test.use({ revealed: false });

  test('a click plays the wordmark, then reveals the page and remembers it for the session', async ({
    page,
  }) => {
    await page.goto('/');
    const veil = page.getByRole('button', { name: /anywhere to enter/ });
    await expect(veil).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    const started = Date.now();
    await veil.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_TITLE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(await page.evaluate(() => window.sessionStorage.getItem('mirror.revealed'))).toBe('1');

    await page.getByRole('link', { name: 'Step inside' }).click();
    await expect(page).toHaveURL('/invite');
    await expect(page.getByRole('button', { name: /anywhere to enter/ })).toHaveCount(0);

    // The logo asks for a clear home, once. The app draws this landing (the server's runs landing.ts,
    // decision 059): its video plays and its button works the same.
    await page.getByRole('link', { name: 'Mirror, back to home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByRole('button', { name: /anywhere to enter/ })).toHaveCount(0);
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2);
    await page.getByRole('button', { name: 'Pause background video' }).click();
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible();
    // Home is veiled again on a later visit (spec §4).
    await page.reload();
    await expect(page.getByRole('button', { name: /anywhere to enter/ })).toBeVisible();
  });

  test('the keyboard reveals too, at once when the user prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/invite');
    await expect(page.getByRole('button', { name: /anywhere to enter/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An invitation to look closer', {
      timeout: 300,
    });
  });
});

test('the landing shows its sections, and its video plays', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /anywhere to enter/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_TITLE);
  for (const heading of ['A quiet practice, one day at a time', 'How it works', 'Ready when you are']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Self-discovery' })).toBeVisible();
  await expect(page.getByText('It is not therapy')).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('src', '/media/videos/2.m4v');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pause background video' }).click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test.describe('the language switch of the landing (its own script, decision 059)', () => {
  test.use({ expectedConsoleError: /status of 500/ });

  test('opens the landing again in German, clear, and the choice holds on the next page', async ({
    page,
  }) => {
    await page.goto('/?lang=en');
    await page.getByRole('button', { name: /anywhere to enter/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_TITLE);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['cms.home.hero.title']);
    await expect(page.getByTestId('reveal-veil')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'DE, Deutsch' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'DE, Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('de');
    expect(cookies.find((cookie) => cookie.name === 'mirror-home-clear')).toBeUndefined();
    // Once: home is veiled again on a later visit (spec §4).
    await page.reload();
    await expect(page.getByTestId('reveal-veil')).toHaveCount(1);
    await page.getByTestId('reveal-veil').getByRole('button').click();
    await page.getByRole('link', { name: de['landing.enter'] }).click();
    await expect(page).toHaveURL('/invite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['invite.heading']);
  });

  test('says so when the choice could not be saved, and shows the page in German all the same', async ({
    page,
  }) => {
    await page.route('**/api/locale', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: /anywhere to enter/ }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL('/?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('alert')).toHaveText(de['language.saveFailedThisPage']);
    await expect(page.getByTestId('reveal-veil')).toHaveCount(0);
  });
});

test('on a phone the landing uses the portrait video', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: /anywhere to enter/ }).click();
  await expect(page.locator('video')).toHaveAttribute('src', '/media/videos/1.m4v');
  await expect(page.locator('video')).toHaveAttribute('poster', '/media/videos/1-poster.webp');
});

test('the invite leads to the waiting list', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('img', { name: /Two circles of soft light/ })).toBeVisible();
  await expect(page.getByText('Most of us learn how to love')).toBeVisible();
  await page.getByRole('link', { name: 'Join the waiting list' }).click();
  await expect(page).toHaveURL('/waiting-list');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/invite');
});

test('the legal notice says plainly what the operator has not published yet, never a placeholder', async ({
  page,
}) => {
  // English: staff publish German legal texts in admin/admin.spec.ts, on the same server.
  await page.goto('/legal?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['legal.title']);
  const note = page.getByRole('region', { name: en['legal.incomplete.title'] });
  await expect(note).toContainText('(Company, Address, and Contact)');
  await expect(page.getByText('Not provided yet')).toHaveCount(0);
});

/**
 * Other tests publish videos on the same server (admin/videos.spec.ts), so the page's empty state is shown
 * by answering the list itself; the server's empty list is checked in its integration tests.
 */
const NO_VIDEOS = { status: 200, contentType: 'application/json', body: JSON.stringify({ videos: [] }) };

test('the videos page says when there are none', async ({ page }) => {
  await page.route('**/api/videos', (route) => route.fulfill(NO_VIDEOS));
  await page.goto('/videos');
  await expect(page.getByText('No videos available')).toBeVisible();
});

test('the videos page shows six placeholders while loading', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/videos', async (route) => {
    await held;
    await route.fulfill(NO_VIDEOS);
  });
  await page.goto('/videos');
  await expect(page.getByTestId('video-skeleton')).toHaveCount(6);
  release();
  await expect(page.getByText('No videos available')).toBeVisible();
});

test('pages carry their search-engine metadata, in the server-rendered HTML', async ({ page, request }) => {
  const html = await (await request.get('/invite?lang=de')).text();
  expect(html).toContain('<html lang="de"');
  expect(html).toMatch(/<title>Deine Einladung zu Mirror<\/title>/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/invite\?lang=de"/);
  expect(html).toMatch(/hreflang="x-default"/);
  expect(html).toContain('application/ld+json');

  await page.goto('/invite');
  await expect(page).toHaveTitle('Your invitation to Mirror');
  await page.getByRole('link', { name: 'Join the waiting list' }).click();
  await expect(page).toHaveTitle('Join the Mirror waiting list');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/waiting-list$/);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Disallow: \/list/);
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('hreflang="de"');
});

test.describe('accessibility', () => {
  // The same pages and states without motion: the poster stands where the video would play (axe judges
  // neither), and nothing is left playing while axe reads the page (decision 063).
  test.use({ reducedMotion: 'reduce' });

  for (const width of [390, 1280]) {
    test(`public pages have no serious accessibility problems at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/invite', '/waiting-list', '/legal', '/videos', '/ok?email=a%40example.com']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      }
      await page.goto('/');
      await expectAccessible(page);
      await page.getByRole('button', { name: /anywhere to enter/ }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe('a background video that cannot load', () => {
  test.use({ expectedConsoleError: /status of 404/ });

  test('shows the red "Video error" banner on the landing', async ({ page }) => {
    await page.route('**/media/videos/2.m4v', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    await page.getByRole('button', { name: /anywhere to enter/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Video error');
  });
});

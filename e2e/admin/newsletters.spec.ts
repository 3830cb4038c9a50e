import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { chooseLanguage, composerField as field, GIF, gifInput, openComposer } from '../fixtures/admin';
import { waitForMail } from '../fixtures/mailbox';
import { expect, expectAccessible, test } from '../fixtures/test';

/** The newsletter and GDPR e-mail composers (issue 7, first half: drafts, preview, GIF). */

test('staff write a newsletter in both languages, see it in the preview with its GIF, and keep it as a draft', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Spring update ${stamp}`;
  const composer = await openComposer(page, en['admin.sections.newsletterComposer.title']);

  await composer.getByLabel(en['admin.newsletters.name']).fill(name);
  await chooseLanguage(composer, 'English');
  await field(composer, 'heroTitle').fill(`Spring is here ${stamp}`);
  await chooseLanguage(composer, 'German');
  await field(composer, 'heroTitle').fill(`Der Frühling ist da ${stamp}`);
  await field(composer, 'subjectLine').fill(`Neuigkeiten ${stamp}`);

  // The preview is the e-mail as sent, in the language of the open tab.
  const preview = composer.frameLocator('iframe');
  await expect(preview.getByText(`Der Frühling ist da ${stamp}`)).toBeVisible({ timeout: 10_000 });
  await expect(composer.getByText(`Neuigkeiten ${stamp}`)).toBeVisible();

  // The German GIF: the German preview shows it, at its own size.
  await gifInput(composer, 'German').setInputFiles({ name: 'hello.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByText(en['admin.newsletters.gif.uploaded'])).toBeVisible();
  await expect(preview.locator('img[src*="/media/gifs/newsletter-gif/de-"][width="1"]')).toHaveCount(1, {
    timeout: 10_000,
  });

  await composer.getByRole('button', { name: en['admin.newsletters.saveNew'] }).click();
  await expect(page.getByText(en['admin.newsletters.saved'], { exact: true })).toBeVisible();

  // After a reload the draft is in the list and loads both languages back.
  await page.reload();
  const reopened = page
    .locator('[role="region"]')
    .filter({ has: page.getByLabel(en['admin.newsletters.name']) });
  await reopened.getByRole('button', { name: `Load “${name}”` }).click();
  await chooseLanguage(reopened, 'German');
  await expect(field(reopened, 'heroTitle')).toHaveValue(`Der Frühling ist da ${stamp}`);
  await chooseLanguage(reopened, 'English');
  await expect(field(reopened, 'heroTitle')).toHaveValue(`Spring is here ${stamp}`);
});

test('a saved German GDPR e-mail is what the next German subscriber receives', async ({ page, baseURL }) => {
  const stamp = Date.now();
  // Other tests check that the German confirmation's subject says "bestätig…": this one still does.
  const subject = `Bitte bestätige deine Anmeldung (${stamp})`;
  const composer = await openComposer(page, en['admin.sections.gdprEmail.title']);
  await chooseLanguage(composer, 'German');
  await field(composer, 'subjectLine').fill(subject);
  await composer.getByRole('button', { name: en['admin.newsletters.saveNew'] }).click();
  await expect(page.getByText(en['admin.gdprEmail.saved'])).toBeVisible();

  try {
    const address = `gdpr-template-${stamp}@example.com`;
    const joined = await page.request.post('/api/waitlist', {
      headers: { 'x-forwarded-for': `10.99.${stamp % 200}.7` },
      data: { email: address, consent: true, website: '', language: 'de' },
    });
    expect(joined.status()).toBe(201);
    const mail = await waitForMail(address);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('/gdpr-confirmation?');
  } finally {
    // Back to the built-in e-mail for everybody else.
    const removed = await page.request.delete('/api/admin/newsletters?kind=gdpr', {
      headers: { origin: new URL(baseURL ?? '').origin },
    });
    expect(removed.status()).toBe(200);
  }
});

test('a confirmation-e-mail GIF is for one language only, and staff can remove it', async ({ page }) => {
  const composer = await openComposer(page, en['admin.sections.gdprEmail.title']);
  const preview = composer.frameLocator('iframe');
  await chooseLanguage(composer, 'English');
  await expect(preview.getByRole('link').first()).toBeVisible({ timeout: 10_000 });

  await gifInput(composer, 'English').setInputFiles({ name: 'wave.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByText(en['admin.newsletters.gif.uploaded'])).toBeVisible();
  await expect(preview.locator('img[src*="/media/gifs/gdpr-gif/en-"]')).toHaveCount(1, { timeout: 10_000 });
  await expect(composer.getByText('1 × 1 px', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await chooseLanguage(composer, 'German');
  await expect(preview.locator('html[lang="de"]')).toHaveCount(1, { timeout: 10_000 });
  await expect(preview.locator('img')).toHaveCount(0);

  // Removing asks first, then the English e-mail has no GIF any more.
  await composer.getByRole('button', { name: `${en['admin.newsletters.gif.remove']} (English)` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(en['admin.newsletters.gif.removeTitle']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en['admin.newsletters.gif.removeAction'] }).click();
  await expect(page.getByText(en['admin.newsletters.gif.removed'], { exact: true })).toBeVisible();
  await chooseLanguage(composer, 'English');
  await expect(preview.locator('html[lang="en"]')).toHaveCount(1, { timeout: 10_000 });
  await expect(preview.locator('img')).toHaveCount(0);
  await expect(gifInput(composer, 'English')).toHaveAccessibleName(
    `${en['admin.newsletters.gif.choose']} (English)`,
  );
});

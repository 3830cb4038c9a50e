import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { composerField as field, openComposer } from '../fixtures/admin';
import { expect, test } from '../fixtures/test';

/** Composer safety (issue 16, decision 047): versions instead of overwrites, unsaved text kept in the browser. */

test('renaming a loaded draft keeps the original as an earlier version, which can be restored', async ({
  page,
}) => {
  const stamp = Date.now();
  const spring = `Spring ${stamp}`;
  const summer = `Summer ${stamp}`;
  const composer = await openComposer(page, en['admin.sections.newsletterComposer.title']);
  await composer.getByLabel(en['admin.newsletters.name']).fill(spring);
  await field(composer, 'heroTitle').fill(`Spring hero ${stamp}`);
  await composer.getByRole('button', { name: en['admin.newsletters.saveNew'] }).click();
  await expect(page.getByText(en['admin.newsletters.saved'], { exact: true })).toBeVisible();

  await composer.getByLabel(en['admin.newsletters.name']).fill(summer);
  await field(composer, 'heroTitle').fill(`Summer hero ${stamp}`);
  await composer.getByRole('button', { name: 'Save as version 2' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(`Rename “${spring}” to “${summer}”?`)).toBeVisible();
  await dialog.getByRole('button', { name: en['admin.newsletters.rename.confirm'] }).click();
  await expect(page.getByText('Saved as version 2. Earlier versions are kept.')).toBeVisible();

  const row = composer.getByRole('listitem').filter({ hasText: summer }).first();
  await row.getByRole('button', { name: `Versions of “${summer}”` }).click();
  const versions = row.getByRole('region', { name: `Versions of “${summer}”` });
  await expect(versions.getByText(spring)).toBeVisible();
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: en['admin.newsletters.versions.restore'] })
    .click();
  await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
  await expect(composer.getByLabel(en['admin.newsletters.name'])).toHaveValue(spring);
  await expect(field(composer, 'heroTitle')).toHaveValue(`Spring hero ${stamp}`);
});

test('unsaved composer text comes back after the page is reloaded, and can be discarded', async ({
  page,
}) => {
  const stamp = Date.now();
  const composer = await openComposer(page, en['admin.sections.newsletterComposer.title']);
  await field(composer, 'heroTitle').fill(`Unsaved hero ${stamp}`);
  await page.reload();
  const reopened = page
    .locator('[role="region"]')
    .filter({ has: page.getByLabel(en['admin.newsletters.name']) });
  await expect(reopened.getByText(en['admin.newsletters.restoredText.title'])).toBeVisible();
  await expect(field(reopened, 'heroTitle')).toHaveValue(`Unsaved hero ${stamp}`);
  await reopened.getByRole('button', { name: en['admin.newsletters.restoredText.discard'] }).click();
  await expect(field(reopened, 'heroTitle')).not.toHaveValue(`Unsaved hero ${stamp}`);
  await page.reload();
  await expect(page.getByText(en['admin.newsletters.restoredText.title'])).toHaveCount(0);
});

import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import {
  chooseLanguage,
  confirmedSubscriber,
  composerField as field,
  openComposer,
  openSection,
} from '../fixtures/admin';
import { waitForMail } from '../fixtures/mailbox';
import { expect, expectAccessible, test } from '../fixtures/test';

/** Issue 16, campaigns: a test send before the real one, the e-mail a campaign sent, and a duplicate. */

test('staff test-send in both languages, send, view the e-mail sent, and duplicate it into a new draft', async ({
  page,
}) => {
  const stamp = Date.now();
  const reader = `tools-${stamp}-reader@example.com`;
  const tester = `tools-${stamp}-tester@example.com`;
  await confirmedSubscriber(page, reader, 'de', `10.78.${stamp % 200}.1`);
  const subjects = { en: `Autumn notes ${stamp}`, de: `Herbstnotizen ${stamp}` };

  const composer = await openComposer(page, en['admin.sections.newsletterComposer.title']);
  await composer.getByLabel(en['admin.newsletters.name']).fill(`Autumn ${stamp}`);
  await chooseLanguage(composer, 'English');
  await field(composer, 'subjectLine').fill(subjects.en);
  await chooseLanguage(composer, 'German');
  await field(composer, 'subjectLine').fill(subjects.de);

  // The test: both languages to one address, each line saying what happened.
  const testSend = composer.getByRole('region', { name: en['admin.campaigns.test.title'] });
  await testSend.getByLabel(en['admin.campaigns.test.toLabel']).fill(tester);
  await testSend.getByRole('button', { name: en['admin.campaigns.test.button'], exact: true }).click();
  const results = testSend.getByRole('status', { name: en['admin.campaigns.test.resultsLabel'] });
  await expect(results).toContainText(`English to ${tester}: sent via SMTP.`);
  await expect(results).toContainText(`German to ${tester}: sent via SMTP.`);
  await expectAccessible(page);
  const germanTest = await waitForMail(tester, 15_000, (mail) => mail.subject === `[Test] ${subjects.de}`);
  expect(germanTest.text).toContain('/byebye');
  await waitForMail(tester, 15_000, (mail) => mail.subject === `[Test] ${subjects.en}`);

  // The real send to the one subscriber.
  const list = await openSection(page, en['admin.sections.newsletterList.title']);
  await list.getByLabel(en['admin.waitlist.search']).fill(reader);
  await expect(list.getByText(reader).first()).toBeVisible();
  // The search has narrowed the page to the one row (the header's checkbox selects the rows shown).
  await expect(list.getByRole('table').getByRole('row')).toHaveCount(2);
  await list.getByRole('checkbox', { name: en['admin.waitlist.selectAll'] }).check();
  await expect(composer.getByText('1 person will receive it', { exact: false })).toBeVisible();
  await composer.getByRole('button', { name: en['admin.campaigns.send.button'], exact: true }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await confirm.getByRole('button', { name: en['admin.campaigns.confirm.action'], exact: true }).click();
  await expect(page.getByText(`“Autumn ${stamp}” is on its way to 1 person`)).toBeVisible();
  await waitForMail(reader, 20_000, (mail) => mail.subject === subjects.de);

  // The e-mail it sent: only German had a recipient.
  await composer.getByRole('button', { name: `View the e-mail “Autumn ${stamp}” sent` }).click();
  const dialog = page.getByRole('dialog', { name: en['admin.campaigns.email.title'] });
  await expect(dialog.getByRole('tab', { name: 'German' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'English' })).toHaveCount(0);
  await expect(dialog).toContainText(subjects.de);
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en['admin.campaigns.email.close'] }).click();

  // Duplicate: a new draft with the same texts opens in the composer.
  await composer.getByRole('button', { name: `Duplicate “Autumn ${stamp}” into a new draft` }).click();
  await expect(composer.getByLabel(en['admin.newsletters.name'])).toHaveValue(`Copy of Autumn ${stamp}`);
  await chooseLanguage(composer, 'German');
  await expect(field(composer, 'subjectLine')).toHaveValue(subjects.de);
  await chooseLanguage(composer, 'English');
  await expect(field(composer, 'subjectLine')).toHaveValue(subjects.en);
});

import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import {
  chooseLanguage,
  confirmThroughLink,
  composerField as field,
  openSection,
  signInAsStaff,
  type Texts,
} from '../fixtures/admin';
import { refuseForGood, waitForMail } from '../fixtures/mailbox';
import { expect, expectAccessible, LOCALE_WIDTHS, setLocaleCookie, test } from '../fixtures/test';

/**
 * Issue 16's whole mailing flow in one go, in German on a phone and in English on a desktop: staff filter the
 * list, select all that match, test-send, send, watch a bounce appear, and export.
 */

const TEXTS = { en, de } as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** "2 in English, 1 in German", as the page writes it (Intl.ListFormat of the page's language). */
const languages = (locale: 'en' | 'de', t: Texts, counts: { en: number; de: number }) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(
    (['en', 'de'] as const)
      .filter((language) => counts[language] > 0)
      .map((language) => fill(t[`admin.campaigns.plan.language.${language}`], { count: counts[language] })),
  );

/** The element is drawn inside the container (nothing sticks out or is cut off). */
async function expectInside(element: Locator, container: Locator) {
  const [inner, outer] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  if (!inner || !outer) throw new Error('not on screen');
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
}

for (const { locale, width } of LOCALE_WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const t = TEXTS[locale];
    test(`staff filter, select all matches, test-send, send, see the bounce and export (${locale})`, async ({
      page,
      clientAddress,
    }) => {
      const stamp = `${locale}${width}x${Date.now()}`;
      const domain = `.${stamp}@example.com`;
      // This case's batch: three people who confirm (one of whose mailbox is dead by the time the newsletter
      // goes out), one who never confirms, and an address outside the search.
      const ada = `ada${domain}`;
      const ben = `ben${domain}`;
      const dead = `bounce${domain}`;
      const cleo = `cleo${domain}`;
      const outsider = `outsider.${stamp}@example.org`;
      const tester = `tester.${stamp}@example.net`;
      const name = `Flow ${stamp}`;
      const subjects = { en: `Flow news ${stamp}`, de: `Ablauf-Neuigkeiten ${stamp}` };

      await setLocaleCookie(page, locale);
      await signInAsStaff(page, t);

      // Staff import the batch (each new address gets the confirmation e-mail).
      const imported = await page.request.post('/api/admin/waitlist/import', {
        headers: { origin: new URL(page.url()).origin },
        data: {
          csv: [
            'email,language',
            `${ada},en`,
            `${ben},de`,
            `${dead},en`,
            `${cleo},de`,
            `${outsider},en`,
          ].join('\n'),
          defaultLanguage: 'en',
        },
      });
      expect(imported.status()).toBe(200);
      // Three confirm with the link in their confirmation e-mail; then the third one's mailbox dies.
      for (const address of [ada, ben, dead]) await confirmThroughLink(page.request, address, clientAddress);
      await refuseForGood(dead);

      const composer = await openSection(page, t['admin.sections.newsletterComposer.title']);
      await composer.getByLabel(t['admin.newsletters.name']).fill(name);
      await chooseLanguage(composer, t['admin.editor.language.en']);
      await field(composer, 'subjectLine', t).fill(subjects.en);
      await chooseLanguage(composer, t['admin.editor.language.de']);
      await field(composer, 'subjectLine', t).fill(subjects.de);
      // The preview lays the e-mail out at the width it names, shown smaller where the screen is narrower.
      const frame = composer.locator('iframe');
      await expect(frame).toHaveJSProperty('offsetWidth', 640);
      await expectInside(frame, composer);

      // Filter the list down to the batch and select all that match.
      const list = await openSection(page, t['admin.sections.newsletterList.title']);
      await list.getByLabel(t['admin.waitlist.search']).fill(domain);
      await expect(
        list.getByText(fill(t['admin.waitlist.pages.range'], { first: 1, last: 4, total: 4 })),
      ).toBeVisible();
      // The header's checkbox selects the rows shown: only once the search has narrowed them to the batch.
      await expect(list.getByRole('table').getByRole('row')).toHaveCount(5);
      await expect(list.getByText(outsider)).toHaveCount(0);
      await list.getByRole('checkbox', { name: t['admin.waitlist.selectAll'] }).check();
      await list
        .getByRole('button', {
          name: fill(t['admin.waitlist.selection.selectAll_other'], { formatted: '4' }),
        })
        .click();
      await expect(
        list.getByText(fill(t['admin.waitlist.selection.allMatching_other'], { formatted: '4' })),
      ).toBeVisible();

      // The composer says who gets it: the three confirmed, in their languages; the unconfirmed one not.
      await expect(composer).toContainText(
        fill(t['admin.campaigns.plan.recipients_other'], {
          count: 3,
          languages: languages(locale, t, { en: 2, de: 1 }),
        }),
      );
      await expect(composer).toContainText(
        fill(t['admin.campaigns.plan.leftOut_one'], {
          count: 1,
          reasons: fill(t['admin.campaigns.plan.reason.unconfirmed'], { count: 1 }),
        }),
      );

      // A test send of the composed newsletter, both languages, to one address.
      const testSend = composer.getByRole('region', { name: t['admin.campaigns.test.title'] });
      await testSend.getByLabel(t['admin.campaigns.test.toLabel']).fill(tester);
      await testSend.getByRole('button', { name: t['admin.campaigns.test.button'], exact: true }).click();
      const results = testSend.getByRole('status', { name: t['admin.campaigns.test.resultsLabel'] });
      for (const language of ['en', 'de'] as const) {
        await expect(results).toContainText(
          fill(t['admin.campaigns.test.line'], {
            language: t[`admin.editor.language.${language}`],
            to: tester,
            outcome: t['admin.campaigns.test.outcome.sentSmtp'],
          }),
        );
        await waitForMail(tester, 15_000, (mail) => mail.subject === `[Test] ${subjects[language]}`);
      }

      // The real send to the selection.
      await composer.getByRole('button', { name: t['admin.campaigns.send.button'], exact: true }).click();
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await expect(confirm).toContainText(fill(t['admin.campaigns.confirm.title_other'], { name, count: 3 }));
      await confirm.getByRole('button', { name: t['admin.campaigns.confirm.action'], exact: true }).click();
      await expect(
        page.getByText(fill(t['admin.campaigns.started_other'], { name, count: 3 })),
      ).toBeVisible();
      await waitForMail(ada, 20_000, (mail) => mail.subject === subjects.en);
      await waitForMail(ben, 20_000, (mail) => mail.subject === subjects.de);

      // The campaign's card shows the bounce, live: done, two sent, one bounced (counted as not sent).
      const card = composer.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      const badge = card.getByText(
        fill(t['admin.campaigns.status.completedWithFailures'], { failed: 0, bounced: 1 }),
        { exact: true },
      );
      await expect(badge).toBeVisible({ timeout: 30_000 });
      // Long as it is (German, on a phone), the badge stays inside its card.
      await expectInside(badge, card);
      await expect(
        card.getByRole('progressbar', { name: fill(t['admin.campaigns.progressLabel'], { name }) }),
      ).toHaveAttribute(
        'aria-valuetext',
        fill(t['admin.campaigns.progressValue'], { sent: 2, total: 3, failed: 1, pending: 0 }),
      );
      await card.getByRole('button', { name: t['admin.campaigns.recipients.show'] }).click();
      const deadRow = card.getByRole('row').filter({ hasText: dead });
      await expect(deadRow).toContainText(t['admin.campaigns.recipients.status.bounced']);
      await expectAccessible(page);

      // The dead address is on the suppression list now, as a bounce.
      const suppression = await openSection(page, t['admin.sections.suppressionList.title']);
      const entry = suppression.getByRole('listitem').filter({ hasText: dead });
      await expect(entry).toContainText(t['admin.suppression.reason.bounce']);

      // The list marks it too, beside its consent: the suppression reloaded the open list.
      await expect(list.getByRole('row').filter({ hasText: dead })).toContainText(
        t['admin.suppression.reason.bounce'],
      );

      // Sending let go of the selection, in the list too; select the batch again (the search still narrows the
      // list to it) and export it.
      const allSelected = list.getByText(
        fill(t['admin.waitlist.selection.allMatching_other'], { formatted: '4' }),
      );
      await expect(allSelected).toHaveCount(0);
      await expect(list.getByRole('table').getByRole('row')).toHaveCount(5);
      await list.getByRole('checkbox', { name: t['admin.waitlist.selectAll'] }).check();
      await list
        .getByRole('button', {
          name: fill(t['admin.waitlist.selection.selectAll_other'], { formatted: '4' }),
        })
        .click();
      await expect(allSelected).toBeVisible();
      const download = page.waitForEvent('download');
      await list.getByRole('button', { name: t['admin.waitlist.download'] }).click();
      const lines = fs
        .readFileSync(await (await download).path(), 'utf8')
        .trim()
        .split('\r\n');
      const header = lines[0]?.split(',') ?? [];
      expect(header.slice(0, 3)).toEqual(['email', 'status', 'language']);
      const suppressed = header.indexOf('suppressed');
      expect(suppressed).toBeGreaterThan(2);
      const statuses = Object.fromEntries(
        lines.slice(1).map((line) => {
          const cells = line.split(',');
          return [cells[0], `${cells[1]} ${cells[suppressed] || '-'}`];
        }),
      );
      // The status column is the consent, which a bounce does not change; the suppression has its own.
      expect(statuses).toEqual({
        [ada]: 'confirmed -',
        [ben]: 'confirmed -',
        [dead]: 'confirmed bounce',
        [cleo]: 'unconfirmed -',
      });
    });
  });
}

import fs from 'node:fs';
import de from '../../src/shared/i18n/de.json' with { type: 'json' };
import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import { openSection, signInAsStaff } from '../fixtures/admin';
import { expect, expectAccessible, setLocaleCookie, test } from '../fixtures/test';

/**
 * The waiting list at scale (issue 16, decision 044), in both languages: staff import addresses, filter the
 * list down to them, select all that match (more than one page) and export exactly those as CSV.
 */

const TEXTS = { en, de } as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

for (const locale of ['en', 'de'] as const) {
  const t = TEXTS[locale];
  test(`staff filter the list, select all matches across pages and export them (${locale})`, async ({
    page,
  }) => {
    const stamp = `${locale}${Date.now()}`;
    await setLocaleCookie(page, locale);
    await signInAsStaff(page, t);
    // 60 addresses of this run (more than a page) and one that is not, imported as staff would.
    const rows = Array.from(
      { length: 60 },
      (_, index) => `bulk-${index}-${stamp}@example.com,${index % 2 ? 'de' : 'en'}`,
    );
    const imported = await page.request.post('/api/admin/waitlist/import', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        csv: ['email,language', ...rows, `other-${stamp}@example.org,en`].join('\n'),
        defaultLanguage: 'en',
      },
    });
    expect(imported.status()).toBe(200);

    const list = await openSection(page, t['admin.sections.newsletterList.title']);
    await list.getByLabel(t['admin.waitlist.search']).fill(`-${stamp}@example.com`);
    await expect(
      list.getByText(fill(t['admin.waitlist.pages.range'], { first: 1, last: 50, total: 60 })),
    ).toBeVisible();
    await list
      .getByRole('combobox', { name: t['admin.waitlist.column.language'], exact: true })
      .selectOption('de');
    await expect(
      list.getByText(fill(t['admin.waitlist.pages.range'], { first: 1, last: 30, total: 30 })),
    ).toBeVisible();
    await list
      .getByRole('combobox', { name: t['admin.waitlist.column.language'], exact: true })
      .selectOption('');
    await expect(
      list.getByText(fill(t['admin.waitlist.pages.range'], { first: 1, last: 50, total: 60 })),
    ).toBeVisible();

    // Ticking a row moves no row: the selection bar is there before anything is ticked.
    const second = list.getByRole('table').getByRole('row').nth(2);
    const topOnPage = () => second.evaluate((row) => row.getBoundingClientRect().top + window.scrollY);
    const before = await topOnPage();
    await second.getByRole('checkbox').check();
    await expect(list.getByRole('button', { name: t['admin.campaigns.clearSelection'] })).toBeEnabled();
    expect(await topOnPage()).toBe(before);
    await second.getByRole('checkbox').uncheck();

    await list.getByRole('checkbox', { name: t['admin.waitlist.selectAll'] }).check();
    await list
      .getByRole('button', { name: fill(t['admin.waitlist.selection.selectAll_other'], { formatted: '60' }) })
      .click();
    await expect(
      list.getByText(fill(t['admin.waitlist.selection.allMatching_other'], { formatted: '60' })),
    ).toBeVisible();
    // Untick one on the second page: the export leaves it out.
    await list.getByRole('button', { name: t['admin.waitlist.pages.next'] }).click();
    // The first page stays on screen while the second loads: read a row only once the second is shown.
    await expect(
      list.getByText(fill(t['admin.waitlist.pages.range'], { first: 51, last: 60, total: 60 })),
    ).toBeVisible();
    await expect(list.getByRole('row').filter({ hasText: `-${stamp}@example.com` })).toHaveCount(10);
    // Rows that joined at the same moment are in no particular order: untick whichever comes first here.
    const firstRow = list
      .getByRole('row')
      .filter({ hasText: `-${stamp}@example.com` })
      .first();
    const unticked = ((await firstRow.textContent()) ?? '').match(/bulk-\d+-[a-z]{2}\d+@example\.com/)?.[0];
    expect(unticked).toBeTruthy();
    await firstRow.getByRole('checkbox').uncheck();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await list.getByRole('button', { name: t['admin.waitlist.download'] }).click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^email,status,language,joined_at,consent_at,consent_text_version,confirmed_at/);
    const emails = lines.slice(1).map((line) => line.split(',')[0]);
    expect(emails).toHaveLength(59);
    expect(emails).not.toContain(unticked);
    expect(emails.every((email) => email?.endsWith(`-${stamp}@example.com`))).toBe(true);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'unconfirmed')).toBe(true);
  });
}

import en from '../../src/shared/i18n/en.json' with { type: 'json' };
import {
  chooseLanguage,
  confirmedSubscriber,
  composerField as field,
  GIF,
  gifInput,
  openComposer,
  openSection,
} from '../fixtures/admin';
import { linkFrom, type ReceivedMail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** Sending a newsletter (issue 7, second half): from the list selection to the recipients' inboxes. */

/** The newest mail to `address` whose subject is `subject` (the confirmation e-mail came first). */
async function waitForSubject(address: string, subject: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(
      `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`,
    );
    const found = ((await response.json()) as ReceivedMail[]).filter((mail) => mail.subject === subject);
    if (found.length > 1) throw new Error(`${address} got "${subject}" ${found.length} times`);
    if (found[0]) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no "${subject}" to ${address} within ${timeoutMs} ms`);
}

test('staff send a newsletter in both languages to three people; each gets their language and can unsubscribe', async ({
  page,
}) => {
  const stamp = Date.now();
  const people = [
    { address: `campaign-${stamp}-anna@example.com`, language: 'en' as const },
    { address: `campaign-${stamp}-jonas@example.com`, language: 'de' as const },
    { address: `campaign-${stamp}-sam@example.com`, language: 'en' as const },
  ];
  for (const [index, person] of people.entries()) {
    await confirmedSubscriber(page, person.address, person.language, `10.77.${stamp % 200}.${index + 1}`);
  }
  const subjects = { en: `Spring news ${stamp}`, de: `Frühlingsneuigkeiten ${stamp}` };
  const heroes = { en: `Spring is here ${stamp}`, de: `Der Frühling ist da ${stamp}` };

  // Compose in both languages, with a GIF.
  const composer = await openComposer(page, en['admin.sections.newsletterComposer.title']);
  await composer.getByLabel(en['admin.newsletters.name']).fill(`Spring ${stamp}`);
  await chooseLanguage(composer, 'English');
  await field(composer, 'subjectLine').fill(subjects.en);
  await field(composer, 'heroTitle').fill(heroes.en);
  await chooseLanguage(composer, 'German');
  await field(composer, 'subjectLine').fill(subjects.de);
  await field(composer, 'heroTitle').fill(heroes.de);
  // A GIF for each language (each e-mail shows only its own language's).
  for (const language of ['English', 'German'] as const) {
    await gifInput(composer, language).setInputFiles({
      name: 'spring.gif',
      mimeType: 'image/gif',
      buffer: GIF,
    });
  }
  await expect
    .poll(async () => {
      const gifs = (await (await page.request.get('/api/admin/newsletters/gifs')).json()) as {
        newsletter: Record<'en' | 'de', unknown>;
      };
      return gifs.newsletter.en !== null && gifs.newsletter.de !== null;
    })
    .toBe(true);

  // Nothing selected yet: the send is refused with the spec's message.
  await composer.getByRole('button', { name: en['admin.campaigns.send.button'], exact: true }).click();
  await expect(page.getByText(en['errors.no_recipients'], { exact: true })).toBeVisible();

  // Select the three in the newsletter list (a search narrows it to them; all three are on the page).
  const list = await openSection(page, en['admin.sections.newsletterList.title']);
  await list.getByLabel(en['admin.waitlist.search']).fill(`campaign-${stamp}`);
  for (const person of people) await expect(list.getByText(person.address).first()).toBeVisible();
  await expect(list.getByRole('table').getByRole('row')).toHaveCount(people.length + 1);
  await list.getByRole('checkbox', { name: en['admin.waitlist.selectAll'] }).check();

  await expect(composer.getByText('3 people will receive it', { exact: false })).toBeVisible();
  await composer.getByRole('button', { name: en['admin.campaigns.send.button'], exact: true }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText(`Send “Spring ${stamp}” to 3 people?`);
  await dialog.getByRole('button', { name: en['admin.campaigns.confirm.action'], exact: true }).click();
  await expect(page.getByText(`“Spring ${stamp}” is on its way to 3 people`)).toBeVisible();

  // The composer is back to the default texts.
  await chooseLanguage(composer, 'English');
  await expect(field(composer, 'heroTitle')).not.toHaveValue(heroes.en);

  // Each got exactly one newsletter, in their language, with the GIF and their own unsubscribe link.
  const mails = new Map<string, ReceivedMail>();
  for (const person of people) {
    const mail = await waitForSubject(person.address, subjects[person.language]);
    expect(mail.text).toContain(heroes[person.language]);
    expect(mail.html).toContain(`/media/gifs/newsletter-gif/${person.language}-`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    mails.set(person.address, mail);
  }
  const german = mails.get(people[1]?.address ?? '');
  expect(german?.text).not.toContain(heroes.en);

  // The history shows it done, live.
  const progress = page.getByRole('progressbar', { name: `Spring ${stamp}: sending progress` });
  await expect(progress).toHaveAttribute('aria-valuetext', '3 of 3 sent, 0 failed, 0 pending', {
    timeout: 20_000,
  });

  // Jonas follows the unsubscribe link of his German newsletter.
  const unsubscribe = linkFrom(german as ReceivedMail, '/byebye');
  expect(unsubscribe.searchParams.get('lang')).toBe('de');
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('du bist ausgetragen');
});

import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildRawMessage } from '../campaigns/delivery';
import { BODY_URL_SLOT, compileRawTemplate, type RawRecipient } from './raw-template';
import { listUnsubscribeHeaders } from './service';
import { renderNewsletter } from './templates/newsletter';
import { defaultNewsletterContent } from './templates/newsletter-copy';

const APP_URL = 'https://mirror.test';
const FROM = 'Mirror – Team <hello@mirror.test>';
const DATE = new Date('2026-11-29T13:04:05Z');

async function rendered(locale: 'en' | 'de', unsubscribeUrl: string) {
  const content = defaultNewsletterContent('newsletter', locale, APP_URL);
  content.introText = `${content.introText}\n\nSlotTextUrl <b>&amp;</b> = ${'ä'.repeat(90)} trailing `;
  return renderNewsletter(
    {
      kind: 'newsletter',
      locale,
      content,
      gif: { url: `${APP_URL}/media/gifs/newsletter-gif/a.gif`, width: 180, height: 120 },
      appUrl: APP_URL,
    },
    { unsubscribeUrl },
  );
}

/** As nodemailer composes the same message in full. */
async function composedInFull(locale: 'en' | 'de', recipient: RawRecipient) {
  const parts = await rendered(locale, recipient.bodyUrl);
  return buildRawMessage({
    from: FROM,
    to: recipient.to,
    bcc: [],
    ...parts,
    headers: recipient.oneClickUrl ? listUnsubscribeHeaders(recipient.oneClickUrl) : {},
    messageId: recipient.messageId,
  });
}

/** The header block with the random boundary and the date set aside, for comparison. */
function headerBlock(raw: Buffer): string {
  const text = raw.toString('latin1');
  const boundary = /boundary="([^"]+)"/.exec(text)?.[1] as string;
  return text
    .slice(0, text.indexOf('\r\n\r\n'))
    .replaceAll(boundary, 'BOUNDARY')
    .replace(/^Date: .*$/m, 'Date: (date)');
}

const recipient = (overrides: Partial<RawRecipient> = {}): RawRecipient => ({
  to: 'ada.lovelace+news@example.org',
  messageId: '<6f1c0a5e-4b1e-4c3a-9d0e-000000000001@mirror.test>',
  bodyUrl: `${APP_URL}/byebye?token=${'Ab9_-'.repeat(30)}.x=&lang=de`,
  oneClickUrl: `${APP_URL}/api/waitlist/unsubscribe/one-click?token=${'Zz0%3D'.repeat(25)}`,
  date: DATE,
  ...overrides,
});

describe('a raw message template', () => {
  for (const locale of ['en', 'de'] as const) {
    it(`fills in to the message nodemailer composes in full (${locale})`, async () => {
      const template = await compileRawTemplate({
        from: FROM,
        ...(await rendered(locale, BODY_URL_SLOT)),
        oneClick: true,
      });
      for (const each of [recipient(), recipient({ to: 'b@example.com', bodyUrl: `${APP_URL}/byebye` })]) {
        const filled = template.fill(each) as Buffer;
        const full = await composedInFull(locale, each);
        expect(headerBlock(filled)).toBe(headerBlock(full));
        const [ours, theirs] = [await simpleParser(filled), await simpleParser(full)];
        expect(ours.text).toBe(theirs.text);
        expect(ours.html).toBe(theirs.html);
        expect(ours.subject).toBe(theirs.subject);
        expect(ours.messageId).toBe(each.messageId);
        expect(ours.date?.toISOString()).toBe(DATE.toISOString());
        expect(ours.text).toContain(each.bodyUrl);
        expect(ours.html).toContain(`href="${each.bodyUrl.replaceAll('&', '&amp;')}"`);
        // Unfolded, as a client reads it.
        expect(filled.toString('latin1').replaceAll('\r\n ', ' ')).toContain(
          `List-Unsubscribe: <${each.oneClickUrl}>\r\n`,
        );
        // Quoted-printable keeps every body line within 76 columns.
        const body = filled.toString('latin1').slice(filled.indexOf('\r\n\r\n'));
        const longest = Math.max(...body.split('\r\n').map((line) => line.length));
        expect(longest).toBeLessThanOrEqual(76);
      }
    });
  }

  it('has no List-Unsubscribe headers when made without one-click', async () => {
    const template = await compileRawTemplate({
      from: FROM,
      ...(await rendered('en', BODY_URL_SLOT)),
      oneClick: false,
    });
    const each = recipient({ oneClickUrl: undefined });
    const filled = template.fill(each) as Buffer;
    expect(headerBlock(filled)).toBe(headerBlock(await composedInFull('en', each)));
    expect(filled.toString('latin1')).not.toContain('List-Unsubscribe');
  });

  it('leaves a recipient whose values nodemailer would have to encode to be composed in full', async () => {
    const template = await compileRawTemplate({
      from: FROM,
      ...(await rendered('en', BODY_URL_SLOT)),
      oneClick: true,
    });
    expect(template.fill(recipient({ to: 'jörg@example.org' }))).toBeNull();
    expect(template.fill(recipient({ to: '"a b"@example.org' }))).toBeNull();
    expect(template.fill(recipient({ to: 'a@example.org\r\nBcc: x@example.org' }))).toBeNull();
    expect(template.fill(recipient({ oneClickUrl: 'https://mirror.test/a b' }))).toBeNull();
    expect(template.fill(recipient({ oneClickUrl: 'https://mirror.test/a>b' }))).toBeNull();
    expect(template.fill(recipient({ oneClickUrl: undefined }))).toBeNull();
  });
});

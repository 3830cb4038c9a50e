import { LOCALES } from '@shared/domain/locale';
import { describe, expect, it } from 'vitest';
import { waitlistConfirmationCopy } from './copy';
import { slottedRenderer } from './slotted-render';
import { renderWaitlistConfirmation, renderWaitlistConfirmationDirectly } from './waitlist-confirmation';

const urls = {
  confirmUrl: 'https://mirror.test/waiting-list/confirm?email=ada%40example.com&token=c0nf1rm',
  unsubscribeUrl: 'https://mirror.test/unsubscribe?token=un5ub',
  appUrl: 'https://mirror.test',
};
const escaped = (url: string) => url.replaceAll('&', '&amp;');

describe('waiting-list confirmation e-mail', () => {
  it.each(LOCALES)('renders in %s with both links in the HTML and the text part', async (locale) => {
    const copy = waitlistConfirmationCopy[locale];
    const mail = await renderWaitlistConfirmation({ locale, ...urls });
    expect(mail.subject).toBe(copy.subject);
    expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
    expect(mail.html).toContain(`href="${escaped(urls.confirmUrl)}"`);
    expect(mail.html).toContain(`href="${escaped(urls.unsubscribeUrl)}"`);
    expect(mail.html).toContain(copy.buttonLabel);
    expect(mail.html).toContain(copy.ignoreNotice);
    expect(mail.text).toContain(urls.confirmUrl);
    expect(mail.text).toContain(urls.unsubscribeUrl);
    expect(mail.text).toContain(copy.heading);
    expect(mail.text).toContain(copy.unsubscribeLabel);
  });

  it('has no images, no fonts and no link that leaves the app', async () => {
    const { html } = await renderWaitlistConfirmation({ locale: 'en', ...urls });
    expect(html).not.toMatch(/<img|@import|@font-face|<link /i);
    const targets = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const target of targets) expect(target).toMatch(/^https:\/\/mirror\.test\//);
  });

  it('speaks German (with "du") in German', async () => {
    const mail = await renderWaitlistConfirmation({ locale: 'de', ...urls });
    expect(mail.subject).toBe('Bitte bestätige deinen Platz auf der Warteliste von Mirror');
    expect(mail.html).toContain('Anmeldung bestätigen');
    expect(mail.html).toContain('Von der Liste austragen');
    expect(mail.text).toMatch(/\bdu\b/);
    expect(mail.text).not.toContain('Confirm my subscription');
  });

  it('uses texts from the composer instead of the built-in ones', async () => {
    const copy = { ...waitlistConfirmationCopy.en, subject: 'Edited subject', heading: 'Edited heading' };
    const mail = await renderWaitlistConfirmation({ locale: 'en', ...urls, copy });
    expect(mail.subject).toBe('Edited subject');
    expect(mail.html).toContain('Edited heading');
  });

  it('refuses relative links', async () => {
    await expect(
      renderWaitlistConfirmation({ locale: 'en', ...urls, confirmUrl: '/waiting-list/confirm?token=x' }),
    ).rejects.toThrow('absolute');
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(waitlistConfirmationCopy.de).sort()).toEqual(
      Object.keys(waitlistConfirmationCopy.en).sort(),
    );
  });
});

describe('rendering once and filling in per recipient', () => {
  it.each([
    ['plain', 'https://mirror.test/gdpr-confirmation?email=ada%40example.com&token=abc.def&lang=en'],
    ['quotes and angle brackets', 'https://mirror.test/x?a="q"&b=<b>&c=\'s\''],
    ['a very long address', `https://mirror.test/gdpr-confirmation?token=${'t'.repeat(400)}&lang=de`],
  ])('gives exactly what a direct render gives (%s)', async (_name, confirmUrl) => {
    for (const locale of LOCALES) {
      const fixed = { locale, copy: waitlistConfirmationCopy[locale], appUrl: urls.appUrl };
      const slotted = await renderWaitlistConfirmation({ ...urls, locale, confirmUrl });
      // A direct render sees the URL as the template would normalise it.
      const direct = await renderWaitlistConfirmationDirectly(fixed, {
        confirmUrl: new URL(confirmUrl).href,
        unsubscribeUrl: urls.unsubscribeUrl,
      });
      expect(slotted.html).toBe(direct.html);
      expect(slotted.text).toBe(direct.text);
    }
  });

  it('renders each language and copy once, whatever the recipients', async () => {
    const renders: string[] = [];
    const render = slottedRenderer<{ copy: string }, 'url'>({
      slots: ['url'],
      key: (fixed) => fixed.copy,
      render: async (fixed, slots) => {
        renders.push(fixed.copy);
        return { html: `<a href="${slots.url}">${fixed.copy}</a>`, text: `${fixed.copy} ${slots.url}` };
      },
    });
    const first = await render({ copy: 'hello' }, { url: 'https://a.test/?x=1&y=2' });
    await render({ copy: 'hello' }, { url: 'https://a.test/other' });
    await render({ copy: 'changed by staff' }, { url: 'https://a.test/other' });
    expect(renders).toEqual(['hello', 'changed by staff']);
    expect(first).toEqual({
      html: '<a href="https://a.test/?x=1&amp;y=2">hello</a>',
      text: 'hello https://a.test/?x=1&y=2',
    });
  });
});

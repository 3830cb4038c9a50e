import { LOCALES } from '@shared/domain/locale';
import { describe, expect, it } from 'vitest';
import { renderMailTest } from './mail-test';
import { mailTestCopy } from './mail-test-copy';

const sentAt = new Date('2026-03-02T09:00:00Z');

describe('the admin test e-mail', () => {
  it.each(LOCALES)('renders in %s with who sent it and when', async (locale) => {
    const mail = await renderMailTest({
      locale,
      requestedBy: 'ops@mirror.test',
      sentAt,
      appUrl: 'https://mirror.test',
    });
    expect(mail.subject).toBe(mailTestCopy[locale].subject);
    expect(mail.html).toContain(`lang="${locale}"`);
    expect(mail.text).toContain(mailTestCopy[locale].heading);
    expect(mail.text).toContain(`${mailTestCopy[locale].requestedBy} ops@mirror.test`);
    expect(mail.text).toContain('2026');
    expect(mail.text.toLowerCase()).not.toMatch(/unsubscribe|abmelden|austragen/);
  });

  it('speaks German with "du"', async () => {
    const mail = await renderMailTest({
      locale: 'de',
      requestedBy: 'ops@mirror.test',
      sentAt,
      appUrl: 'https://mirror.test',
    });
    expect(mail.text).toMatch(/\bdu\b/);
    expect(mail.text).not.toMatch(/\bSie\b/);
    expect(mail.text).toContain('März');
  });
});

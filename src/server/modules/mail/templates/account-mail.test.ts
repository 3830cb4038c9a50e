import { LOCALES } from '@shared/domain/locale';
import { describe, expect, it } from 'vitest';
import {
  accountVerificationCopy,
  invitationCopy,
  passwordResetCopy,
  staffInvitationCopy,
} from './account-copy';
import {
  renderAccountMailDirectly,
  renderAccountVerification,
  renderInvitation,
  renderPasswordReset,
  renderStaffInvitation,
} from './account-mail';

const appUrl = 'https://mirror.test';
const verifyUrl = 'https://mirror.test/api/auth/verify-email?token=aaa.bbb.ccc&lang=en';
const resetUrl = 'https://mirror.test/auth?reset=r3s3t&lang=en';
const escaped = (url: string) => url.replaceAll('&', '&amp;');

describe('account e-mails', () => {
  it.each(LOCALES)('renders the verification e-mail in %s with the link in both parts', async (locale) => {
    const copy = accountVerificationCopy[locale];
    const mail = await renderAccountVerification({ locale, verifyUrl, appUrl });
    expect(mail.subject).toBe(copy.subject);
    expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
    expect(mail.html).toContain(`href="${escaped(verifyUrl)}"`);
    expect(mail.html).toContain(copy.buttonLabel);
    expect(mail.text).toContain(verifyUrl);
    expect(mail.text).toContain(copy.heading);
    expect(mail.text).toContain(copy.expiryNotice);
  });

  it.each(LOCALES)('renders the password reset e-mail in %s', async (locale) => {
    const copy = passwordResetCopy[locale];
    const mail = await renderPasswordReset({ locale, resetUrl, appUrl });
    expect(mail.subject).toBe(copy.subject);
    expect(mail.html).toContain(`href="${escaped(resetUrl)}"`);
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain(copy.ignoreNotice);
  });

  it('has the subjects of the spec copy and speaks German with "du"', async () => {
    expect(accountVerificationCopy.en.subject).toBe('Confirm your e-mail address for Mirror');
    const mail = await renderPasswordReset({ locale: 'de', resetUrl, appUrl });
    expect(mail.text).toMatch(/\bdu\b/);
    expect(mail.text).not.toMatch(/\bSie\b/);
    expect(mail.text).not.toContain('Choose a new password');
  });

  it('has no unsubscribe link, no images and no link that leaves the app', async () => {
    const { html, text } = await renderAccountVerification({ locale: 'en', verifyUrl, appUrl });
    expect(text.toLowerCase()).not.toContain('unsubscribe');
    expect(html).not.toMatch(/<img|@import|@font-face|<link /i);
    const targets = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
    expect(targets).toHaveLength(3);
    for (const target of targets) expect(target).toMatch(/^https:\/\/mirror\.test\//);
  });

  it('fills in the link exactly as a direct render would', async () => {
    const url = 'https://mirror.test/auth?reset="quoted"&lang=de';
    const slotted = await renderPasswordReset({ locale: 'de', resetUrl: url, appUrl });
    const direct = await renderAccountMailDirectly(
      { locale: 'de', copy: passwordResetCopy.de, appUrl },
      { actionUrl: new URL(url).href },
    );
    expect(slotted.html).toBe(direct.html);
    expect(slotted.text).toBe(direct.text);
  });

  it('refuses relative links', async () => {
    await expect(renderAccountVerification({ locale: 'en', verifyUrl: '/verify', appUrl })).rejects.toThrow(
      'absolute',
    );
  });

  it('has the same keys in both languages', () => {
    for (const copies of [accountVerificationCopy, passwordResetCopy, invitationCopy, staffInvitationCopy]) {
      expect(Object.keys(copies.de).sort()).toEqual(Object.keys(copies.en).sort());
    }
  });

  it.each(LOCALES)(
    'renders the invitations in %s with their single link, in the same frame',
    async (locale) => {
      const acceptUrl = `https://mirror.test/auth?invitation=abc.def&lang=${locale}`;
      const mail = await renderInvitation({ locale, acceptUrl, appUrl });
      expect(mail.subject).toBe(invitationCopy[locale].subject);
      expect(mail.html).toContain(`href="${escaped(acceptUrl)}"`);
      expect(mail.text).toContain(acceptUrl);
      expect(mail.text).toContain(invitationCopy[locale].expiryNotice);
      expect(mail.text.toLowerCase()).not.toContain('unsubscribe');
      const staffUrl = `https://mirror.test/admin-login?staffInvitation=abc.def&lang=${locale}`;
      const staff = await renderStaffInvitation({ locale, acceptUrl: staffUrl, appUrl });
      expect(staff.subject).toBe(staffInvitationCopy[locale].subject);
      expect(staff.text).toContain(staffUrl);
    },
  );

  it('invites in German with "du"', async () => {
    const mail = await renderInvitation({
      locale: 'de',
      acceptUrl: 'https://mirror.test/auth?invitation=x',
      appUrl,
    });
    expect(mail.text).toMatch(/\bdu\b|\bdich\b|\bdir\b/);
    expect(mail.text).not.toMatch(/\bSie\b|\bIhr\b/);
  });
});

import type { TLocale } from '@shared/domain/locale';
import {
  type AccountMailCopy,
  accountVerificationCopy,
  invitationCopy,
  passwordResetCopy,
  staffInvitationCopy,
  staffSecondFactorLockedCopy,
} from './account-copy';
import {
  absoluteUrl,
  EmailButton,
  EmailHeading,
  EmailLayout,
  EmailLink,
  EmailText,
  renderEmailParts,
} from './layout';
import { slottedRenderer } from './slotted-render';

type Fixed = { locale: TLocale; copy: AccountMailCopy; appUrl: string };
type Urls = { actionUrl: string };

function AccountEmail({ locale, copy, appUrl, actionUrl }: Fixed & Urls) {
  return (
    <EmailLayout locale={locale} preview={copy.preheader} footerNote={copy.footerNote} appUrl={appUrl}>
      <EmailHeading>{copy.heading}</EmailHeading>
      <EmailText>{copy.intro}</EmailText>
      <EmailButton href={actionUrl}>{copy.buttonLabel}</EmailButton>
      <EmailText muted>
        {copy.linkFallback} <EmailLink href={actionUrl}>{actionUrl}</EmailLink>
      </EmailText>
      <EmailText muted>{copy.expiryNotice}</EmailText>
      <EmailText muted>{copy.ignoreNotice}</EmailText>
    </EmailLayout>
  );
}

/** Renders with React Email; every call takes a few milliseconds. */
export async function renderAccountMailDirectly(fixed: Fixed, urls: Urls) {
  const email = <AccountEmail {...fixed} {...urls} />;
  return renderEmailParts(email);
}

const renderSlotted = slottedRenderer<Fixed, keyof Urls>({
  slots: ['actionUrl'],
  key: (fixed) => JSON.stringify(fixed),
  render: renderAccountMailDirectly,
});

async function renderAccountMail(
  copies: Record<TLocale, AccountMailCopy>,
  input: { locale: TLocale; actionUrl: string; appUrl: string },
) {
  const copy = copies[input.locale];
  const parts = await renderSlotted(
    { locale: input.locale, copy, appUrl: input.appUrl },
    { actionUrl: absoluteUrl(input.actionUrl) },
  );
  return { subject: copy.subject, ...parts };
}

/** The e-mail with the link that confirms a new account's address. */
export function renderAccountVerification(input: { locale: TLocale; verifyUrl: string; appUrl: string }) {
  return renderAccountMail(accountVerificationCopy, {
    locale: input.locale,
    actionUrl: input.verifyUrl,
    appUrl: input.appUrl,
  });
}

/** The e-mail with the link to the page where a new password is chosen. */
export function renderPasswordReset(input: { locale: TLocale; resetUrl: string; appUrl: string }) {
  return renderAccountMail(passwordResetCopy, {
    locale: input.locale,
    actionUrl: input.resetUrl,
    appUrl: input.appUrl,
  });
}

/** The invitation to create an account, with its single-use link (decision 021). */
export function renderInvitation(input: { locale: TLocale; acceptUrl: string; appUrl: string }) {
  return renderAccountMail(invitationCopy, {
    locale: input.locale,
    actionUrl: input.acceptUrl,
    appUrl: input.appUrl,
  });
}

/** The invitation to the staff, with the link to choose a password (decision 022). */
export function renderStaffInvitation(input: { locale: TLocale; acceptUrl: string; appUrl: string }) {
  return renderAccountMail(staffInvitationCopy, {
    locale: input.locale,
    actionUrl: input.acceptUrl,
    appUrl: input.appUrl,
  });
}

/** To a staff member whose second factor was paused after too many wrong codes (decision 024). */
export function renderStaffSecondFactorLocked(input: { locale: TLocale; signInUrl: string; appUrl: string }) {
  return renderAccountMail(staffSecondFactorLockedCopy, {
    locale: input.locale,
    actionUrl: input.signInUrl,
    appUrl: input.appUrl,
  });
}

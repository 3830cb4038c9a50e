import { plainTextSelectors, render } from '@react-email/render';
import type { TLocale } from '@shared/domain/locale';
import { type WaitlistConfirmationCopy, waitlistConfirmationCopy } from './copy';
import { EmailButton, EmailHeading, EmailLayout, EmailLink, EmailText } from './layout';

// html-to-text shouts headings in capitals by default; keep them as written.
const textOptions = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }],
  },
} as const;

type WaitlistConfirmationProps = {
  locale: TLocale;
  copy: WaitlistConfirmationCopy;
  confirmUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
};

function WaitlistConfirmationEmail({
  locale,
  copy,
  confirmUrl,
  unsubscribeUrl,
  appUrl,
}: WaitlistConfirmationProps) {
  return (
    <EmailLayout
      locale={locale}
      preview={copy.preheader}
      footerNote={copy.footerNote}
      unsubscribeUrl={unsubscribeUrl}
      unsubscribeLabel={copy.unsubscribeLabel}
      appUrl={appUrl}
    >
      <EmailHeading>{copy.heading}</EmailHeading>
      <EmailText>{copy.intro}</EmailText>
      <EmailButton href={confirmUrl}>{copy.buttonLabel}</EmailButton>
      <EmailText muted>
        {copy.linkFallback} <EmailLink href={confirmUrl}>{confirmUrl}</EmailLink>
      </EmailText>
      <EmailText muted>{copy.ignoreNotice}</EmailText>
    </EmailLayout>
  );
}

/**
 * The double opt-in e-mail of the waiting list. `copy` replaces the built-in texts of the language (the
 * admin's GDPR e-mail composer edits them); the URLs must be absolute.
 */
export async function renderWaitlistConfirmation(input: {
  locale: TLocale;
  confirmUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
  copy?: WaitlistConfirmationCopy;
}): Promise<{ subject: string; html: string; text: string }> {
  const copy = input.copy ?? waitlistConfirmationCopy[input.locale];
  const email = (
    <WaitlistConfirmationEmail
      locale={input.locale}
      copy={copy}
      confirmUrl={input.confirmUrl}
      unsubscribeUrl={input.unsubscribeUrl}
      appUrl={input.appUrl}
    />
  );
  const [html, text] = await Promise.all([render(email), render(email, textOptions)]);
  return { subject: copy.subject, html, text };
}

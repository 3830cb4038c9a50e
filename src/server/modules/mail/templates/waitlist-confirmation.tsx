import type { TLocale } from '@shared/domain/locale';
import { type WaitlistConfirmationCopy, waitlistConfirmationCopy } from './copy';
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

type Fixed = { locale: TLocale; copy: WaitlistConfirmationCopy; appUrl: string };
type Urls = { confirmUrl: string; unsubscribeUrl: string };

/** Renders with React Email; every call takes a few milliseconds. */
export async function renderWaitlistConfirmationDirectly(fixed: Fixed, urls: Urls) {
  const email = <WaitlistConfirmationEmail {...fixed} {...urls} />;
  return renderEmailParts(email);
}

const renderSlotted = slottedRenderer<Fixed, keyof Urls>({
  slots: ['confirmUrl', 'unsubscribeUrl'],
  key: (fixed) => JSON.stringify(fixed),
  render: renderWaitlistConfirmationDirectly,
});

/**
 * The double opt-in e-mail of the waiting list. `copy` replaces the built-in texts of the language (the
 * admin's GDPR e-mail composer edits them); the URLs must be absolute. Rendered once per language and copy,
 * then filled in per recipient.
 */
export async function renderWaitlistConfirmation(input: {
  locale: TLocale;
  confirmUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
  copy?: WaitlistConfirmationCopy;
}): Promise<{ subject: string; html: string; text: string }> {
  const copy = input.copy ?? waitlistConfirmationCopy[input.locale];
  const parts = await renderSlotted(
    { locale: input.locale, copy, appUrl: input.appUrl },
    { confirmUrl: absoluteUrl(input.confirmUrl), unsubscribeUrl: absoluteUrl(input.unsubscribeUrl) },
  );
  return { subject: copy.subject, ...parts };
}

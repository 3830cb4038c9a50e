import type { TLocale } from '@shared/domain/locale';
import { EmailHeading, EmailLayout, EmailText, renderEmailParts } from './layout';
import { mailTestCopy } from './mail-test-copy';

type MailTestInput = { locale: TLocale; requestedBy: string; sentAt: Date; appUrl: string };

function MailTestEmail({ locale, requestedBy, sentAt, appUrl }: MailTestInput) {
  const copy = mailTestCopy[locale];
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(sentAt);
  return (
    <EmailLayout locale={locale} preview={copy.preheader} footerNote={copy.footerNote} appUrl={appUrl}>
      <EmailHeading>{copy.heading}</EmailHeading>
      <EmailText>{copy.intro}</EmailText>
      <EmailText muted>
        {copy.requestedBy} {requestedBy}
        <br />
        {copy.sentAt} {time}
      </EmailText>
    </EmailLayout>
  );
}

/** The test e-mail of the admin area; rare, so rendered directly each time. */
export async function renderMailTest(input: MailTestInput) {
  const email = <MailTestEmail {...input} />;
  return { subject: mailTestCopy[input.locale].subject, ...(await renderEmailParts(email)) };
}

import type { TLocale } from '@shared/domain/locale';

/** The texts of the admin area's test e-mail (spec §2 e-mail system test card). */
export type MailTestCopy = {
  subject: string;
  preheader: string;
  heading: string;
  intro: string;
  /** Before the name of the staff member who sent it. */
  requestedBy: string;
  /** Before the time it was sent. */
  sentAt: string;
  footerNote: string;
};

export const mailTestCopy: Record<TLocale, MailTestCopy> = {
  en: {
    subject: 'Mirror e-mail test',
    preheader: 'If you can read this, e-mail delivery works.',
    heading: 'E-mail delivery works',
    intro:
      'This is a test e-mail from the Mirror admin area. If you can read it, messages from Mirror reach ' +
      'this inbox. Nothing needs to be done.',
    requestedBy: 'Sent by:',
    sentAt: 'Sent at:',
    footerNote: 'You are receiving this e-mail because a staff member sent a test to this address.',
  },
  de: {
    subject: 'Mirror-E-Mail-Test',
    preheader: 'Wenn du das lesen kannst, funktioniert der E-Mail-Versand.',
    heading: 'Der E-Mail-Versand funktioniert',
    intro:
      'Dies ist eine Test-E-Mail aus dem Admin-Bereich von Mirror. Wenn du sie lesen kannst, kommen ' +
      'Nachrichten von Mirror in diesem Postfach an. Du musst nichts weiter tun.',
    requestedBy: 'Gesendet von:',
    sentAt: 'Gesendet am:',
    footerNote:
      'Du bekommst diese E-Mail, weil jemand aus dem Team einen Test an diese Adresse geschickt hat.',
  },
};

import type { TLocale } from '@shared/domain/locale';

/**
 * Every text of the waiting-list confirmation ("double opt-in") e-mail. Plain data on purpose: the admin's
 * GDPR e-mail composer edits these fields and hands them to `renderWaitlistConfirmation({ copy })`.
 */
export type WaitlistConfirmationCopy = {
  subject: string;
  /** The preview line most clients show after the subject. */
  preheader: string;
  heading: string;
  /** Two sentences: what they asked for and that they need to confirm it. */
  intro: string;
  buttonLabel: string;
  /** Above the confirmation link written out, for clients that do not show the button. */
  linkFallback: string;
  ignoreNotice: string;
  /** Why the e-mail came, in the footer. */
  footerNote: string;
  unsubscribeLabel: string;
};

export const waitlistConfirmationCopy: Record<TLocale, WaitlistConfirmationCopy> = {
  en: {
    subject: 'Please confirm your place on the Mirror waiting list',
    preheader: 'One click and you are on the list. We will write when Mirror opens its doors.',
    heading: 'One small step left',
    intro:
      'Thank you for asking to join the waiting list for Mirror, a quiet place to reflect on your ' +
      'relationships. Please confirm that this is your e-mail address, and we will let you know as soon as ' +
      'a place opens up for you.',
    buttonLabel: 'Confirm my subscription',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    ignoreNotice:
      'If you did not ask for this, you can simply ignore this e-mail: you will not be added to the list ' +
      'and nothing more will be sent to you.',
    footerNote: 'You are receiving this e-mail because this address was entered on the Mirror waiting list.',
    unsubscribeLabel: 'Unsubscribe',
  },
  de: {
    subject: 'Bitte bestätige deinen Platz auf der Warteliste von Mirror',
    preheader: 'Ein Klick, und du stehst auf der Liste. Wir melden uns, sobald Mirror seine Türen öffnet.',
    heading: 'Nur noch ein kleiner Schritt',
    intro:
      'Schön, dass du auf die Warteliste von Mirror möchtest, einem ruhigen Ort, um über deine Beziehungen ' +
      'nachzudenken. Bitte bestätige, dass dies deine E-Mail-Adresse ist, dann sagen wir dir Bescheid, ' +
      'sobald ein Platz für dich frei wird.',
    buttonLabel: 'Anmeldung bestätigen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignoreNotice:
      'Falls du das nicht warst, kannst du diese E-Mail einfach ignorieren: Du wirst nicht eingetragen und ' +
      'bekommst nichts weiter von uns.',
    footerNote:
      'Du bekommst diese E-Mail, weil diese Adresse auf der Warteliste von Mirror eingetragen wurde.',
    unsubscribeLabel: 'Von der Liste austragen',
  },
};

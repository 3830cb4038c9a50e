import type { TLocale } from '@shared/domain/locale';

/** The texts of an e-mail about a person's account: one link to follow, and what to do if it was not them. */
export type AccountMailCopy = {
  subject: string;
  /** The preview line most clients show after the subject. */
  preheader: string;
  heading: string;
  intro: string;
  buttonLabel: string;
  /** Above the link written out, for clients that do not show the button. */
  linkFallback: string;
  /** How long the link works. */
  expiryNotice: string;
  ignoreNotice: string;
  /** Why the e-mail came, in the footer. */
  footerNote: string;
};

export const accountVerificationCopy: Record<TLocale, AccountMailCopy> = {
  en: {
    subject: 'Confirm your e-mail address for Mirror',
    preheader: 'One click, and your space for reflection is ready.',
    heading: 'Welcome to Mirror',
    intro:
      'Thank you for creating an account. Please confirm that this is your e-mail address, then you can ' +
      'sign in and begin your first week of reflection.',
    buttonLabel: 'Confirm my e-mail address',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    expiryNotice: 'The link works for 24 hours. After that, simply sign in and we will send you a new one.',
    ignoreNotice:
      'If you did not create an account, you can ignore this e-mail: without the confirmation the account ' +
      'cannot be used.',
    footerNote: 'You are receiving this e-mail because an account for Mirror was created with this address.',
  },
  de: {
    subject: 'Bestätige deine E-Mail-Adresse für Mirror',
    preheader: 'Ein Klick, und dein Raum zum Nachdenken ist bereit.',
    heading: 'Willkommen bei Mirror',
    intro:
      'Schön, dass du ein Konto angelegt hast. Bitte bestätige, dass dies deine E-Mail-Adresse ist, dann ' +
      'kannst du dich anmelden und deine erste Woche der Reflexion beginnen.',
    buttonLabel: 'E-Mail-Adresse bestätigen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiryNotice:
      'Der Link gilt 24 Stunden. Danach meldest du dich einfach an, und wir schicken dir einen neuen.',
    ignoreNotice:
      'Falls du kein Konto angelegt hast, kannst du diese E-Mail ignorieren: Ohne die Bestätigung lässt sich ' +
      'das Konto nicht nutzen.',
    footerNote: 'Du bekommst diese E-Mail, weil mit dieser Adresse ein Konto bei Mirror angelegt wurde.',
  },
};

export const passwordResetCopy: Record<TLocale, AccountMailCopy> = {
  en: {
    subject: 'Reset your password for Mirror',
    preheader: 'Choose a new password with the link inside.',
    heading: 'A new password',
    intro:
      'Someone, hopefully you, asked to reset the password of your Mirror account. Follow the link to choose ' +
      'a new one. Afterwards you are signed out everywhere and sign in again with the new password.',
    buttonLabel: 'Choose a new password',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    expiryNotice: 'The link works for one hour and only once.',
    ignoreNotice: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    footerNote: 'You are receiving this e-mail because a password reset was requested for this address.',
  },
  de: {
    subject: 'Setze dein Passwort für Mirror zurück',
    preheader: 'Mit dem Link darin wählst du ein neues Passwort.',
    heading: 'Ein neues Passwort',
    intro:
      'Jemand, hoffentlich du, möchte das Passwort deines Mirror-Kontos zurücksetzen. Über den Link wählst ' +
      'du ein neues. Danach bist du überall abgemeldet und meldest dich mit dem neuen Passwort wieder an.',
    buttonLabel: 'Neues Passwort wählen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiryNotice: 'Der Link gilt eine Stunde und nur einmal.',
    ignoreNotice:
      'Falls du das nicht warst, kannst du diese E-Mail ignorieren: Dein Passwort bleibt, wie es ist.',
    footerNote: 'Du bekommst diese E-Mail, weil für diese Adresse ein neues Passwort angefordert wurde.',
  },
};

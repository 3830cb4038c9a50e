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

/** The invitation to create an account (decision 021): the link opens /auth with the address filled in. */
export const invitationCopy: Record<TLocale, AccountMailCopy> = {
  en: {
    subject: 'Your invitation to Mirror',
    preheader: 'Your place is ready: choose a password and begin.',
    heading: 'You are invited',
    intro:
      'Thank you for waiting. There is now a place for you in Mirror, a quiet space for reflecting on your ' +
      'relationships, one day at a time. Choose a password, and your first week can begin right away.',
    buttonLabel: 'Accept the invitation',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    expiryNotice:
      'The invitation is for this e-mail address only, works once, and is valid for 14 days. Should it ' +
      'expire, the Mirror team can send you a new one.',
    ignoreNotice:
      'If you do not want to join, you can ignore this e-mail: no account is created without you.',
    footerNote: 'You are receiving this e-mail because the Mirror team invited this address.',
  },
  de: {
    subject: 'Deine Einladung zu Mirror',
    preheader: 'Dein Platz ist bereit: Wähle ein Passwort und fang an.',
    heading: 'Du bist eingeladen',
    intro:
      'Danke fürs Warten. Jetzt ist ein Platz für dich frei bei Mirror, einem ruhigen Raum, um Tag für Tag ' +
      'über deine Beziehungen nachzudenken. Wähle ein Passwort, und deine erste Woche kann sofort beginnen.',
    buttonLabel: 'Einladung annehmen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiryNotice:
      'Die Einladung gilt nur für diese E-Mail-Adresse, nur einmal und 14 Tage lang. Läuft sie ab, kann ' +
      'dir das Mirror-Team eine neue schicken.',
    ignoreNotice:
      'Falls du nicht mitmachen möchtest, kannst du diese E-Mail ignorieren: Ohne dich wird kein Konto angelegt.',
    footerNote: 'Du bekommst diese E-Mail, weil das Mirror-Team diese Adresse eingeladen hat.',
  },
};

/** The invitation to join the staff (decision 022): the link opens /admin-login to choose a password. */
export const staffInvitationCopy: Record<TLocale, AccountMailCopy> = {
  en: {
    subject: 'You are invited to the Mirror team',
    preheader: 'Choose a password to open the admin area.',
    heading: 'Welcome to the team',
    intro:
      'You have been invited to help run Mirror. Choose a password for your staff account, and the admin ' +
      'area is open to you.',
    buttonLabel: 'Choose my password',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    expiryNotice: 'The link is for this e-mail address only, works once, and is valid for 7 days.',
    ignoreNotice:
      'If you were not expecting this, you can ignore this e-mail: nothing is set up without you.',
    footerNote: 'You are receiving this e-mail because a Mirror owner invited this address to the staff.',
  },
  de: {
    subject: 'Du bist ins Mirror-Team eingeladen',
    preheader: 'Wähle ein Passwort, um den Admin-Bereich zu öffnen.',
    heading: 'Willkommen im Team',
    intro:
      'Du wurdest eingeladen, Mirror mitzugestalten. Wähle ein Passwort für dein Team-Konto, dann steht dir ' +
      'der Admin-Bereich offen.',
    buttonLabel: 'Passwort wählen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiryNotice: 'Der Link gilt nur für diese E-Mail-Adresse, nur einmal und 7 Tage lang.',
    ignoreNotice:
      'Falls du damit nicht gerechnet hast, kannst du diese E-Mail ignorieren: Ohne dich wird nichts eingerichtet.',
    footerNote: 'Du bekommst diese E-Mail, weil jemand aus dem Mirror-Team diese Adresse eingeladen hat.',
  },
};

/**
 * To a staff member whose second factor was paused (decision 024): someone gave the right password and then
 * too many wrong codes. The link opens the admin sign-in, where the password can be changed once in.
 */
export const staffSecondFactorLockedCopy: Record<TLocale, AccountMailCopy> = {
  en: {
    subject: 'Someone is trying to sign in to your Mirror staff account',
    preheader: 'Your password was right, the codes were not. Two-factor sign-in is paused for a while.',
    heading: 'Two-factor sign-in is paused',
    intro:
      'Someone signed in to your staff account with the right password, then entered too many wrong ' +
      'two-factor codes. To keep your account safe, two-factor sign-in is paused for a while; it gets longer ' +
      'each time this happens again. If this was not you, your password is known to someone else: once you ' +
      'are signed in, change it under "Your account".',
    buttonLabel: 'Open the admin sign-in',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    expiryNotice: 'After the pause, your code from the authenticator app or a recovery code works as before.',
    ignoreNotice: 'If it was you and you simply mistyped, there is nothing else to do.',
    footerNote: 'You are receiving this e-mail because you have a staff account for Mirror.',
  },
  de: {
    subject: 'Jemand versucht, sich in dein Mirror-Team-Konto einzuloggen',
    preheader: 'Dein Passwort stimmte, die Codes nicht. Die Zwei-Faktor-Anmeldung pausiert eine Weile.',
    heading: 'Die Zwei-Faktor-Anmeldung pausiert',
    intro:
      'Jemand hat sich mit dem richtigen Passwort in dein Team-Konto eingeloggt und danach zu viele falsche ' +
      'Zwei-Faktor-Codes eingegeben. Zum Schutz deines Kontos pausiert die Zwei-Faktor-Anmeldung eine Weile; ' +
      'jedes weitere Mal länger. Warst du es nicht, kennt jemand anderes dein Passwort: Ändere es, sobald du ' +
      'angemeldet bist, unter „Dein Konto“.',
    buttonLabel: 'Zur Admin-Anmeldung',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiryNotice:
      'Nach der Pause funktionieren der Code aus der Authenticator-App und die Wiederherstellungscodes wie zuvor.',
    ignoreNotice: 'Warst du es und hast dich nur vertippt, ist nichts weiter zu tun.',
    footerNote: 'Du bekommst diese E-Mail, weil du ein Team-Konto bei Mirror hast.',
  },
};

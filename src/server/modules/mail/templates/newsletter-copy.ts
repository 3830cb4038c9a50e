import type { TLocale } from '@shared/domain/locale';
import { CONFIRMATION_LINK_PLACEHOLDER, type NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterContent } from '@shared/schemas/newsletters';
import { waitlistConfirmationCopy } from './copy';

/** The fixed parts of the newsletter template that staff do not edit. */
export type NewsletterTemplateCopy = {
  unsubscribeLabel: string;
  /** Above the confirmation link written out in the GDPR e-mail, for clients that do not show the button. */
  confirmLinkFallback: string;
};

export const newsletterTemplateCopy: Record<TLocale, NewsletterTemplateCopy> = {
  en: {
    unsubscribeLabel: waitlistConfirmationCopy.en.unsubscribeLabel,
    confirmLinkFallback: waitlistConfirmationCopy.en.linkFallback,
  },
  de: {
    unsubscribeLabel: waitlistConfirmationCopy.de.unsubscribeLabel,
    confirmLinkFallback: waitlistConfirmationCopy.de.linkFallback,
  },
};

/**
 * The texts a new newsletter starts with (spec §10: default newsletter texts in English and German). The
 * button leads to the app's home page, whose address is known only at run time.
 */
function newsletterDefaultContent(locale: TLocale, appUrl: string): TNewsletterContent {
  const link = new URL(appUrl).toString();
  if (locale === 'de') {
    return {
      subjectLine: 'Neuigkeiten von Mirror',
      heroTitle: 'Was sich bei Mirror tut',
      introText:
        'Schön, dass du dabei bist. Wir bauen Mirror Schritt für Schritt zu einem ruhigen Ort, an dem du ' +
        'über deine Beziehungen nachdenken kannst, und möchten dir erzählen, was seit unserer letzten ' +
        'Nachricht passiert ist.',
      secondTextBlock:
        'Wie immer gilt: Du musst nichts tun. Wenn du magst, schau vorbei und sag uns, was dir auffällt. ' +
        'Jede Rückmeldung hilft uns, Mirror besser zu machen.',
      ctaText: 'Mirror ansehen',
      ctaLink: link,
      footerText: 'Du bekommst diese E-Mail, weil du dich für die Warteliste von Mirror angemeldet hast.',
      gifAltText: '',
    };
  }
  return {
    subjectLine: 'News from Mirror',
    heroTitle: 'What is new at Mirror',
    introText:
      'Thank you for being here. We are building Mirror step by step into a quiet place to reflect on your ' +
      'relationships, and we would like to tell you what has happened since we last wrote.',
    secondTextBlock:
      'As always, there is nothing you need to do. If you like, take a look and tell us what you notice. ' +
      'Every reply helps us make Mirror better.',
    ctaText: 'Visit Mirror',
    ctaLink: link,
    footerText: 'You are receiving this e-mail because you joined the Mirror waiting list.',
    gifAltText: '',
  };
}

/**
 * The GDPR e-mail's texts as the built-in waiting-list confirmation e-mail has them (`copy.ts`), so that
 * starting from the defaults changes nothing. The button always leads to the recipient's confirmation link.
 */
function gdprDefaultContent(locale: TLocale): TNewsletterContent {
  const copy = waitlistConfirmationCopy[locale];
  return {
    subjectLine: copy.subject,
    heroTitle: copy.heading,
    introText: copy.intro,
    secondTextBlock: copy.ignoreNotice,
    ctaText: copy.buttonLabel,
    ctaLink: CONFIRMATION_LINK_PLACEHOLDER,
    footerText: copy.footerNote,
    gifAltText: '',
  };
}

/** The built-in texts of a kind in one language. */
export function defaultNewsletterContent(
  kind: NewsletterKind,
  locale: TLocale,
  appUrl: string,
): TNewsletterContent {
  return kind === 'gdpr' ? gdprDefaultContent(locale) : newsletterDefaultContent(locale, appUrl);
}

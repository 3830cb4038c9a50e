import type { TLocale } from '@shared/domain/locale';

/** The texts of the e-mails a person asks for in their settings (issue 14): the reminder and the weekly insight. */

export type ReminderCopy = {
  /** `{{topic}}`: the day's topic as the person reads it. */
  subject: string;
  preheader: string;
  heading: string;
  /** `{{day}}`, `{{topic}}`. */
  intro: string;
  /** Day 4, where the person chooses their lane instead of writing. */
  laneIntro: string;
  buttonLabel: string;
  laneButtonLabel: string;
  linkFallback: string;
  footerNote: string;
  unsubscribeLabel: string;
};

export const reminderCopy: Record<TLocale, ReminderCopy> = {
  en: {
    subject: 'Today’s reflection: {{topic}}',
    preheader: 'A few quiet minutes for yourself, whenever you are ready.',
    heading: 'Time for today’s reflection',
    intro:
      'Day {{day}} of your week is waiting for you, on the theme “{{topic}}”. Your prompt is ready, and a few ' +
      'honest lines are enough.',
    laneIntro:
      'Today is day 4 of your week: the day you choose the lane for the rest of it. Three directions are ' +
      'waiting for you.',
    buttonLabel: 'Open today’s reflection',
    laneButtonLabel: 'Choose your lane',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footerNote:
      'You are receiving this e-mail because you switched on the daily reminder in your Mirror settings, ' +
      'where you can also change its time. No reminder comes on days you have already reflected.',
    unsubscribeLabel: 'Turn off reminders',
  },
  de: {
    subject: 'Deine Reflexion für heute: {{topic}}',
    preheader: 'Ein paar ruhige Minuten für dich, wann immer du so weit bist.',
    heading: 'Zeit für deine heutige Reflexion',
    intro:
      'Tag {{day}} deiner Woche wartet auf dich, zum Thema „{{topic}}“. Deine Frage ist bereit, und ein paar ' +
      'ehrliche Zeilen genügen.',
    laneIntro:
      'Heute ist Tag 4 deiner Woche: der Tag, an dem du den Weg für den Rest der Woche wählst. Drei Richtungen ' +
      'warten auf dich.',
    buttonLabel: 'Heutige Reflexion öffnen',
    laneButtonLabel: 'Deinen Weg wählen',
    linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
    footerNote:
      'Du bekommst diese E-Mail, weil du in deinen Mirror-Einstellungen die tägliche Erinnerung eingeschaltet ' +
      'hast. Dort kannst du auch die Uhrzeit ändern. An Tagen, an denen du schon geschrieben hast, kommt keine.',
    unsubscribeLabel: 'Erinnerungen ausschalten',
  },
};

export type WeeklyInsightCopy = {
  /** `{{range}}`: the week's dates. */
  subject: string;
  preheader: string;
  heading: string;
  /** `{{days}}`, `{{words}}`. */
  stats: string;
  /** `{{model}}`: said under a paragraph the configured model wrote. */
  aiNote: string;
  /** Said in place of the paragraph when the person did not ask for their insight's text by e-mail. */
  withoutWords: string;
  buttonLabel: string;
  footerNote: string;
  unsubscribeLabel: string;
};

export const weeklyInsightCopy: Record<TLocale, WeeklyInsightCopy> = {
  en: {
    subject: 'Your week in reflection: {{range}}',
    preheader: 'What your week held, in a few lines.',
    heading: 'Your week, {{range}}',
    stats: 'Days reflected: {{days}} · Words written: {{words}}',
    aiNote: 'This paragraph was written by the AI model {{model}} from your reflections.',
    withoutWords:
      'Your insight is ready in Mirror. This e-mail carries none of your words; you can choose to receive the ' +
      'insight’s text in your settings.',
    buttonLabel: 'Read your week',
    footerNote:
      'You are receiving this e-mail because you asked for your weekly insight by e-mail in your Mirror ' +
      'settings.',
    unsubscribeLabel: 'Stop weekly e-mails',
  },
  de: {
    subject: 'Deine Woche in Gedanken: {{range}}',
    preheader: 'Was deine Woche bereithielt, in ein paar Zeilen.',
    heading: 'Deine Woche, {{range}}',
    stats: 'Tage mit Reflexion: {{days}} · Geschriebene Wörter: {{words}}',
    aiNote: 'Diesen Absatz hat das KI-Modell {{model}} aus deinen Reflexionen geschrieben.',
    withoutWords:
      'Dein Rückblick liegt in Mirror bereit. Diese E-Mail enthält keines deiner Worte; in deinen Einstellungen ' +
      'kannst du wählen, den Text des Rückblicks per E-Mail zu bekommen.',
    buttonLabel: 'Deine Woche ansehen',
    footerNote:
      'Du bekommst diese E-Mail, weil du in deinen Mirror-Einstellungen den wöchentlichen Rückblick per E-Mail ' +
      'bestellt hast.',
    unsubscribeLabel: 'Wöchentliche E-Mails abbestellen',
  },
};

/** `{{name}}` placeholders filled in. */
export function fillCopy(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}

import type { TLocale } from '@shared/domain/locale';
import {
  absoluteUrl,
  EmailButton,
  EmailHeading,
  EmailLayout,
  EmailLink,
  EmailText,
  renderEmailParts,
} from './layout';
import {
  fillCopy,
  type ReminderCopy,
  reminderCopy,
  type WeeklyInsightCopy,
  weeklyInsightCopy,
} from './personal-mail-copy';
import { slottedRenderer } from './slotted-render';

/** The e-mails a person switches on in their settings (issue 14): the daily reminder and the weekly insight. */

type ReminderFixed = { locale: TLocale; day: number; topic: string; lane: boolean; appUrl: string };
type ReminderUrls = { dayUrl: string; offUrl: string };

function ReminderEmail({ locale, day, topic, lane, appUrl, dayUrl, offUrl }: ReminderFixed & ReminderUrls) {
  const copy: ReminderCopy = reminderCopy[locale];
  return (
    <EmailLayout
      locale={locale}
      preview={copy.preheader}
      footerNote={copy.footerNote}
      unsubscribeUrl={offUrl}
      unsubscribeLabel={copy.unsubscribeLabel}
      appUrl={appUrl}
    >
      <EmailHeading>{copy.heading}</EmailHeading>
      <EmailText>{lane ? copy.laneIntro : fillCopy(copy.intro, { day, topic })}</EmailText>
      <EmailButton href={dayUrl}>{lane ? copy.laneButtonLabel : copy.buttonLabel}</EmailButton>
      <EmailText muted>
        {copy.linkFallback} <EmailLink href={dayUrl}>{dayUrl}</EmailLink>
      </EmailText>
    </EmailLayout>
  );
}

/** Renders with React Email; every call takes a few milliseconds. */
export function renderReminderDirectly(fixed: ReminderFixed, urls: ReminderUrls) {
  return renderEmailParts(<ReminderEmail {...fixed} {...urls} />);
}

// A scheduler sends thousands at 08:00: rendered once per language, day and topic, links filled in each.
const renderReminderSlotted = slottedRenderer<ReminderFixed, keyof ReminderUrls>({
  slots: ['dayUrl', 'offUrl'],
  key: (fixed) => JSON.stringify(fixed),
  render: renderReminderDirectly,
});

/** The daily reminder: the day, its topic, the link straight to it and the link that turns reminders off. */
export async function renderReminder(input: ReminderFixed & ReminderUrls) {
  const { dayUrl, offUrl, ...fixed } = input;
  const parts = await renderReminderSlotted(fixed, {
    dayUrl: absoluteUrl(dayUrl),
    offUrl: absoluteUrl(offUrl),
  });
  return { subject: fillCopy(reminderCopy[input.locale].subject, { topic: input.topic }), ...parts };
}

type WeeklyInsightInput = {
  locale: TLocale;
  /** The week's dates as the person reads them. */
  range: string;
  /** The insight's text, only for a person who chose to have it by e-mail; else null. */
  paragraph: string | null;
  days: string;
  words: string;
  /** The model that wrote the paragraph, or null for a computed one. */
  model: string | null;
  weekUrl: string;
  offUrl: string;
  appUrl: string;
};

function WeeklyInsightEmail(input: WeeklyInsightInput) {
  const copy: WeeklyInsightCopy = weeklyInsightCopy[input.locale];
  return (
    <EmailLayout
      locale={input.locale}
      preview={copy.preheader}
      footerNote={copy.footerNote}
      unsubscribeUrl={input.offUrl}
      unsubscribeLabel={copy.unsubscribeLabel}
      appUrl={input.appUrl}
    >
      <EmailHeading>{fillCopy(copy.heading, { range: input.range })}</EmailHeading>
      <EmailText muted>{fillCopy(copy.stats, { days: input.days, words: input.words })}</EmailText>
      {input.paragraph === null ? (
        <EmailText>{copy.withoutWords}</EmailText>
      ) : (
        <EmailText>{input.paragraph}</EmailText>
      )}
      {input.paragraph !== null && input.model && (
        <EmailText muted>{fillCopy(copy.aiNote, { model: input.model })}</EmailText>
      )}
      <EmailButton href={input.weekUrl}>{copy.buttonLabel}</EmailButton>
    </EmailLayout>
  );
}

/** The weekly insight e-mail: its figures, the paragraph if the person chose it (private text), a link to the week. */
export async function renderWeeklyInsight(input: WeeklyInsightInput) {
  const parts = await renderEmailParts(
    <WeeklyInsightEmail {...input} weekUrl={absoluteUrl(input.weekUrl)} offUrl={absoluteUrl(input.offUrl)} />,
  );
  return { subject: fillCopy(weeklyInsightCopy[input.locale].subject, { range: input.range }), ...parts };
}

import type { TLocale } from '@shared/domain/locale';

/**
 * The prompt that asks the configured model (AI_API_URL, AI_MODEL) for a week's insight paragraph. It is
 * kept here, in the repository, so that what the model is asked is reviewed like code. The model receives
 * this instruction and the week's reflections (day, topic, text) — nothing else: no name, no e-mail address,
 * no bubbles.
 */
const LANGUAGE_NAMES: Record<TLocale, string> = {
  en: 'English',
  de: 'German, addressing the person informally with "du"',
};

export function insightSystemPrompt(locale: TLocale): string {
  return [
    'You are a warm, careful companion in Mirror, an app where people reflect on their relationships',
    'with one short writing prompt a day.',
    'You receive one person’s reflections from one week.',
    `Write one short paragraph in ${LANGUAGE_NAMES[locale]}, 3 to 5 sentences and at most 120 words,`,
    'speaking to the person directly.',
    'Reflect back what the week held: the themes that came up, the people and moments they wrote about,',
    'and one gentle thought to carry into the next week.',
    'Be specific to what they wrote, kind and calm. Never diagnose, judge, moralise or give a list of advice.',
    'Do not invent anything that is not in the text. Quote at most a few of their words.',
    'Answer with the paragraph only: plain text, no heading, no list, no markdown, no greeting, no sign-off.',
  ].join(' ');
}

export type PromptReflection = { day: number; topic: string; text: string };

/** The user message: the week's dates and each reflection with its day and topic. */
export function insightUserPrompt(input: {
  weekStart: string;
  weekEnd: string;
  reflections: readonly PromptReflection[];
}): string {
  const days = input.reflections.map(
    (reflection) => `Day ${reflection.day} (${reflection.topic}):\n${reflection.text.trim()}`,
  );
  return [`The week from ${input.weekStart} to ${input.weekEnd}.`, ...days].join('\n\n');
}

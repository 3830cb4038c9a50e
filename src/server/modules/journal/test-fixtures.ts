import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shared/domain/locale';
import { type PromptSeed, promptKey } from './prompts';
import { type JournalDeps, readDay, saveDay } from './service';

/** The real prompt library, as the tests reach it from the source tree (server.ts has its own path). */
export const PROMPT_LIBRARY_DIR = fileURLToPath(new URL('./prompt-library', import.meta.url));

/**
 * A small library for tests that need to know exactly which prompts exist: `count` prompts for a topic and
 * depth, in both languages, with texts that name topic, depth, number and language.
 */
export function fixturePrompts(topic: string, depth: number, count: number): PromptSeed[] {
  return Array.from({ length: count }, (_, index) =>
    LOCALES.map((locale) => ({
      key: promptKey(topic, `d${depth}-${index + 1}`, locale),
      topic,
      locale,
      text: `${locale}: ${topic} d${depth} #${index + 1}`,
      depth,
      intensity: 1 + (index % 3),
    })),
  ).flat();
}

/**
 * `saveDay` over whatever version the day's entry has now (1 for a day not yet started), for tests that
 * write a day's text as a step on the way rather than test the saving itself; the refusals are saveDay's.
 */
export async function saveDayText(
  deps: JournalDeps,
  input: { userId: string; day: number; contentText: string },
): ReturnType<typeof saveDay> {
  const current = await readDay(deps, { userId: input.userId, day: input.day, locale: 'en' });
  const baseVersion = current.ok ? (current.value.entry?.version ?? 1) : 1;
  return saveDay(deps, { ...input, baseVersion });
}

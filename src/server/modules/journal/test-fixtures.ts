import { fileURLToPath } from 'node:url';
import { LOCALES } from '@shared/domain/locale';
import { type PromptSeed, promptKey } from './prompts';

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

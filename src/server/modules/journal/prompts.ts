import fs from 'node:fs';
import path from 'node:path';
import { topicMessageKey } from '@shared/domain/journal';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import { PROMPT_TOPICS } from '@shared/domain/prompt-topics';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { entries, prompts } from '../../db/schema/journal';

/** Spec §9: depth runs from 1 to 4; the library has at least this many prompts for each depth of a topic. */
export const PROMPT_DEPTHS = [1, 2, 3, 4] as const;
export const MIN_PROMPTS_PER_DEPTH = 5;

const nonBlank = z.string().refine((text) => text.trim().length > 0, 'must not be blank');

const ZLibraryPrompt = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
  depth: z.number().int().min(1).max(4),
  intensity: z.number().int().min(1).max(3),
  en: nonBlank,
  de: nonBlank,
});

const ZLibraryFile = z
  .object({
    topic: z.string().refine((topic) => PROMPT_TOPICS.includes(topic), 'is not one of PROMPT_TOPICS'),
    prompts: z.array(ZLibraryPrompt),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.prompts.forEach((prompt, index) => {
      if (seen.has(prompt.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prompts', index, 'id'],
          message: `duplicate id ${prompt.id}`,
        });
      }
      seen.add(prompt.id);
    });
    for (const depth of PROMPT_DEPTHS) {
      const count = file.prompts.filter((prompt) => prompt.depth === depth).length;
      if (count < MIN_PROMPTS_PER_DEPTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['prompts'],
          message: `depth ${depth} has ${count} prompts, needs at least ${MIN_PROMPTS_PER_DEPTH}`,
        });
      }
    }
  });
export type TPromptLibraryFile = z.infer<typeof ZLibraryFile>;

/** One row of the `prompts` table as the library defines it. */
export type PromptSeed = {
  key: string;
  topic: string;
  locale: TLocale;
  text: string;
  depth: number;
  intensity: number;
};

export class PromptLibraryError extends Error {}

/** The file name (without `.json`) that holds a topic's prompts: `intro-momentum`, `lane-edges-to-explore`. */
export function topicSlug(topic: string): string {
  return topicMessageKey(topic).slice('topics.'.length);
}

/**
 * A prompt's key: `<topic-slug>/<library id>/<locale>`. Both languages of one library prompt share everything
 * but the last part, which is how a reflection finds its prompt's counterpart in the other language.
 */
export function promptKey(topic: string, id: string, locale: TLocale): string {
  return `${topicSlug(topic)}/${id}/${locale}`;
}

/** The key of the same library prompt in another language. */
export function counterpartKey(key: string, locale: TLocale): string {
  return `${key.slice(0, key.lastIndexOf('/'))}/${locale}`;
}

/** The library id shared by both languages of a prompt (the key without its locale). */
export function libraryId(key: string): string {
  return key.slice(0, key.lastIndexOf('/'));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/** Parses one library file; the file must be named after its topic. */
export function parsePromptLibraryFile(fileName: string, content: string): PromptSeed[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new PromptLibraryError(`${fileName}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = ZLibraryFile.safeParse(json);
  if (!parsed.success) throw new PromptLibraryError(`${fileName}: ${describeIssues(parsed.error)}`);
  const { topic } = parsed.data;
  const expected = `${topicSlug(topic)}.json`;
  if (fileName !== expected) {
    throw new PromptLibraryError(`${fileName}: the prompts of '${topic}' belong in ${expected}`);
  }
  return parsed.data.prompts.flatMap((prompt) =>
    LOCALES.map((locale) => ({
      key: promptKey(topic, prompt.id, locale),
      topic,
      locale,
      text: prompt[locale].trim(),
      depth: prompt.depth,
      intensity: prompt.intensity,
    })),
  );
}

/**
 * Every prompt of the library folder (one `<topic-slug>.json` per topic), validated. Throws a
 * `PromptLibraryError` naming the file and the problem, so a bad library stops the start and fails the tests.
 */
export function loadPromptLibrary(dir: string): PromptSeed[] {
  if (!fs.existsSync(dir)) throw new PromptLibraryError(`the prompt library ${dir} does not exist`);
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.flatMap((name) => parsePromptLibraryFile(name, fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** Rows per INSERT: six parameters each, well below PostgreSQL's 65,535 parameters per statement. */
const UPSERT_CHUNK = 1000;

/**
 * Makes the `prompts` table match the library: one upsert by key (rows that did not change are not
 * rewritten), then removes rows whose key left the library, unless a reflection still points at one: that
 * row stays, so the person's entry keeps the prompt it answered (it remains a normal candidate for its topic
 * and depth until no entry needs it). Idempotent and cheap; runs on every start.
 */
export async function seedPrompts(db: DbExecutor, library: string | PromptSeed[]): Promise<void> {
  const seeds = typeof library === 'string' ? loadPromptLibrary(library) : library;
  const keys = seeds.map((seed) => seed.key);
  await db.transaction(async (tx) => {
    for (let start = 0; start < seeds.length; start += UPSERT_CHUNK) {
      await tx
        .insert(prompts)
        .values(seeds.slice(start, start + UPSERT_CHUNK))
        .onConflictDoUpdate({
          target: prompts.key,
          set: {
            topic: sql`excluded.topic`,
            locale: sql`excluded.locale`,
            text: sql`excluded.text`,
            depth: sql`excluded.depth`,
            intensity: sql`excluded.intensity`,
          },
          setWhere: sql`(${prompts.topic}, ${prompts.locale}, ${prompts.text}, ${prompts.depth}, ${prompts.intensity})
            is distinct from (excluded.topic, excluded.locale, excluded.text, excluded.depth, excluded.intensity)`,
        });
    }
    const stillInLibrary =
      keys.length > 0 ? sql`${prompts.key} in (select unnest(${sql.param(keys)}::text[]))` : sql`false`;
    await tx
      .delete(prompts)
      .where(
        sql`not (${stillInLibrary}) and not exists (select 1 from ${entries} where ${entries.promptId} = ${prompts.id})`,
      );
  });
}

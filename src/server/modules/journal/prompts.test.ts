import fs from 'node:fs';
import { LOCALES } from '@shared/domain/locale';
import { PROMPT_TOPICS } from '@shared/domain/prompt-topics';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { entries, prompts, weeks } from '../../db/schema/journal';
import { createTestDatabase } from '../../test/test-db';
import {
  counterpartKey,
  libraryId,
  loadPromptLibrary,
  MIN_PROMPTS_PER_DEPTH,
  PROMPT_DEPTHS,
  PromptLibraryError,
  parsePromptLibraryFile,
  promptKey,
  seedPrompts,
  topicSlug,
} from './prompts';
import { fixturePrompts, PROMPT_LIBRARY_DIR } from './test-fixtures';

function libraryFile(overrides: Record<string, unknown> = {}) {
  const prompts = PROMPT_DEPTHS.flatMap((depth) =>
    Array.from({ length: MIN_PROMPTS_PER_DEPTH }, (_, index) => ({
      id: `d${depth}-${index + 1}`,
      depth,
      intensity: 1 + (index % 3),
      en: `English ${depth}.${index}`,
      de: `Deutsch ${depth}.${index}`,
    })),
  );
  return JSON.stringify({ topic: 'intro: momentum', prompts, ...overrides });
}

describe('the prompt library in the repository', () => {
  it('is valid: every file parses and is named after its topic', () => {
    expect(() => loadPromptLibrary(PROMPT_LIBRARY_DIR)).not.toThrow();
  });

  // Fails until the library covers every topic a day can have (the content is written by hand).
  it.each(PROMPT_TOPICS)('has at least 5 prompts per depth in English and German for %s', (topic) => {
    const file = `${PROMPT_LIBRARY_DIR}/${topicSlug(topic)}.json`;
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    const seeds = parsePromptLibraryFile(`${topicSlug(topic)}.json`, fs.readFileSync(file, 'utf8'));
    for (const locale of LOCALES) {
      for (const depth of PROMPT_DEPTHS) {
        const count = seeds.filter((seed) => seed.locale === locale && seed.depth === depth).length;
        expect(count, `${topic}, ${locale}, depth ${depth}`).toBeGreaterThanOrEqual(MIN_PROMPTS_PER_DEPTH);
      }
    }
  });
});

describe('parsePromptLibraryFile', () => {
  it('makes two rows per prompt whose keys differ only in the language', () => {
    const seeds = parsePromptLibraryFile('intro-momentum.json', libraryFile());
    expect(seeds).toHaveLength(PROMPT_DEPTHS.length * MIN_PROMPTS_PER_DEPTH * 2);
    const first = seeds.find((seed) => seed.key === 'intro-momentum/d1-1/en');
    expect(first).toEqual({
      key: 'intro-momentum/d1-1/en',
      topic: 'intro: momentum',
      locale: 'en',
      text: 'English 1.0',
      depth: 1,
      intensity: 1,
    });
    expect(counterpartKey('intro-momentum/d1-1/en', 'de')).toBe('intro-momentum/d1-1/de');
    expect(libraryId('intro-momentum/d1-1/de')).toBe('intro-momentum/d1-1');
    expect(promptKey("lane: where you're safe", 'd2-3', 'de')).toBe('lane-where-you-re-safe/d2-3/de');
  });

  const broken: [string, string, string | RegExp][] = [
    ['not JSON', '{"topic":', /not valid JSON/],
    ['an unknown topic', libraryFile({ topic: 'gardening' }), /topic: is not one of PROMPT_TOPICS/],
    [
      'too few prompts for a depth',
      libraryFile({
        prompts: [{ id: 'a', depth: 1, intensity: 1, en: 'x', de: 'y' }],
      }),
      /depth 1 has 1 prompts, needs at least 5/,
    ],
    [
      'a depth out of range',
      libraryFile({ prompts: [{ id: 'a', depth: 5, intensity: 1, en: 'x', de: 'y' }] }),
      /prompts\.0\.depth/,
    ],
    [
      'an intensity out of range',
      libraryFile({ prompts: [{ id: 'a', depth: 1, intensity: 4, en: 'x', de: 'y' }] }),
      /prompts\.0\.intensity/,
    ],
    [
      'a blank German text',
      libraryFile({ prompts: [{ id: 'a', depth: 1, intensity: 1, en: 'x', de: '  ' }] }),
      /prompts\.0\.de: must not be blank/,
    ],
  ];
  it.each(broken)('rejects %s, naming the file', (_, content, message) => {
    expect(() => parsePromptLibraryFile('intro-momentum.json', content)).toThrow(PromptLibraryError);
    expect(() => parsePromptLibraryFile('intro-momentum.json', content)).toThrow(/^intro-momentum\.json: /);
    expect(() => parsePromptLibraryFile('intro-momentum.json', content)).toThrow(message);
  });

  it('rejects duplicate ids', () => {
    const file = JSON.parse(libraryFile()) as { prompts: { id: string }[] };
    const [first, second] = file.prompts;
    if (first && second) second.id = first.id;
    expect(() => parsePromptLibraryFile('intro-momentum.json', JSON.stringify(file))).toThrow(
      /duplicate id d1-1/,
    );
  });

  it('rejects a file named after another topic', () => {
    expect(() => parsePromptLibraryFile('trust.json', libraryFile())).toThrow(
      /the prompts of 'intro: momentum' belong in intro-momentum\.json/,
    );
  });

  it('reports a missing library folder clearly', () => {
    expect(() => loadPromptLibrary('/nonexistent/prompt-library')).toThrow(/does not exist/);
  });
});

describe('seedPrompts', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  const rows = () =>
    database.db
      .select({ id: prompts.id, key: prompts.key, text: prompts.text, depth: prompts.depth })
      .from(prompts)
      .orderBy(asc(prompts.key));

  it('is idempotent: seeding twice keeps the same rows and ids', async () => {
    const library = fixturePrompts('trust', 3, 4);
    await seedPrompts(database.db, library);
    const first = await rows();
    await seedPrompts(database.db, library);
    expect(await rows()).toEqual(first);
    expect(first).toHaveLength(8);
  });

  it('updates changed prompts in place and removes those that left the library', async () => {
    await seedPrompts(database.db, fixturePrompts('trust', 3, 3));
    const before = await rows();
    const changed = fixturePrompts('trust', 3, 2).map((seed) =>
      seed.key === 'trust/d3-1/en' ? { ...seed, text: 'A new wording', depth: 4 } : seed,
    );
    await seedPrompts(database.db, changed);
    const after = await rows();
    expect(after.map((row) => row.key)).toEqual([
      'trust/d3-1/de',
      'trust/d3-1/en',
      'trust/d3-2/de',
      'trust/d3-2/en',
    ]);
    const updated = after.find((row) => row.key === 'trust/d3-1/en');
    expect(updated).toMatchObject({ text: 'A new wording', depth: 4 });
    expect(updated?.id).toBe(before.find((row) => row.key === 'trust/d3-1/en')?.id);
  });

  it('keeps a removed prompt that a reflection still points at', async () => {
    await seedPrompts(database.db, fixturePrompts('trust', 3, 2));
    const [prompt] = await database.db.select().from(prompts).where(eq(prompts.key, 'trust/d3-2/en'));
    await database.db.insert(users).values({ id: 'u1', name: 'U', email: 'u1@example.com' });
    const [week] = await database.db
      .insert(weeks)
      .values({
        userId: 'u1',
        startDate: '2026-03-02',
        endDate: '2026-03-08',
        isoWeek: '2026-W10',
        structure: { topics: {} },
      })
      .returning();
    if (!week || !prompt) throw new Error('setup failed');
    await database.db
      .insert(entries)
      .values({ userId: 'u1', weekId: week.id, day: 5, topic: 'trust', promptId: prompt.id });

    await seedPrompts(database.db, fixturePrompts('trust', 3, 1));
    expect((await rows()).map((row) => row.key)).toEqual(['trust/d3-1/de', 'trust/d3-1/en', 'trust/d3-2/en']);
  });

  it('seeds the real library', async () => {
    await seedPrompts(database.db, PROMPT_LIBRARY_DIR);
    const count = (await rows()).length;
    expect(count).toBe(loadPromptLibrary(PROMPT_LIBRARY_DIR).length);
    expect(count).toBeGreaterThan(0);
  });
});

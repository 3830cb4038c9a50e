// Private text encrypted at rest (issue 17, decision 045): what sealing and opening one value costs, and
// what it adds to a search over one person's year of reflections (365 entries of 300 to 700 characters),
// which opens every one of them when the search index is cold (the first search, or after a write).
// Baselines: the same work on plaintext values (written before encryption, read as they are). In process,
// on in-memory PGlite (BENCH_SMOKE=1: fewer rounds).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMemoryDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/accounts';
import { entries, weeks } from '../src/server/db/schema/journal';
import { createKeyring, fixedFieldCipher, openWith, sealWith } from '../src/server/lib/field-cipher';
import { privateContext } from '../src/server/lib/private-text';
import { createSearchIndex } from '../src/server/modules/history/search-index';
import { searchReflections } from '../src/server/modules/history/service';
import { addDays } from '../src/shared/domain/journal';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const VALUES = SMOKE ? 500 : 20_000;
const SEARCHES = SMOKE ? 5 : 40;
const DAYS = 365;
const MIGRATIONS_DIR = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));

const SENTENCES = [
  'This morning I talked with my sister about trust, and for once I did not rush to fill the silence.',
  'A quiet walk along the harbour helped me notice how often I wait for others to go first.',
  'Heute habe ich mit meiner Schwester über Vertrauen gesprochen, und sie hat einfach zugehört.',
  'Ich war müde nach der Arbeit und habe Nein zu einer Feier gesagt, danach war ich erleichtert.',
  'My partner asked how I was, and I gave the honest answer instead of the quick one.',
];

function reflection(n: number): string {
  let text = '';
  for (let i = 0; text.length < 300 + ((n * 37) % 400); i++)
    text += `${SENTENCES[(n + i) % SENTENCES.length]} `;
  return text.trim();
}

const keyring = createKeyring(randomBytes(32));
const cipher = fixedFieldCipher(keyring);
const microseconds = (ms: number, count: number) => Math.round((ms * 1000 * 100) / count) / 100;

function perValue(work: (text: string, context: string) => unknown, texts: string[]): number {
  const started = performance.now();
  for (let n = 0; n < texts.length; n++)
    work(texts[n] ?? '', privateContext('entries.content_text', `u${n % 50}`));
  return microseconds(performance.now() - started, texts.length);
}

// ---- one value ----
const texts = Array.from({ length: VALUES }, (_, n) => reflection(n));
perValue((text, context) => sealWith(keyring, text, context), texts.slice(0, 500));
const sealed = texts.map((text, n) =>
  sealWith(keyring, text, privateContext('entries.content_text', `u${n % 50}`)),
);
const sealUs = perValue((text, context) => sealWith(keyring, text, context), texts);
const encodeUs = perValue((text) => Buffer.from(text, 'utf8').toString('base64url'), texts);
const openUs = perValue((value, context) => openWith(keyring, value, context), sealed);
const plainUs = perValue((value, context) => openWith(keyring, value, context), texts);
const common = { bench: BENCH, unit: 'µs', better: 'lower' as const };
reportResult({
  ...common,
  name: `seal one reflection of ~500 characters (AES-256-GCM), mean of ${VALUES.toLocaleString('en-US')}`,
  value: sealUs,
  baseline: encodeUs,
  baselineName: 'the same text only encoded (UTF-8, base64url), no encryption',
});
reportResult({
  ...common,
  name: `open one sealed reflection, mean of ${VALUES.toLocaleString('en-US')}`,
  value: openUs,
  baseline: plainUs,
  baselineName: 'reading a plaintext (legacy) value through the same function',
});

// ---- a year of reflections, searched ----
async function yearOfReflections(seal: boolean) {
  const database = await openMemoryDatabase();
  await database.migrate(MIGRATIONS_DIR);
  const userId = 'bench-person';
  await database.db.insert(users).values({ id: userId, name: 'Bench', email: 'bench@example.com' });
  const weekCount = Math.ceil(DAYS / 7);
  const written = await database.db
    .insert(weeks)
    .values(
      Array.from({ length: weekCount }, (_, index) => {
        const startDate = addDays('2026-01-05', -7 * (index + 1));
        return {
          userId,
          startDate,
          endDate: addDays(startDate, 6),
          isoWeek: `w${index}`,
          structure: { topics: {} },
        };
      }),
    )
    .returning({ id: weeks.id });
  const rows = written
    .flatMap((week, index) =>
      Array.from({ length: 7 }, (_, day) => {
        const text = reflection(index * 7 + day);
        return {
          userId,
          weekId: week.id,
          day: day + 1,
          topic: 'trust',
          contentText: seal ? cipher.seal(text, privateContext('entries.content_text', userId)) : text,
          status: 'completed',
        };
      }),
    )
    .slice(0, DAYS);
  await database.db.insert(entries).values(rows);
  return { database, userId };
}

/** Median ms of a search with a cold index: every reflection of the year is read and opened. */
async function coldSearch(seal: boolean): Promise<number> {
  const { database, userId } = await yearOfReflections(seal);
  try {
    const clock = { now: () => new Date() };
    const times: number[] = [];
    for (let n = 0; n < SEARCHES + 3; n++) {
      const deps = { db: database.db, cipher, clock, index: createSearchIndex() };
      const started = performance.now();
      const result = await searchReflections(deps, { userId, query: 'schwester trust', page: 1 });
      if (n >= 3) times.push(performance.now() - started);
      if (result.total === 0) throw new Error('the search found nothing');
    }
    return Math.round(median(times) * 100) / 100;
  } finally {
    await database.close();
  }
}

const sealedSearch = await coldSearch(true);
const plainSearch = await coldSearch(false);
reportResult({
  bench: BENCH,
  name: `search over one year (${DAYS} reflections) with a cold index, opening every reflection: median`,
  value: sealedSearch,
  unit: 'ms',
  better: 'lower',
  baseline: plainSearch,
  baselineName: 'the same search over the same reflections stored as plaintext',
});

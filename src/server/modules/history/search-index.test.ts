import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { createTestCipher } from '../../test/test-cipher';
import { createTestDatabase } from '../../test/test-db';
import { completeOnboarding, deleteJournalData, type JournalDeps } from '../journal/service';
import { saveDayText } from '../journal/test-fixtures';
import { createSearchIndex } from './search-index';
import { searchReflections } from './service';

/** The folded reflections a search keeps a while: never an answer the database would not give. */

let database: DatabaseHandle;
let clock: FakeClock;
let journal: JournalDeps;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = createFakeClock(new Date('2026-03-04T09:00:00Z'));
  journal = { db: database.db, clock, cipher: createTestCipher() };
});
afterEach(async () => {
  await database.close();
});

async function person(id: string) {
  await database.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  // Joined the week before, so every day of this week is theirs (decision 067).
  const now = clock.now();
  clock.set(new Date('2026-02-23T09:00:00Z'));
  await completeOnboarding(journal, { userId: id, answers: ['Kim'], timeZone: 'UTC' });
  clock.set(now);
}

describe('the search index', () => {
  it('follows every write, at once, even two in the same millisecond', async () => {
    await person('a');
    const index = createSearchIndex();
    const search = (query: string) =>
      searchReflections(
        { db: database.db, cipher: journal.cipher, clock, index },
        { userId: 'a', query, page: 1 },
      );
    await saveDayText(journal, { userId: 'a', day: 1, contentText: 'A walk by the harbour.' });
    expect((await search('harbour')).total).toBe(1);
    // The clock does not move: only the row version tells the two texts apart.
    await saveDayText(journal, { userId: 'a', day: 1, contentText: 'A walk by the river.' });
    expect((await search('harbour')).total).toBe(0);
    expect((await search('river')).hits[0]?.snippet).toBe('A walk by the river.');
    await saveDayText(journal, { userId: 'a', day: 2, contentText: 'The river again, and my sister.' });
    expect((await search('river')).hits.map((hit) => hit.day)).toEqual([2, 1]);
    await deleteJournalData(database.db, 'a');
    expect((await search('river')).total).toBe(0);
  });

  it('keeps each person’s own, and forgets them after a while or when full', async () => {
    await person('a');
    await person('b');
    await saveDayText(journal, { userId: 'a', day: 1, contentText: 'Only A writes about lanterns.' });
    await saveDayText(journal, { userId: 'b', day: 1, contentText: 'B writes about the sea instead.' });
    const index = createSearchIndex({ ttlMs: 60_000, maxBytes: 10_000 });
    const deps = { db: database.db, cipher: journal.cipher, clock, index };
    expect((await searchReflections(deps, { userId: 'b', query: 'lanterns', page: 1 })).total).toBe(0);
    expect((await searchReflections(deps, { userId: 'a', query: 'lanterns', page: 1 })).total).toBe(1);
    expect(index.size().people).toBe(2);
    clock.advance(61_000);
    await searchReflections(deps, { userId: 'a', query: 'sea', page: 1 });
    expect(index.size().people).toBe(1);
    const small = createSearchIndex({ maxBytes: 100 });
    await searchReflections({ ...deps, index: small }, { userId: 'a', query: 'lanterns', page: 1 });
    await searchReflections({ ...deps, index: small }, { userId: 'b', query: 'sea', page: 1 });
    expect(small.size().people).toBeLessThanOrEqual(1);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../db/client';
import { users } from '../db/schema/accounts';
import { createKeyring, type FieldCipher, fixedFieldCipher, keyIdOf, sealedKeyId } from '../lib/field-cipher';
import { exportBubbles, saveBubbles } from '../modules/bubbles/service';
import { completeOnboarding, exportJournalData, getProfile } from '../modules/journal/service';
import { saveDayText } from '../modules/journal/test-fixtures';
import { createFakeClock } from '../test/fake-clock';
import { createTestDatabase } from '../test/test-db';
import { resealPrivateText } from './reseal-private-text';

/** Rows written before encryption are sealed on start, and every value moves to a new key on rotation. */

let database: DatabaseHandle;
const clock = createFakeClock();
const keyA = randomBytes(32);
const keyB = randomBytes(32);

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/** A person whose profile, reflection and bubble are written as this code writes them, with `cipher`. */
async function person(cipher: FieldCipher) {
  const userId = `u-${randomUUID()}`;
  await database.db.insert(users).values({ id: userId, name: userId, email: `${userId}@example.com` });
  const deps = { db: database.db, clock, cipher };
  await completeOnboarding(deps, { userId, answers: ['Ada', 'Trust, mostly.'], timeZone: 'UTC' });
  await saveDayText(deps, { userId, day: 1, contentText: 'A quiet walk by the canal.' });
  await saveBubbles(deps, {
    userId,
    bubbles: [
      {
        id: randomUUID(),
        category: 'Trust',
        whoTrusted: ['partner', 'self'],
        name: 'Jo',
        when: 'today',
        importance: 4,
        createdAt: clock.now().toISOString(),
      },
    ],
  });
  return { userId, deps };
}

/** Every stored private value, raw. */
async function storedValues(userId: string): Promise<string[]> {
  const [row] = await queryRows<{ values: string[] }>(
    database.db,
    sql`select array[
          (select content_text from entries where user_id = ${userId} and day = 1),
          (select name from bubbles where user_id = ${userId}),
          (select who_trusted from bubbles where user_id = ${userId}),
          (select when_label from bubbles where user_id = ${userId}),
          (select first_name from profiles where user_id = ${userId})
        ] || array(select jsonb_array_elements_text(profile_v0->'answers') from profiles where user_id = ${userId})
        as values`,
  );
  return row?.values ?? [];
}

/** Turns a person's stored values back into plaintext, as a database from before encryption holds them. */
async function makeLegacy(userId: string) {
  await database.db.execute(sql`update entries set content_text = 'A quiet walk by the canal.'
                                where user_id = ${userId} and day = 1`);
  // who_trusted as migration 0023 left a jsonb array: its JSON text.
  await database.db.execute(sql`update bubbles set name = 'Jo', who_trusted = '["partner", "self"]',
                                when_label = 'today' where user_id = ${userId}`);
  await database.db.execute(sql`update profiles set first_name = 'Ada',
    profile_v0 = jsonb_set(profile_v0, '{answers}', '["Ada", "Trust, mostly."]'::jsonb) where user_id = ${userId}`);
}

describe('sealing private text on start', () => {
  it('reads legacy plaintext as it is, then seals every value once, in batches, idempotently', async () => {
    const cipher = fixedFieldCipher(createKeyring(keyA));
    const people = [await person(cipher), await person(cipher), await person(cipher)];
    for (const { userId } of people) await makeLegacy(userId);
    const first = people[0];
    if (!first) throw new Error('no person');
    expect(await storedValues(first.userId)).toContain('A quiet walk by the canal.');
    // During the transition both forms are read.
    expect((await getProfile(first.deps, first.userId)).firstName).toBe('Ada');
    expect(await exportBubbles(first.deps, first.userId)).toEqual([
      expect.objectContaining({ name: 'Jo', whoTrusted: ['partner', 'self'], when: 'today' }),
    ]);

    const counts = await resealPrivateText({ db: database.db, cipher }, { batchSize: 2 });
    expect(counts).toEqual({ sealed: 3 * 7, resealed: 0, unreadable: 0 });
    for (const { userId } of people) {
      const values = await storedValues(userId);
      expect(values).toHaveLength(7);
      for (const value of values) expect(sealedKeyId(value)).toBe(keyIdOf(keyA));
    }
    expect(await resealPrivateText({ db: database.db, cipher })).toEqual({
      sealed: 0,
      resealed: 0,
      unreadable: 0,
    });
    const profile = await getProfile(first.deps, first.userId);
    expect(profile.firstName).toBe('Ada');
    expect(profile.answers).toEqual(['Ada', 'Trust, mostly.']);
    const exported = JSON.stringify(await exportJournalData(database.db, cipher, first.userId));
    expect(exported).toContain('A quiet walk by the canal.');
    expect(exported).toContain('Trust, mostly.');
    expect(await exportBubbles(first.deps, first.userId)).toEqual([
      expect.objectContaining({ name: 'Jo', whoTrusted: ['partner', 'self'], when: 'today' }),
    ]);
  });

  it('two passes at once (two processes starting) seal each value exactly once', async () => {
    const cipher = fixedFieldCipher(createKeyring(keyA));
    const people = [await person(cipher), await person(cipher)];
    for (const { userId } of people) await makeLegacy(userId);
    const [one, two] = await Promise.all([
      resealPrivateText({ db: database.db, cipher }, { batchSize: 1 }),
      resealPrivateText({ db: database.db, cipher }, { batchSize: 1 }),
    ]);
    expect((one?.sealed ?? 0) + (two?.sealed ?? 0)).toBeGreaterThanOrEqual(14);
    for (const { userId, deps } of people) {
      for (const value of await storedValues(userId)) expect(sealedKeyId(value)).toBe(keyIdOf(keyA));
      expect((await getProfile(deps, userId)).answers).toEqual(['Ada', 'Trust, mostly.']);
    }
  });

  it('rotation: values of the old key move to the new one and open; a missing key is reported, not lost', async () => {
    const before = fixedFieldCipher(createKeyring(keyA));
    const { userId } = await person(before);
    const rotated = fixedFieldCipher(createKeyring(keyB, [keyA]));
    expect(await resealPrivateText({ db: database.db, cipher: rotated })).toEqual({
      sealed: 0,
      resealed: 7,
      unreadable: 0,
    });
    for (const value of await storedValues(userId)) expect(sealedKeyId(value)).toBe(keyIdOf(keyB));
    const deps = { db: database.db, clock, cipher: fixedFieldCipher(createKeyring(keyB)) };
    expect((await getProfile(deps, userId)).answers).toEqual(['Ada', 'Trust, mostly.']);
    expect(await exportBubbles(deps, userId)).toEqual([
      expect.objectContaining({ name: 'Jo', whoTrusted: ['partner', 'self'], when: 'today' }),
    ]);
    // A process without the old key cannot open its values: it leaves them as they are and says so.
    const other = await person(before);
    const stored = await storedValues(other.userId);
    const withoutOld = fixedFieldCipher(createKeyring(keyB));
    expect(await resealPrivateText({ db: database.db, cipher: withoutOld })).toEqual({
      sealed: 0,
      resealed: 0,
      unreadable: 7,
    });
    expect(await storedValues(other.userId)).toEqual(stored);
    await expect(getProfile({ ...deps, cipher: withoutOld }, other.userId)).rejects.toThrow(/not configured/);
  });
});

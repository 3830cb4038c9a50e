import { foldPlain } from '@shared/domain/text-search';
import type { DbExecutor } from '../../db/client';
import type { FieldCipher } from '../../lib/field-cipher';
import { reflectionsOf, reflectionsStamp } from '../journal/service';

/**
 * The folded texts of the reflections of people who searched lately, so that a search does not read and
 * fold five years of reflections every time (decision 028). Only a cache: every search first asks the
 * database for the person's `reflectionsStamp` and reads everything again when it differs, so any number of
 * app processes give the same answers. Bounded by size (LRU) and by age: a person's folded reflections are
 * dropped `ttlMs` after their last search. The texts are sealed in the database (decision 045): filling the
 * index opens them one person at a time, and what it holds is in this process's memory only.
 */

export type IndexedReflection = { entryId: string; folded: string };

type Entry = { stamp: string; reflections: IndexedReflection[]; bytes: number; usedAt: number };

export type SearchIndex = {
  /** The person's reflections, newest first, folded for matching. */
  reflectionsOf(
    read: { db: DbExecutor; cipher: FieldCipher },
    userId: string,
    now: number,
  ): Promise<IndexedReflection[]>;
  /** What is held, for tests and the log. */
  size(): { people: number; bytes: number };
};

export const SEARCH_INDEX_MAX_BYTES = 32 * 1024 * 1024;
export const SEARCH_INDEX_TTL_MS = 10 * 60_000;

export function createSearchIndex(options: { maxBytes?: number; ttlMs?: number } = {}): SearchIndex {
  const maxBytes = options.maxBytes ?? SEARCH_INDEX_MAX_BYTES;
  const ttlMs = options.ttlMs ?? SEARCH_INDEX_TTL_MS;
  // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const held = new Map<string, Entry>();
  let bytes = 0;

  const drop = (userId: string) => {
    const entry = held.get(userId);
    if (!entry) return;
    held.delete(userId);
    bytes -= entry.bytes;
  };
  const sweep = (now: number) => {
    for (const [userId, entry] of held) {
      if (now - entry.usedAt > ttlMs || bytes > maxBytes) drop(userId);
    }
  };

  return {
    async reflectionsOf({ db, cipher }, userId, now) {
      const stamp = await reflectionsStamp(db, userId);
      const cached = held.get(userId);
      drop(userId);
      let entry: Entry;
      if (cached?.stamp === stamp) {
        entry = { ...cached, usedAt: now };
      } else {
        const reflections = (await reflectionsOf(db, cipher, userId)).map((reflection) => ({
          entryId: reflection.entryId,
          folded: foldPlain(reflection.contentText),
        }));
        const size = reflections.reduce((sum, reflection) => sum + 2 * reflection.folded.length + 64, 0);
        entry = { stamp, reflections, bytes: size, usedAt: now };
      }
      held.set(userId, entry);
      bytes += entry.bytes;
      sweep(now);
      return entry.reflections;
    },
    size: () => ({ people: held.size, bytes }),
  };
}

import type { TApiErrorCode } from '@shared/domain/api-errors';
import type { Category } from '@shared/domain/bubbles';
import type { TBubble } from '@shared/schemas/bubbles';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { bubbles } from '../../db/schema/bubbles';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import { type PrivateText, privateTextOf } from '../../lib/private-text';

/** `cipher` seals and opens the bubbles' names, who and when (decision 045, issue 35). */
export type BubblesDeps = { db: Database; clock: Clock; cipher: FieldCipher };
/** What reading a person's bubbles needs: the database (or a transaction) and the cipher. */
type BubblesReader = { db: DbExecutor; cipher: FieldCipher };

/** How many bubbles one person can keep on the server: years of answers, far from a real person's use. */
export const MAX_BUBBLES_PER_USER = 5000;
/** The browser's clock may run a little ahead of ours; a createdAt further ahead is taken as our "now". */
export const MAX_CLOCK_AHEAD_MS = 60_000;
/** First key of the per-user advisory lock that makes the cap exact under concurrent saves. */
const SAVE_LOCK_NAMESPACE = 727_005;

export type SaveBubblesError = Extract<TApiErrorCode, 'bubble_limit_reached'>;
export type SaveBubblesOutcome = { ok: true; value: TBubble[] } | { ok: false; error: SaveBubblesError };

type BubbleRow = typeof bubbles.$inferSelect;

/**
 * The who ids, stored as one sealed JSON array. A row from before sealing holds the array's JSON in clear
 * (the migration turned the jsonb into its text) until the start-up pass seals it; `open` reads both.
 */
function openWho(text: PrivateText, stored: string): string[] {
  const who: unknown = JSON.parse(text.open('bubbles.who_trusted', stored));
  if (!Array.isArray(who) || !who.every((id) => typeof id === 'string')) {
    throw new Error('bubbles.who_trusted is not an array of strings');
  }
  return who;
}

function toBubble(text: PrivateText, row: BubbleRow): TBubble {
  return {
    id: row.id,
    // The check constraint admits only the ten categories.
    category: row.category as Category,
    whoTrusted: openWho(text, row.whoTrusted),
    name: text.open('bubbles.name', row.name),
    when: text.open('bubbles.when_label', row.when),
    importance: row.importance,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectBubbles(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(bubbles)
    .where(eq(bubbles.userId, userId))
    .orderBy(asc(bubbles.createdAt), asc(bubbles.id));
}

/** GET /api/bubbles: the person's bubbles, oldest first (ties by id, so the order is stable). */
export async function listBubbles(deps: BubblesReader, userId: string): Promise<TBubble[]> {
  const text = privateTextOf(deps.cipher, userId);
  return (await selectBubbles(deps.db, userId)).map((row) => toBubble(text, row));
}

/** The browser's time of the answer, or `now` when it lies more than a minute ahead of the server's clock. */
export function clampCreatedAt(createdAt: string, now: Date): Date {
  const given = new Date(createdAt);
  return given.getTime() > now.getTime() + MAX_CLOCK_AHEAD_MS ? now : given;
}

/** The first bubble of each id: a batch that names an id twice saves it once. */
function uniqueById(batch: readonly TBubble[]): TBubble[] {
  const byId = new Map<string, TBubble>();
  for (const bubble of batch) {
    if (!byId.has(bubble.id)) byId.set(bubble.id, bubble);
  }
  return [...byId.values()];
}

/**
 * POST /api/bubbles: saves the bubbles whose id is new and answers all of the person's bubbles afterwards.
 * A bubble the server already has is left as it is; an id that belongs to someone else is skipped without a
 * word (the answer lists only the person's own). A batch that would take the person past
 * MAX_BUBBLES_PER_USER saves nothing.
 */
export async function saveBubbles(
  deps: BubblesDeps,
  input: { userId: string; bubbles: readonly TBubble[] },
): Promise<SaveBubblesOutcome> {
  const now = deps.clock.now();
  const batch = uniqueById(input.bubbles);
  return deps.db.transaction(async (tx): Promise<SaveBubblesOutcome> => {
    // One save per person at a time, so two tabs saving at once cannot pass the cap together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(SAVE_LOCK_NAMESPACE))}, hashtext(${input.userId}))`,
    );
    const [held] = await tx.select({ n: count() }).from(bubbles).where(eq(bubbles.userId, input.userId));
    const known = await tx
      .select({ id: bubbles.id })
      .from(bubbles)
      .where(
        inArray(
          bubbles.id,
          batch.map((bubble) => bubble.id),
        ),
      );
    const knownIds = new Set(known.map((row) => row.id));
    const fresh = batch.filter((bubble) => !knownIds.has(bubble.id));
    if ((held?.n ?? 0) + fresh.length > MAX_BUBBLES_PER_USER) {
      return { ok: false, error: 'bubble_limit_reached' };
    }
    if (fresh.length > 0) {
      const text = privateTextOf(deps.cipher, input.userId);
      await tx
        .insert(bubbles)
        .values(
          fresh.map((bubble) => ({
            id: bubble.id,
            userId: input.userId,
            category: bubble.category,
            whoTrusted: text.seal('bubbles.who_trusted', JSON.stringify(bubble.whoTrusted)),
            name: text.seal('bubbles.name', bubble.name),
            when: text.seal('bubbles.when_label', bubble.when),
            importance: bubble.importance,
            createdAt: clampCreatedAt(bubble.createdAt, now),
            savedAt: now,
          })),
        )
        // Another person's save of the same id may have come first: theirs stays, untouched and unseen.
        .onConflictDoNothing({ target: bubbles.id });
    }
    return { ok: true, value: await listBubbles({ db: tx, cipher: deps.cipher }, input.userId) };
  });
}

/** The account export's `bubbles`: every field stored, with the time the server saved each one. */
export async function exportBubbles(deps: BubblesReader, userId: string) {
  const text = privateTextOf(deps.cipher, userId);
  const rows = await selectBubbles(deps.db, userId);
  return rows.map((row) => ({ ...toBubble(text, row), savedAt: row.savedAt.toISOString() }));
}

/** Part of "delete my data"; pass the caller's transaction to make it all or nothing with the rest. */
export async function deleteBubbles(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(bubbles).where(eq(bubbles.userId, userId));
}

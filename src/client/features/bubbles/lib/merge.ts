/**
 * A signed-in person's bubbles live in this browser (spec §3) and on the server (issue 5). These rules decide
 * what the two copies make together.
 */
import {
  type Bubble,
  CATEGORIES,
  type Category,
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  isWhenOption,
  isWhoAnswer,
  MAX_BUBBLE_NAME_LENGTH,
} from '@shared/domain/bubbles';
import { isInstant } from '@shared/domain/calendar';

/** Both lists as one, each id once (the first copy wins), oldest first; the order of equal times is kept. */
export function mergeBubbles(...lists: readonly (readonly Bubble[])[]): Bubble[] {
  const seen = new Set<string>();
  const merged: Bubble[] = [];
  for (const list of lists) {
    for (const bubble of list) {
      if (seen.has(bubble.id)) continue;
      seen.add(bubble.id);
      merged.push(bubble);
    }
  }
  return merged.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The stored bubbles a person may see: a visitor's answers (no owner) and their own account's. */
export function ownBubbles(
  local: readonly Bubble[],
  owners: Readonly<Record<string, string>>,
  userId: string | null,
): Bubble[] {
  return local.filter((bubble) => {
    const owner = owners[bubble.id];
    return owner === undefined || owner === userId;
  });
}

export function byCategory(bubbles: readonly Bubble[]): Record<Category, Bubble[]> {
  const groups = Object.fromEntries(CATEGORIES.map((category) => [category, [] as Bubble[]])) as Record<
    Category,
    Bubble[]
  >;
  for (const bubble of bubbles) groups[bubble.category].push(bubble);
  return groups;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Whether the server takes this bubble (the rules of ZNewBubble, without zod in the browser). A stored bubble
 * that fails them, written by an older version say, stays in this browser only, so that one bad bubble never
 * blocks the upload of the others.
 */
export function isUploadable(bubble: Bubble): boolean {
  const name = bubble.name.trim();
  return (
    UUID.test(bubble.id) &&
    isWhoAnswer(bubble.category, bubble.whoTrusted) &&
    name.length >= 1 &&
    name.length <= MAX_BUBBLE_NAME_LENGTH &&
    isWhenOption(bubble.when) &&
    Number.isInteger(bubble.importance) &&
    bubble.importance >= IMPORTANCE_MIN &&
    bubble.importance <= IMPORTANCE_MAX &&
    ISO_UTC.test(bubble.createdAt) &&
    isInstant(bubble.createdAt)
  );
}

/** The person's stored bubbles the server does not have yet and would take. */
export function toUpload(local: readonly Bubble[], server: readonly Bubble[]): Bubble[] {
  const known = new Set(server.map((bubble) => bubble.id));
  return local.filter((bubble) => !known.has(bubble.id) && isUploadable(bubble));
}

/** Splits a list into requests of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

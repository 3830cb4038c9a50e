/**
 * A copy of a day's unsaved text in session storage, so that a failed save followed by a reload (or a
 * crash) does not lose what was written. Keyed by week and day: a draft of last week's Monday never shows
 * up on this week's.
 */

export type ReflectionDraft = {
  text: string;
  /** When the draft was written (this browser's clock). */
  writtenAt: number;
  /** The `updatedAt` of the server's entry the draft was written over. */
  baseUpdatedAt: string;
};

export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Session storage, or nothing when the browser refuses it (private modes, disabled storage). */
export function sessionDraftStore(): DraftStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function draftKey(weekId: string, day: number): string {
  return `mirror.reflection-draft.${weekId}.${day}`;
}

function isDraft(value: unknown): value is ReflectionDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.text === 'string' &&
    typeof draft.writtenAt === 'number' &&
    typeof draft.baseUpdatedAt === 'string'
  );
}

export function readDraft(store: DraftStore | null, key: string): ReflectionDraft | null {
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(store: DraftStore | null, key: string, draft: ReflectionDraft) {
  try {
    store?.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or refused: the autosave is still the main way the text is kept
  }
}

export function removeDraft(store: DraftStore | null, key: string) {
  try {
    store?.removeItem(key);
  } catch {
    // as above
  }
}

/**
 * The text to show instead of the server's, when the draft holds something newer: it differs from the
 * saved text and was written over the very version the server still has, or (should the entry have been
 * saved meanwhile from elsewhere) later than that save by this browser's clock.
 */
export function draftToRestore(
  draft: ReflectionDraft | null,
  entry: { contentText: string; updatedAt: string },
): string | null {
  if (!draft || draft.text === entry.contentText) return null;
  if (draft.baseUpdatedAt === entry.updatedAt) return draft.text;
  const savedAt = Date.parse(entry.updatedAt);
  return Number.isFinite(savedAt) && draft.writtenAt > savedAt ? draft.text : null;
}

/**
 * After a save: the draft goes when it holds exactly what was saved; otherwise (typed on since) it now
 * sits over the new version.
 */
export function afterSave(
  store: DraftStore | null,
  key: string,
  saved: { contentText: string; updatedAt: string },
) {
  const draft = readDraft(store, key);
  if (!draft) return;
  if (draft.text === saved.contentText) removeDraft(store, key);
  else writeDraft(store, key, { ...draft, baseUpdatedAt: saved.updatedAt });
}

/**
 * "Keep both" after a save was refused because another device saved the day meanwhile: both texts, the
 * other device's first (it was saved first), each kept whole and apart by an empty line.
 */
export function mergedTexts(theirs: string, mine: string): string {
  if (theirs.trim() === '') return mine;
  if (mine.trim() === '') return theirs;
  return `${theirs.trimEnd()}\n\n${mine.trimStart()}`;
}

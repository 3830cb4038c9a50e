import { LOCALES } from '@shared/domain/locale';
import type { NewsletterKind } from '@shared/domain/newsletters';
import { ZBilingualContent } from '@shared/schemas/newsletters';
import { z } from 'zod';
import { readStored, writeStored } from './browser';
import type { ComposerState } from './newsletter-composer';

/**
 * The composer's unsaved work, kept in localStorage per staff account and kind, so an expired session, a
 * reload or a closed tab does not lose it. It is newsletter text staff write for the list, not private text.
 * A successful save or send (nothing unsaved left) removes it.
 */

const ZComposerState = z.object({
  draftId: z.string().nullable(),
  version: z.number().int().positive().nullable(),
  name: z.string(),
  content: ZBilingualContent,
});

const ZComposerBackup = z.object({
  state: ZComposerState,
  baseline: ZComposerState.nullable(),
  savedInfo: z.object({ updatedAt: z.string() }).nullable(),
  language: z.enum(LOCALES),
  /** When it was last written (ISO), for "restored your text from …". */
  keptAt: z.string(),
});
export type ComposerBackup = z.infer<typeof ZComposerBackup>;

export function composerBackupKey(staffId: string, kind: NewsletterKind): string {
  return `mirror.admin.composer:${staffId}:${kind}`;
}

/** The kept work, or null when there is none or it is unreadable (an older shape, edited by hand). */
export function readComposerBackup(staffId: string, kind: NewsletterKind): ComposerBackup | null {
  const raw = readStored(composerBackupKey(staffId, kind));
  if (!raw) return null;
  try {
    const parsed = ZComposerBackup.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeComposerBackup(staffId: string, kind: NewsletterKind, backup: ComposerBackup): boolean {
  return writeStored(composerBackupKey(staffId, kind), JSON.stringify(backup));
}

export function clearComposerBackup(staffId: string, kind: NewsletterKind): void {
  try {
    window.localStorage.removeItem(composerBackupKey(staffId, kind));
  } catch {
    // storage disabled: nothing was kept either
  }
}

/** The state to show after "discard": what the kept work was edited from, or the built-in texts. */
export function discardedState(backup: ComposerBackup, defaults: ComposerState): ComposerState {
  return backup.baseline ?? defaults;
}

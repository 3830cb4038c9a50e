import { isLocale, LOCALES, type TLocale } from '@shared/domain/locale';
import { NEWSLETTER_FIELDS, type NewsletterKind } from '@shared/domain/newsletters';
import type { TBilingualContent } from '@shared/schemas/newsletters';
import { readStored, writeStored } from './browser';
import type { ComposerState } from './newsletter-composer';

/**
 * The composer's unsaved work, kept in localStorage per staff account and kind, so an expired session, a
 * reload or a closed tab does not lose it. It is newsletter text staff write for the list, not private text.
 * A successful save or send (nothing unsaved left) removes it.
 */

/** The composer's work as kept: what it shows, what it was edited from, the tab, and when it was kept (ISO). */
export type ComposerBackup = {
  state: ComposerState;
  baseline: ComposerState | null;
  savedInfo: { updatedAt: string } | null;
  language: TLocale;
  keptAt: string;
};

// Checked by hand, not with zod: zod compiles its checks with `new Function`, which the CSP forbids.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isContent(value: unknown): value is TBilingualContent {
  return (
    isRecord(value) &&
    LOCALES.every((locale) => {
      const version = value[locale];
      return isRecord(version) && NEWSLETTER_FIELDS.every((field) => typeof version[field] === 'string');
    })
  );
}

function isComposerState(value: unknown): value is ComposerState {
  return (
    isRecord(value) &&
    (value.draftId === null || typeof value.draftId === 'string') &&
    (value.version === null || (typeof value.version === 'number' && Number.isInteger(value.version))) &&
    typeof value.name === 'string' &&
    isContent(value.content)
  );
}

function isBackup(value: unknown): value is ComposerBackup {
  return (
    isRecord(value) &&
    isComposerState(value.state) &&
    (value.baseline === null || isComposerState(value.baseline)) &&
    (value.savedInfo === null ||
      (isRecord(value.savedInfo) && typeof value.savedInfo.updatedAt === 'string')) &&
    typeof value.language === 'string' &&
    isLocale(value.language) &&
    typeof value.keptAt === 'string'
  );
}

export function composerBackupKey(staffId: string, kind: NewsletterKind): string {
  return `mirror.admin.composer:${staffId}:${kind}`;
}

/** The kept work, or null when there is none or it is unreadable (an older shape, edited by hand). */
export function readComposerBackup(staffId: string, kind: NewsletterKind): ComposerBackup | null {
  const raw = readStored(composerBackupKey(staffId, kind));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isBackup(parsed) ? parsed : null;
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

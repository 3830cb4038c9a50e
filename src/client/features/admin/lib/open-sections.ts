import { ADMIN_SECTIONS, type AdminSection } from '@shared/domain/admin';

/**
 * The open sections of /list as remembered in localStorage (spec §2): a JSON array of section names.
 * Anything unreadable counts as "none open"; unknown names (a section that was renamed) are dropped.
 */

/** The known section names among `names`, in page order, each once. */
export function knownSections(names: readonly unknown[]): AdminSection[] {
  const wanted = new Set(names);
  return ADMIN_SECTIONS.filter((section) => wanted.has(section));
}

export function parseOpenSections(raw: string | null): AdminSection[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(value) ? knownSections(value) : [];
}

/** The value to store: known sections in page order, each once. */
export function serializeOpenSections(sections: readonly string[]): string {
  return JSON.stringify(knownSections(sections));
}

import {
  ID_GENERATOR_DEFAULTS,
  ID_PADDING_MAX,
  ID_PADDING_MIN,
  ID_PREFIX_MAX_LENGTH,
  ID_RECENT_LIMIT,
  type IdGeneratorConfig,
} from '@shared/domain/id-generator';

/**
 * What the ID generator keeps in localStorage (spec §3: config, the used numbers, the recent IDs), read
 * leniently: storage is the staff member's own and may hold anything, so each part falls back to its
 * default on its own and a bad value never breaks the panel.
 */

function parseJson(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The stored configuration; each field that is missing or out of range takes its default. */
export function parseIdConfig(raw: string | null): IdGeneratorConfig {
  const value = parseJson(raw);
  if (typeof value !== 'object' || value === null) return { ...ID_GENERATOR_DEFAULTS };
  const stored = value as Record<string, unknown>;
  const start = isCount(stored.start) && stored.start >= 1 ? stored.start : ID_GENERATOR_DEFAULTS.start;
  const padding =
    isCount(stored.padding) && stored.padding >= ID_PADDING_MIN && stored.padding <= ID_PADDING_MAX
      ? stored.padding
      : ID_GENERATOR_DEFAULTS.padding;
  const prefix =
    typeof stored.prefix === 'string' && stored.prefix.length <= ID_PREFIX_MAX_LENGTH
      ? stored.prefix
      : ID_GENERATOR_DEFAULTS.prefix;
  return { start, prefix, padding };
}

/** The numbers handed out so far; anything that is not a positive whole number is skipped. */
export function parseUsedIds(raw: string | null): Set<number> {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return new Set();
  return new Set(value.filter((item): item is number => isCount(item) && item >= 1));
}

/** The latest IDs, newest first: strings only, each once, at most ID_RECENT_LIMIT. */
export function parseRecentIds(raw: string | null): string[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  const strings = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [...new Set(strings)].slice(0, ID_RECENT_LIMIT);
}

export function serializeUsedIds(used: ReadonlySet<number>): string {
  return JSON.stringify([...used].sort((a, b) => a - b));
}

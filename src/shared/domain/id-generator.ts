/**
 * The admin ID generator (spec §5, §9): random IDs like `#07` that are not handed out twice. Everything it
 * remembers lives in the staff member's browser (localStorage), as in the spec.
 */

export type IdGeneratorConfig = { start: number; prefix: string; padding: number };

export const ID_GENERATOR_DEFAULTS: IdGeneratorConfig = { start: 1, prefix: '#', padding: 2 };
export const ID_PADDING_MIN = 1;
export const ID_PADDING_MAX = 10;
export const ID_PREFIX_MAX_LENGTH = 10;
/** Tries to find an unused number before giving up. */
export const ID_MAX_ATTEMPTS = 1000;
/** How many of the latest IDs are listed. */
export const ID_RECENT_LIMIT = 20;

export type IdConfigError = 'startTooSmall' | 'paddingOutOfRange' | 'startAboveRange';

/** The first problem with a configuration, or null. */
export function checkIdConfig(config: IdGeneratorConfig): IdConfigError | null {
  if (!Number.isInteger(config.start) || config.start < 1) return 'startTooSmall';
  if (
    !Number.isInteger(config.padding) ||
    config.padding < ID_PADDING_MIN ||
    config.padding > ID_PADDING_MAX
  ) {
    return 'paddingOutOfRange';
  }
  if (config.start > idRangeEnd(config.padding)) return 'startAboveRange';
  return null;
}

/** The largest number that fits the padding: 10^padding - 1. */
export function idRangeEnd(padding: number): number {
  return 10 ** padding - 1;
}

export function formatId(config: IdGeneratorConfig, value: number): string {
  return `${config.prefix}${String(value).padStart(config.padding, '0')}`;
}

export type GenerateIdResult =
  | { ok: true; id: string; value: number }
  | { ok: false; error: IdConfigError | 'exhausted' };

/**
 * A random number between start and 10^padding - 1 that is not in `used`, formatted; up to ID_MAX_ATTEMPTS
 * tries ('exhausted' when none was free). `random` returns a number in [0, 1).
 */
export function generateId(
  config: IdGeneratorConfig,
  used: ReadonlySet<number>,
  random: () => number = Math.random,
): GenerateIdResult {
  const problem = checkIdConfig(config);
  if (problem) return { ok: false, error: problem };
  const span = idRangeEnd(config.padding) - config.start + 1;
  for (let attempt = 0; attempt < ID_MAX_ATTEMPTS; attempt += 1) {
    const value = config.start + Math.floor(random() * span);
    if (!used.has(value)) return { ok: true, id: formatId(config, value), value };
  }
  return { ok: false, error: 'exhausted' };
}

/** The recent list after a new ID: newest first, at most ID_RECENT_LIMIT. */
export function pushRecentId(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((existing) => existing !== id)].slice(0, ID_RECENT_LIMIT);
}

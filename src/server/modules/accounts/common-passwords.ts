import ranked from './common-passwords.json';

/**
 * The 10,000 most common passwords of 6 to 128 characters, lowercased (scripts/generate-common-passwords.mjs
 * documents the source). Loaded once; a lookup is a Set hit.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(ranked);

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

/** Case-insensitive: "Password" is as weak as "password". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Text PostgreSQL cannot store and no person types: NUL, and UTF-16 surrogates that are not part of a pair
 * (JSON can spell them as `\ud800`; they have no UTF-8 form).
 */
export function isValidText(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

type Issue = { path: string; code: 'invalid_text'; message: string };

const MAX_DEPTH = 64;

/** The first string (value or key) in `value` that is not valid text, as a dotted path. */
function findInvalidText(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return isValidText(value) ? null : path;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (!isValidText(key)) return [...path, '(key)'];
    const found = findInvalidText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The validation issue for the first piece of `data` (a request's parsed body, query or path parameters)
 * that is not valid Unicode text, or null. PostgreSQL refuses such text with an error, so the API answers
 * 400 before a route can try to store it.
 */
export function invalidTextIssue(data: unknown): Issue | null {
  const found = findInvalidText(data, []);
  if (!found) return null;
  return {
    path: found.join('.'),
    code: 'invalid_text',
    message: 'contains a NUL character or an unpaired surrogate',
  };
}

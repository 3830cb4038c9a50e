/** Stable error codes of the API; each has the translation key `errors.<code>`. */
export const API_ERROR_CODES = [
  'validation',
  'not_found',
  'internal',
  'rate_limited',
  'unavailable',
] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];

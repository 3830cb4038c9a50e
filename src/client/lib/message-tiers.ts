// Relative, not @shared: the build's Vite config (scripts/vite-message-tiers.ts) loads this file too.
import { STAFF_ONLY_ERROR_CODES } from '../../shared/domain/api-errors';
/**
 * The translations come in two chunks per language (decision 030): `public`, everything the public pages
 * need, which is all a first visit downloads, and `rest`, the texts of the signed-in app and the staff
 * area (most of the bytes), loaded with the first page that needs them. A key goes to `rest` only when its
 * first segment is listed here, so a new key is public unless said otherwise: a public page never shows a
 * raw key, at worst it downloads a few bytes more.
 */
export const REST_PREFIXES: ReadonlySet<string> = new Set([
  'admin',
  'bubbles',
  'byebye',
  'dashboard',
  'gdpr',
  'history',
  'historyWeek',
  'insight',
  'insights',
  'lane',
  'mailOff',
  'onboarding',
  'reflection',
  'settings',
  'status',
  'testHome',
  'topics',
]);

export type MessageTier = 'public' | 'rest';

/** The error texts only staff meet go with the rest too (their codes: `STAFF_ONLY_ERROR_CODES`). */
const STAFF_ERROR_KEYS: ReadonlySet<string> = new Set(
  [...STAFF_ONLY_ERROR_CODES].map((code) => `errors.${code}`),
);

export function messageTier(key: string): MessageTier {
  if (STAFF_ERROR_KEYS.has(key)) return 'rest';
  return REST_PREFIXES.has(key.split('.', 1)[0] ?? '') ? 'rest' : 'public';
}

/** The messages of one tier, in their order. */
export function messagesOfTier(messages: Record<string, string>, tier: MessageTier): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => messageTier(key) === tier));
}

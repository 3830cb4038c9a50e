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

export function messageTier(key: string): MessageTier {
  return REST_PREFIXES.has(key.split('.', 1)[0] ?? '') ? 'rest' : 'public';
}

/** The messages of one tier, in their order. */
export function messagesOfTier(messages: Record<string, string>, tier: MessageTier): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => messageTier(key) === tier));
}

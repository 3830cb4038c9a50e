/**
 * Rules of the staff area (spec §2 admin, §4 admin session, §9) that the server and the browser share.
 * Staff are not users: they sign in separately, with their own sessions and their own cookie.
 */

const MINUTE_MS = 60_000;

/** Spec §9: an admin session lasts 8 hours from sign-in (absolute, not sliding). */
export const ADMIN_SESSION_MS = 8 * 60 * MINUTE_MS;

/**
 * "Stay signed in" moves a session's end to 8 hours from now, but never past this long after sign-in
 * (decision 047): a stolen cookie cannot be kept alive for ever.
 */
export const ADMIN_SESSION_MAX_MS = 24 * 60 * MINUTE_MS;

/** Staff are warned this long before their session ends. */
export const ADMIN_SESSION_WARNING_MS = 10 * MINUTE_MS;

/** Second-factor codes tried per client address, whatever the session (against guessing across sessions). */
export const STAFF_SECOND_FACTOR_RATE_LIMIT = { limit: 20, windowMs: 15 * MINUTE_MS };

/** The live waiting-list stream sends a comment this often, so proxies keep it open (and dead ones end). */
export const ADMIN_EVENTS_HEARTBEAT_MS = 25_000;
/** The browser reconnects a broken stream after these delays, the last one repeating. */
export const ADMIN_EVENTS_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** The expandable sections of /list (spec §2), in the order they are shown. */
export const ADMIN_SECTIONS = [
  'contentManagement',
  'seoManagement',
  'newsletterComposer',
  'newsletterList',
  'people',
  'gdprEmail',
  'manualGdprSender',
  'apiSettings',
  'videoUpload',
  'idGenerator',
  'emailRouting',
  'suppressionList',
  'emailSystemTest',
  'staffAccounts',
  'auditLog',
  'account',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The open sections of /list, remembered in this browser (spec §2) in a cookie rather than localStorage, so
 * that the server can start loading what an open section shows with the page (decision 050): the names,
 * comma-separated, a year long.
 */
export const ADMIN_OPEN_SECTIONS_COOKIE = 'mirror-admin-sections';
export const ADMIN_OPEN_SECTIONS_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The known section names among `names`, in page order, each once. */
export function knownSections(names: readonly unknown[]): AdminSection[] {
  const wanted = new Set(names);
  return ADMIN_SECTIONS.filter((section) => wanted.has(section));
}

/** The known section names in a cookie value, in page order, each once; anything else is dropped. */
export function parseOpenSectionsCookie(value: string | undefined): AdminSection[] {
  return knownSections((value ?? '').split(','));
}

/**
 * Reads of the staff API that a staff page's HTML has the browser start (decisions 050, 060), below
 * `/api/admin`. The page's code asks for the same addresses: a preload is only taken over by a fetch() of the
 * very same address, so both spell it here.
 */
export const ADMIN_SESSION_PATH = '/session';
export const DIRECT_INVITATIONS_PATH = '/invitations/direct';

/** A CMS or SEO page of the staff API, which its reads, saves and publishing are below. */
export function contentPagePath(target: { kind: string; page: string }): string {
  return `/content/${encodeURIComponent(target.kind)}/${encodeURIComponent(target.page)}`;
}

/** A CMS or SEO page's texts in one language, as staff edit them. */
export function contentReadPath(target: { kind: string; page: string; locale: string }): string {
  return `${contentPagePath(target)}?locale=${target.locale}`;
}

/** localStorage keys of the admin area (spec §3 local storage). The session is a cookie, not one of them. */
export const ADMIN_STORAGE_KEYS = {
  idGeneratorConfig: 'mirror.admin.idGenerator.config',
  idGeneratorUsed: 'mirror.admin.idGenerator.used',
  idGeneratorRecent: 'mirror.admin.idGenerator.recent',
} as const;

/** Longest value a CMS text or SEO field may hold (the SEO maximums of §9 are advice, shown by counters). */
export const CMS_VALUE_MAX_LENGTH = 10_000;

/** How a stored secret is shown after it is set: the first 3 and last 4 characters, the rest hidden. */
export function maskSecret(secret: string): string {
  // By characters, not UTF-16 units, so an end never splits a character in two.
  const value = Array.from(secret.trim());
  if (value.length <= 8) return '•'.repeat(8);
  return `${value.slice(0, 3).join('')}${'•'.repeat(8)}${value.slice(-4).join('')}`;
}

/**
 * Spec §5: the provider key must not be blank once trimmed. It goes into an HTTP header, so it is also one
 * run of visible ASCII characters, as every provider's keys are (a pasted key with a space or an emoji in it
 * is not one).
 */
export function isValidApiKey(value: string): boolean {
  return /^[\x21-\x7e]+$/.test(value.trim());
}

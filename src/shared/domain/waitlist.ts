/**
 * The waiting-list rules both sides apply (spec §5): the order of the checks, e-mail normalisation and
 * the e-mail pattern. The browser keeps its attempt counter in localStorage; the server has its own
 * limits per IP and per address in the database.
 */

/** Spec §9: at most 3 attempts per hour, at least 5 seconds apart. */
export const WAITLIST_ATTEMPTS_PER_HOUR = 3;
export const WAITLIST_MIN_GAP_MS = 5000;
export const HOUR_MS = 60 * 60 * 1000;

/** Where an address on the list stands: joined, confirmed by the e-mail link, or unsubscribed. */
export const WAITLIST_STATUSES = ['unconfirmed', 'confirmed', 'unsubscribed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Bump when the consent text changes; each sign-up stores the version it agreed to. */
export const CONSENT_TEXT_VERSION = '2026-11-22';

export const WAITLIST_ERROR_CODES = [
  'somethingWrong',
  'consent',
  'tooManyAttempts',
  'pleaseWait',
  'emailRequired',
  'invalidEmail',
  'alreadyOnList',
  'tryAgain',
] as const;
export type WaitlistErrorCode = (typeof WAITLIST_ERROR_CODES)[number];

export function isWaitlistErrorCode(value: unknown): value is WaitlistErrorCode {
  return typeof value === 'string' && (WAITLIST_ERROR_CODES as readonly string[]).includes(value);
}

/** What the join request reports back (spec §8). */
export const WAITLIST_JOIN_RESULTS = ['confirmation_sent', 'confirmation_failed', 'held'] as const;
export type WaitlistJoinResult = (typeof WAITLIST_JOIN_RESULTS)[number];

/** The address as stored: trimmed and lowercased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/**
 * An address someone can receive mail at: local@domain.tld with no spaces, the lengths of RFC 5321, dotted
 * atoms (no quoted local parts, no IP literals), and internationalised addresses (RFC 6531).
 */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels.at(-1) ?? '');
}

/** The browser's record of recent attempts (spec §5 checks 3 and 4). */
export type AttemptLog = { windowStartedAt: number; count: number; lastAttemptAt: number | null };

export const EMPTY_ATTEMPT_LOG: AttemptLog = { windowStartedAt: 0, count: 0, lastAttemptAt: null };

export type JoinForm = { honeypot: string; consent: boolean; email: string };

export type JoinCheck = { ok: true; email: string } | { ok: false; error: WaitlistErrorCode };

/**
 * Checks a sign-up in the order of spec §5: honeypot, consent, attempts per hour, gap since the last attempt,
 * e-mail present, e-mail valid. The first failing check wins.
 */
export function checkJoin(form: JoinForm, attempts: AttemptLog, now: number): JoinCheck {
  if (form.honeypot !== '') return { ok: false, error: 'somethingWrong' };
  if (!form.consent) return { ok: false, error: 'consent' };
  const inWindow = now - attempts.windowStartedAt < HOUR_MS;
  if (inWindow && attempts.count >= WAITLIST_ATTEMPTS_PER_HOUR)
    return { ok: false, error: 'tooManyAttempts' };
  if (attempts.lastAttemptAt !== null && now - attempts.lastAttemptAt < WAITLIST_MIN_GAP_MS) {
    return { ok: false, error: 'pleaseWait' };
  }
  const email = normalizeEmail(form.email);
  if (email === '') return { ok: false, error: 'emailRequired' };
  if (!isValidEmail(email)) return { ok: false, error: 'invalidEmail' };
  return { ok: true, email };
}

/** Counts an attempt that was sent to the server; the counter starts again every hour. */
export function recordAttempt(attempts: AttemptLog, now: number): AttemptLog {
  const inWindow = now - attempts.windowStartedAt < HOUR_MS;
  return inWindow
    ? { windowStartedAt: attempts.windowStartedAt, count: attempts.count + 1, lastAttemptAt: now }
    : { windowStartedAt: now, count: 1, lastAttemptAt: now };
}

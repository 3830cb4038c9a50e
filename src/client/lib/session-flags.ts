/**
 * Session storage flags of spec §3/§4. Values are small JSON or '1'; anything unreadable counts as absent
 * (storage can be disabled or full, and a bad value must never break a page).
 */
import { REVEALED_COOKIE } from '@shared/ssr';

const PREFIX = 'mirror.';

export const SESSION_FLAGS = {
  revealed: `${PREFIX}revealed`,
  homeForceClear: `${PREFIX}homeForceClear`,
  fromTransition: `${PREFIX}fromTransition`,
  /** Across the reload of a language switch on the landing (decision 059): saved, or saving failed. */
  localeSwitched: `${PREFIX}localeSwitched`,
  localeSaveFailed: `${PREFIX}localeSaveFailed`,
  /** The visitor paused the background video (WCAG 2.2.2): it stays paused across reloads and languages. */
  videoPaused: `${PREFIX}videoPaused`,
} as const;
export type SessionFlag = keyof typeof SESSION_FLAGS;

export function readFlag(flag: SessionFlag): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_FLAGS[flag]) !== null;
  } catch {
    return false;
  }
}

export function setFlag(flag: SessionFlag) {
  try {
    window.sessionStorage.setItem(SESSION_FLAGS[flag], '1');
  } catch {
    // private mode or full storage: the flag simply does not persist
  }
  // The server renders the veil or not from this session cookie (no Max-Age: it ends with the session).
  if (flag === 'revealed') setCookieForNextRequest(`${REVEALED_COOKIE}=1; Path=/; SameSite=Lax`);
}

/**
 * Sets a cookie that the very next request must carry, even a navigation started at once. Chromium hands a
 * `document.cookie` write to its cookie store asynchronously, on a path of its own, so a navigation started
 * in the same task can reach the server without it (decision 061). Reading the cookies back waits until the
 * write has landed. public/boot.js has the same function.
 */
export function setCookieForNextRequest(cookie: string): string {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet
  document.cookie = cookie;
  return document.cookie;
}

/** Sets the flag when `set`, clears it otherwise. */
export function keepFlag(flag: SessionFlag, set: boolean) {
  if (set) setFlag(flag);
  else clearFlag(flag);
}

export function clearFlag(flag: SessionFlag) {
  try {
    window.sessionStorage.removeItem(SESSION_FLAGS[flag]);
  } catch {
    // as above
  }
}

/**
 * JSON-valued flags of spec §4's new-bubble highlight: `previousBubbleCount` holds `{ [category]: count }` (the
 * person's real bubbles before answering), `justAdded` holds `{ timestamp, category }`. Their shape is checked
 * by whoever reads them (features/bubbles/lib/highlight.ts).
 */
export const JSON_SESSION_FLAGS = {
  previousBubbleCount: `${PREFIX}previousBubbleCount`,
  justAdded: `${PREFIX}justAdded`,
} as const;
export type JsonSessionFlag = keyof typeof JSON_SESSION_FLAGS;

/** The parsed value, or null when absent, unreadable or not JSON (spec §4: bad JSON is ignored silently). */
export function readJsonFlag(flag: JsonSessionFlag): unknown {
  try {
    const raw = window.sessionStorage.getItem(JSON_SESSION_FLAGS[flag]);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

export function writeJsonFlag(flag: JsonSessionFlag, value: unknown) {
  try {
    window.sessionStorage.setItem(JSON_SESSION_FLAGS[flag], JSON.stringify(value));
  } catch {
    // as above
  }
}

export function clearJsonFlag(flag: JsonSessionFlag) {
  try {
    window.sessionStorage.removeItem(JSON_SESSION_FLAGS[flag]);
  } catch {
    // as above
  }
}

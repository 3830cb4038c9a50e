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
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet
  if (flag === 'revealed') document.cookie = `${REVEALED_COOKIE}=1; Path=/; SameSite=Lax`;
}

export function clearFlag(flag: SessionFlag) {
  try {
    window.sessionStorage.removeItem(SESSION_FLAGS[flag]);
  } catch {
    // as above
  }
}

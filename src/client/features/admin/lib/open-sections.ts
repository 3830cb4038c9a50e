import {
  ADMIN_OPEN_SECTIONS_COOKIE,
  ADMIN_OPEN_SECTIONS_MAX_AGE_S,
  type AdminSection,
  knownSections,
  parseOpenSectionsCookie,
} from '@shared/domain/admin';
import { href } from '@shared/routes';

/**
 * The open sections of /list, remembered in this browser (spec §2) in a cookie that only /list is sent
 * (decision 050): the server reads it to start loading what an open section shows with the page.
 */

/** The sections remembered in `cookies` (`document.cookie`); none when there is no such cookie. */
export function readOpenSections(cookies: string): AdminSection[] {
  const prefix = `${ADMIN_OPEN_SECTIONS_COOKIE}=`;
  const pair = cookies.split(/;\s*/).find((part) => part.startsWith(prefix));
  return parseOpenSectionsCookie(pair?.slice(prefix.length));
}

/** The `document.cookie` assignment that remembers `sections` (known ones, in page order, each once). */
export function openSectionsCookie(sections: readonly string[]): string {
  const value = knownSections(sections).join(',');
  return `${ADMIN_OPEN_SECTIONS_COOKIE}=${value}; Path=${href('adminList')}; Max-Age=${ADMIN_OPEN_SECTIONS_MAX_AGE_S}; SameSite=Lax`;
}

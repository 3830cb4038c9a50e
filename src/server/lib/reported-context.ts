import { isValidTimeZone } from '@shared/domain/journal';
import { isLocale, LOCALE_COOKIE, type TLocale } from '@shared/domain/locale';
import { TIME_ZONE_HEADER } from '@shared/schemas/journal';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The zone the browser reports with a request, when it is a real IANA zone (decision 015). */
export function reportedTimeZone(c: Context): string | undefined {
  const zone = c.req.header(TIME_ZONE_HEADER);
  return zone && isValidTimeZone(zone) ? zone : undefined;
}

/** The language the person uses (the locale cookie), kept on the profile for their e-mails (issue 14). */
export function reportedLocale(c: Context): TLocale | undefined {
  const locale = getCookie(c, LOCALE_COOKIE);
  return isLocale(locale) ? locale : undefined;
}

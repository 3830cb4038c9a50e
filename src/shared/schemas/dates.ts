import { z } from 'zod';
import { isCalendarDate, isInstant } from '../domain/calendar';

/**
 * The one way a schema takes a day or an instant (decision 034). zod's own formats already refuse
 * 2026-02-30 and 24:00, but take the year 0000 (and instants past 9999 in UTC) that PostgreSQL refuses; these
 * add the calendar check, with zod's own issue code, so an impossible date is one more 400 `validation`.
 */

/** `YYYY-MM-DD`, a day of the calendar (0001-01-01 to 9999-12-31). */
export function isoDate() {
  return z.iso.date().check((ctx) => {
    if (ctx.issues.length === 0 && !isCalendarDate(ctx.value))
      ctx.issues.push({ code: 'invalid_format', format: 'date', input: ctx.value, message: 'no such day' });
  });
}

/** An ISO date-time (as `z.iso.datetime(options)` takes it) that is a real instant of years 0001–9999. */
export function isoDateTime(options?: Parameters<typeof z.iso.datetime>[0]) {
  return z.iso.datetime(options).check((ctx) => {
    if (ctx.issues.length === 0 && !isInstant(ctx.value))
      ctx.issues.push({
        code: 'invalid_format',
        format: 'datetime',
        input: ctx.value,
        message: 'no such instant',
      });
  });
}

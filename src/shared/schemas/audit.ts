import { z } from 'zod';
import { isoDateTime } from './dates';

/** The audit log for owners (`/api/admin/audit`): who did what, when, newest first, filtered and paged. */

export const AUDIT_PAGE_SIZE = 50;

export const ZAuditQuery = z.object({
  /** A staff member's address, as the log keeps it (also after the account is removed). */
  staff: z.string().trim().max(320).optional(),
  action: z.string().trim().max(100).optional(),
  /** The `nextCursor` of the page before. */
  after: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  at: isoDateTime({ offset: true }),
  /** Null for a failed sign-in with an address that is not staff. */
  staffEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** What the filters offer: every staff address and every action in the log. */
export const ZAuditFilters = z.object({ staff: z.array(z.string()), actions: z.array(z.string()) });
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

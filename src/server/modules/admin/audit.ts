import { desc } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin';

/** The staff member behind a change; null for failed sign-ins, where nobody is signed in. */
export type AuditActor = { id: string; email: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  /** A stable verb: `login`, `login_failed`, `waitlist.delete`, `cms.publish`, `mail.settings.update`, ... */
  action: string;
  /** What was changed: `cms:home:de`, `waitlist:3 entries`, an e-mail address, ... */
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  at: Date;
};

/**
 * Writes one audit record. Pass the transaction of the change, so that the record exists exactly when the
 * change does.
 */
export async function recordAudit(db: DbExecutor, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    staffId: entry.actor?.id ?? null,
    staffEmail: entry.actor?.email ?? null,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ip ?? null,
    createdAt: entry.at,
  });
}

/** The latest audit records, newest first. */
export function latestAudit(db: DbExecutor, limit = 100) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}

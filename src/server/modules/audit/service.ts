import type { TAuditFilters, TAuditPage, TAuditQuery } from '@shared/schemas/audit';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  isPostgresTimestamp,
  type KeysetCursor,
} from '../../lib/keyset-cursor';

/**
 * Reading the audit log (decision 022): the rows every admin change writes in its own transaction
 * (`recordAudit`), newest first, by staff member and action, a page at a time (keyset on time and id, with
 * an index for each filter).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor whose time PostgreSQL reads and whose id is a uuid; anything else answers `validation`. */
function decodeCursor(text: string): KeysetCursor | null {
  const cursor = decodeKeysetCursor(text);
  return cursor && isPostgresTimestamp(cursor.key) && UUID.test(cursor.id) ? cursor : null;
}

export async function listAudit(
  db: Database,
  query: TAuditQuery,
): Promise<{ ok: true; page: TAuditPage } | { ok: false; error: 'validation' }> {
  const cursor = query.after ? decodeCursor(query.after) : null;
  if (query.after && !cursor) return { ok: false, error: 'validation' };
  const rows = await db
    .select({
      id: adminAuditLog.id,
      createdAt: adminAuditLog.createdAt,
      cursorAt: sql<string>`${adminAuditLog.createdAt}::text`,
      staffEmail: adminAuditLog.staffEmail,
      action: adminAuditLog.action,
      target: adminAuditLog.target,
      details: adminAuditLog.details,
      ipAddress: adminAuditLog.ipAddress,
    })
    .from(adminAuditLog)
    .where(
      and(
        query.staff ? eq(adminAuditLog.staffEmail, query.staff.toLowerCase()) : undefined,
        query.action ? eq(adminAuditLog.action, query.action) : undefined,
        cursor
          ? sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${adminAuditLog.createdAt} desc`, sql`${adminAuditLog.id} desc`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ok: true,
    page: {
      entries: page.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        staffEmail: row.staffEmail,
        action: row.action,
        target: row.target,
        details: row.details,
        ipAddress: row.ipAddress,
      })),
      nextCursor:
        rows.length > query.limit && last ? encodeKeysetCursor({ key: last.cursorAt, id: last.id }) : null,
    },
  };
}

/** Every staff address and every action that appears in the log, for the filters. */
export async function auditFilters(db: Database): Promise<TAuditFilters> {
  const [staff, actions] = await Promise.all([
    db
      .selectDistinct({ email: adminAuditLog.staffEmail })
      .from(adminAuditLog)
      .where(isNotNull(adminAuditLog.staffEmail))
      .orderBy(asc(adminAuditLog.staffEmail)),
    db
      .selectDistinct({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .orderBy(asc(adminAuditLog.action)),
  ]);
  return {
    staff: staff.flatMap((row) => (row.email ? [row.email] : [])),
    actions: actions.map((row) => row.action),
  };
}

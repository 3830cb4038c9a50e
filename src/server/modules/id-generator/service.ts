import { randomInt } from 'node:crypto';
import {
  checkIdConfig,
  formatId,
  ID_MAX_ATTEMPTS,
  type IdConfigError,
  type IdGeneratorConfig,
  idRangeEnd,
} from '@shared/domain/id-generator';
import type { TIssuedId } from '@shared/schemas/id-generator';
import { count, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { issuedIds } from '../../db/schema/id-generator';
import { type AuditActor, recordAudit } from '../admin/audit';

/**
 * The ID generator on the server (issue 16): a random number in the configured range whose formatted ID was
 * never issued, written in the same statement that checks it (`ON CONFLICT DO NOTHING` on the unique
 * formatted ID), so two staff members asking at the same moment, on any app process, get different IDs.
 */

type Change = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };
/** Candidates tried per round trip. */
const BATCH = 32;

function toIssued(row: typeof issuedIds.$inferSelect): TIssuedId {
  return { id: row.formatted, issuedBy: row.issuedBy, issuedAt: row.issuedAt.toISOString() };
}

export async function issueId(
  db: Database,
  input: Change & { config: IdGeneratorConfig },
): Promise<{ ok: true; issued: TIssuedId } | { ok: false; error: IdConfigError | 'exhausted' }> {
  const problem = checkIdConfig(input.config);
  if (problem) return { ok: false, error: problem };
  const { config } = input;
  const end = idRangeEnd(config.padding);
  for (let tried = 0; tried < ID_MAX_ATTEMPTS; tried += BATCH) {
    const values = [...new Set(Array.from({ length: BATCH }, () => randomInt(config.start, end + 1)))];
    const formatted = values.map((value) => formatId(config, value));
    const taken = new Set(
      (
        await db
          .select({ formatted: issuedIds.formatted })
          .from(issuedIds)
          .where(inArray(issuedIds.formatted, formatted))
      ).map((row) => row.formatted),
    );
    for (const [index, id] of formatted.entries()) {
      if (taken.has(id)) continue;
      const issued = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(issuedIds)
          .values({
            formatted: id,
            value: values[index] as number,
            issuedBy: input.actor.email,
            issuedAt: input.now,
          })
          .onConflictDoNothing({ target: issuedIds.formatted })
          .returning();
        if (!row) return null;
        await recordAudit(tx, {
          actor: input.actor,
          action: 'id.issue',
          target: id,
          ip: input.ip,
          at: input.now,
        });
        return row;
      });
      // Someone else took it between the check and the insert: try the next candidate.
      if (issued) return { ok: true, issued: toIssued(issued) };
    }
  }
  return { ok: false, error: 'exhausted' };
}

/** The latest issued IDs, newest first, and how many were issued in all. */
export async function listIssuedIds(db: Database, limit = 100): Promise<{ ids: TIssuedId[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(issuedIds).orderBy(desc(issuedIds.issuedAt), desc(issuedIds.id)).limit(limit),
    db.select({ value: count() }).from(issuedIds),
  ]);
  return { ids: rows.map(toIssued), total: total?.value ?? 0 };
}

/** Forgets every issued ID (they may be issued again), audited. */
export async function resetIssuedIds(db: Database, input: Change): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(issuedIds).returning({ id: issuedIds.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'id.reset',
      target: `ids:${deleted.length}`,
      ip: input.ip,
      at: input.now,
    });
    return deleted.length;
  });
}

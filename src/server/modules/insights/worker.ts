import { and, asc, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { weeks } from '../../db/schema/journal';
import { startIntervalWorker, type Worker } from '../../lib/worker';
import { type InsightsDeps, makeWeekInsight } from './service';

/**
 * Makes the insights that fall due (issue 14, decision 026), in every app process: weeks whose
 * `insight_due_at` has come are claimed with a lease (FOR UPDATE SKIP LOCKED, then `insight_lease_until`),
 * so no two processes make the same one; a process that dies leaves its claim to run out and be taken
 * over. A few weeks at a time, since each may wait for the model.
 */

export const INSIGHT_INTERVAL_MS = 15_000;
const CONCURRENCY = 3;
/** Weeks made per run at most, so one run of a backlog ends and the next picks up. */
const MAX_PER_RUN = 300;

function leaseMs(deps: InsightsDeps): number {
  return Math.max(120_000, 2 * (deps.ai?.timeoutMs ?? 0) + 30_000);
}

/** Claims up to `limit` due weeks: their ids and the lease they are held under. */
async function claimDueWeeks(deps: InsightsDeps, limit: number): Promise<{ ids: string[]; lease: Date }> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + leaseMs(deps));
  const due = deps.db
    .select({ id: weeks.id })
    .from(weeks)
    .where(
      and(
        lte(weeks.insightDueAt, now),
        or(isNull(weeks.insightLeaseUntil), lt(weeks.insightLeaseUntil, now)),
      ),
    )
    .orderBy(asc(weeks.insightDueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(weeks)
    .set({ insightLeaseUntil: lease })
    .where(inArray(weeks.id, due))
    .returning({ id: weeks.id });
  return { ids: claimed.map((row) => row.id), lease };
}

/** Makes every insight due now, a few at a time. Answers how many were made. */
export async function makeDueInsights(deps: InsightsDeps): Promise<number> {
  let made = 0;
  for (let handled = 0; handled < MAX_PER_RUN; ) {
    const { ids, lease } = await claimDueWeeks(deps, CONCURRENCY);
    if (ids.length === 0) break;
    handled += ids.length;
    const outcomes = await Promise.all(
      ids.map((weekId) =>
        makeWeekInsight(deps, { weekId, lease }).catch((error: unknown) => {
          // Logged without the week's text; the claim runs out and the week is tried again.
          deps.logger.error({ err: error, weekId }, 'insight could not be made');
          return 'failed' as const;
        }),
      ),
    );
    made += outcomes.filter((outcome) => outcome === 'made').length;
  }
  if (made > 0) deps.logger.info({ made }, 'weekly insights made');
  return made;
}

/** Looks for due insights every 15 seconds, the first time a few seconds after start. */
export function startInsightWorker(deps: InsightsDeps): Worker {
  return startIntervalWorker({
    name: 'insights',
    intervalMs: INSIGHT_INTERVAL_MS,
    firstRunMs: 2000,
    logger: deps.logger,
    task: async () => {
      await makeDueInsights(deps);
    },
  });
}

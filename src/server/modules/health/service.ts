import type { TReadiness } from '@shared/schemas/site';
import { appliedMigration, type Database, type MigrationLevel, pingDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Lifecycle } from '../../lib/lifecycle';
import type { MetricsSources } from '../../lib/metrics';
import type { Storage } from '../../lib/storage/storage';
import { succeedsWithin } from '../../lib/succeeds-within';
import { countSendingCampaigns } from '../campaigns/service';
import { readOutboxBacklog } from '../mail/service';

export type ReadinessDeps = {
  db: Database;
  storage: Storage;
  lifecycle: Lifecycle;
  /** The newest migration this code was built with; the database must have it. */
  migrations: MigrationLevel;
};

const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process should get traffic: the database answers and has every migration this code needs
 * (a newer one, from a newer version rolling out, is fine), and storage can be used. While shutting down
 * nothing is checked: the answer is no.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<TReadiness> {
  if (deps.lifecycle.shuttingDown) return { status: 'shutting_down' };
  const [database, storage] = await Promise.all([
    pingDatabase(deps.db, CHECK_TIMEOUT_MS),
    succeedsWithin(() => deps.storage.check(), CHECK_TIMEOUT_MS),
  ]);
  let migrations: 'ok' | 'pending' | 'unknown' = 'unknown';
  if (database) {
    let applied: number | null | undefined;
    const read = await succeedsWithin(async () => {
      applied = await appliedMigration(deps.db);
    }, CHECK_TIMEOUT_MS);
    if (read) migrations = applied != null && applied >= deps.migrations.createdAt ? 'ok' : 'pending';
  }
  // Shutdown may have begun while the checks ran: the answer is then the same as had it begun before.
  if (deps.lifecycle.shuttingDown) return { status: 'shutting_down' };
  const checks = {
    database: database ? ('ok' as const) : ('failed' as const),
    migrations,
    storage: storage ? ('ok' as const) : ('failed' as const),
  };
  const ready = database && migrations === 'ok' && storage;
  return { status: ready ? 'ready' : 'unavailable', checks };
}

/** The database figures `GET /metrics` reports, read at each scrape. */
export function databaseMetricsSources(deps: { db: Database; clock: Clock }): MetricsSources {
  return {
    outboxBacklog: () => readOutboxBacklog(deps.db, deps.clock.now()),
    campaignsSending: () => countSendingCampaigns(deps.db),
  };
}

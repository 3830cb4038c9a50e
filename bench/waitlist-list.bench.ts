// The staff waiting list at scale (issue 16, decision 044): 100,000 subscribers (BENCH_SMOKE=1: 10,000), and
// one list page as the route computes it (`listWaitlistPage`: the page of 50 with its invitation join, the
// matching total and the list total) for the first page, a search, a filter, the last and the middle page. Baseline, in
// the same run on the same database: a plain indexed `SELECT … ORDER BY created_at DESC LIMIT 50`. Goal:
// p95 under 50 ms. In process (no HTTP), on the embedded PGlite, then on PostgreSQL when installed.
import './support/production-env.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openPgliteDatabase, openPostgresDatabase } from '../src/server/db/client';
import { waitingList } from '../src/server/db/schema/waitlist';
import { listWaitlistPage } from '../src/server/modules/waitlist/list-service';
import { onPgliteAndPostgres, runBenchmark } from './support/app.mjs';
import { withMigratedDatabase } from './support/migrated-data-dir.mjs';
import { reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = SMOKE ? 10_000 : 100_000;
const REQUESTS = SMOKE ? 30 : 200;
const WARMUP = SMOKE ? 5 : 20;
const MIGRATIONS = path.resolve(import.meta.dirname, '../src/server/db/migrations');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function seed(handle: DatabaseHandle) {
  const start = Date.UTC(2026, 0, 1);
  const statuses = ['unconfirmed', 'confirmed', 'confirmed', 'unsubscribed'] as const;
  for (let offset = 0; offset < ROWS; offset += 2000) {
    const rows = Array.from({ length: Math.min(2000, ROWS - offset) }, (_, index) => {
      const n = offset + index;
      const at = new Date(start + n * 60_000);
      return {
        email: `person${n}.${n % 13 === 0 ? 'mueller' : 'smith'}@example${n % 7}.com`,
        language: n % 3 === 0 ? 'de' : 'en',
        status: statuses[n % 4] as (typeof statuses)[number],
        createdAt: at,
        updatedAt: at,
        consentAt: at,
        consentTextVersion: '2026-11-22',
      };
    });
    await handle.db.insert(waitingList).values(rows);
  }
  await handle.db.execute(sql`analyze`);
}

async function measure(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const began = performance.now();
    await run();
    times.push(performance.now() - began);
  }
  return percentile(times, 95);
}

async function scenario(database: { databaseUrl: string | undefined; label: string }, workDir: string) {
  const handle = database.databaseUrl
    ? openPostgresDatabase(database.databaseUrl)
    : await openPgliteDatabase(await withMigratedDatabase(fs.mkdtempSync(path.join(workDir, 'pglite-'))));
  try {
    await handle.migrate(MIGRATIONS);
    await handle.db.delete(waitingList);
    await seed(handle);
    const now = new Date();
    const baseline = await measure(() =>
      handle.db.execute(
        sql`select id, email, created_at from waiting_list order by created_at desc limit 50`,
      ),
    );
    const cases = {
      'first page': {},
      'search "mueller"': { q: 'mueller' },
      'filter confirmed, German': { status: 'confirmed', language: 'de' },
      'deep page (last)': { page: Math.ceil(ROWS / 50) },
      // The worst case since back pages are read from the end: the middle, half the list skipped either way.
      'deep page (middle)': { page: Math.ceil(ROWS / 100) },
    } as const;
    for (const [name, query] of Object.entries(cases)) {
      const p95 = await measure(() => listWaitlistPage(handle.db, query, now));
      reportResult({
        bench: BENCH,
        name: `list page p95, ${name}, ${ROWS.toLocaleString('en')} subscribers${database.label}`,
        value: Math.round(p95 * 10) / 10,
        unit: 'ms',
        baseline: Math.round(baseline * 10) / 10,
        baselineName: 'plain indexed SELECT … LIMIT 50, p95',
        better: 'lower',
        goal: '< 50 ms',
      });
    }
  } finally {
    await handle.close();
  }
}

await runBenchmark(BENCH, async (_workDir, servers) => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-waitlist-list-'));
  await onPgliteAndPostgres(BENCH, import.meta.filename, servers, (database) => scenario(database, workDir), {
    nodeArgs: ['--import', 'tsx'],
  });
});

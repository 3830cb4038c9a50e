// Searching one's own reflections (issue 14): a person with five years of daily reflections (1,800 entries
// of 300 to 700 characters, English and German; BENCH_SMOKE=1: 100), and GET /api/history/search on the
// production server (dist/), one request at a time, with queries that find many, few and no reflections,
// umlauts spelled either way. The search reads the person's reflections and matches them in the process
// (decision 028). Baseline: GET /api/health of the same app, as many requests, the same way. On the
// embedded PGlite, then on PostgreSQL when its binaries are installed.
import './support/production-env.mjs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type DatabaseHandle, openPgliteDatabase, openPostgresDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/accounts';
import { entries, weeks } from '../src/server/db/schema/journal';
import { addDays, mondayOf } from '../src/shared/domain/journal';
import { createAccount, expectStatus } from './support/accounts.mjs';
import { onPgliteAndPostgres, runBenchmark, startApp } from './support/app.mjs';
import { stopNode } from './support/processes.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const SMOKE = process.env.BENCH_SMOKE === '1';
const ENTRIES = SMOKE ? 100 : 1_800;
const REQUESTS = SMOKE ? 15 : 300;
const WARMUP = SMOKE ? 5 : 30;
const EMAIL = 'search-bench@example.com';
const PASSWORD = 'bench harbour lanterns 42';
const QUERIES = ['morning', 'Vertrauen', 'schwester', 'ueber', 'trust sister', 'quiet harbour walk', 'zebra'];

const SENTENCES = [
  'This morning I talked with my sister about trust, and for once I did not rush to fill the silence.',
  'Robin and I argued about the holidays; later we laughed about it and I felt close to him again.',
  'I was tired after work and said no to a party. It felt strange, and then it felt like relief.',
  'A quiet walk along the harbour helped me notice how often I wait for others to go first.',
  'My partner asked how I was, and I gave the honest answer instead of the quick one.',
  'Heute habe ich mit meiner Schwester über Vertrauen gesprochen, und sie hat einfach zugehört.',
  'Mit meiner Freundin gab es Streit, aber danach haben wir zusammen gelacht.',
  'Ich war müde nach der Arbeit und habe Nein zu einer Feier gesagt, danach war ich erleichtert.',
  'Am Wochenende bin ich allein spazieren gegangen und habe gemerkt, wie gut mir die Ruhe tut.',
  'Es fällt mir schwer, um Hilfe zu bitten, obwohl ich weiß, dass meine Freunde gern helfen.',
];

/** A reflection of 300 to 700 characters, the same for the same number. */
function reflection(n: number): string {
  let text = '';
  for (let i = 0; text.length < 300 + ((n * 37) % 400); i++) {
    text += `${SENTENCES[(n * 7 + i * 3) % SENTENCES.length]} `;
  }
  return text.trim();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Five years of the person's weeks before the current one, seven reflections each until ENTRIES. */
async function writeReflections(handle: DatabaseHandle) {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
  if (!user) throw new Error(`${EMAIL} was not created`);
  const thisMonday = mondayOf(new Date().toISOString().slice(0, 10));
  const weekCount = Math.ceil(ENTRIES / 7);
  const weekRows = Array.from({ length: weekCount }, (_, index) => {
    const startDate = addDays(thisMonday, -7 * (index + 1));
    return {
      userId: user.id,
      startDate,
      endDate: addDays(startDate, 6),
      isoWeek: `w${index}`,
      structure: { topics: {} },
    };
  });
  const written = await handle.db.insert(weeks).values(weekRows).returning({ id: weeks.id });
  const rows = written
    .flatMap((week, index) =>
      Array.from({ length: 7 }, (_, day) => ({
        userId: user.id,
        weekId: week.id,
        day: day + 1,
        topic: 'trust',
        contentText: reflection(index * 7 + day),
        status: 'completed',
      })),
    )
    .slice(0, ENTRIES);
  for (let start = 0; start < rows.length; start += 500) {
    await handle.db.insert(entries).values(rows.slice(start, start + 500));
  }
}

async function timed(app: { url: string }, urlPath: string, cookie: string) {
  const began = performance.now();
  const response = await expectStatus(app, 'search', 'GET', urlPath, 200, { cookie });
  return { ms: performance.now() - began, body: response.text };
}

async function scenario(
  database: { databaseUrl: string | undefined; label: string },
  workDir: string,
  servers: Parameters<typeof startApp>[0]['servers'],
) {
  const dataDir = path.join(workDir, database.databaseUrl ? 'data-pg' : 'data');
  const env = {
    DATABASE_URL: database.databaseUrl ?? '',
    TRUST_PROXY: 'true',
    SMTP_URL: '',
    INVITE_ONLY: 'false',
  };
  let app = await startApp({ dataDir, servers, env });
  const cookie = await createAccount(app, {
    email: EMAIL,
    password: PASSWORD,
    ip: '198.18.0.1',
    mailDir: path.join(dataDir, 'mail'),
    answers: ['Sam', 'trust', 'listening', 'my sister', 'support', 'no'],
  });
  // The embedded database is the server's alone: the reflections are written while it is stopped.
  await stopNode(app);
  const handle = database.databaseUrl
    ? (openPostgresDatabase(database.databaseUrl) as DatabaseHandle)
    : await openPgliteDatabase(dataDir);
  try {
    await writeReflections(handle);
  } finally {
    await handle.close();
  }
  app = await startApp({ dataDir, servers, env });

  const searches: number[] = [];
  let found = 0;
  for (let n = 0; n < WARMUP + REQUESTS; n++) {
    const query = QUERIES[n % QUERIES.length] ?? '';
    const result = await timed(app, `/api/history/search?q=${encodeURIComponent(query)}`, cookie);
    if (n >= WARMUP) searches.push(result.ms);
    found += (JSON.parse(result.body) as { total: number }).total;
  }
  if (found === 0) throw new Error('the searches found nothing');
  const health: number[] = [];
  for (let n = 0; n < WARMUP + REQUESTS; n++) {
    const result = await timed(app, '/api/health', cookie);
    if (n >= WARMUP) health.push(result.ms);
  }
  const total = (await timed(app, '/api/history/search?q=morning', cookie)).body;
  console.log(
    `${BENCH}: "morning" holds ${(JSON.parse(total) as { total: number }).total} of ${ENTRIES} reflections`,
  );
  const common = {
    bench: BENCH,
    unit: 'ms',
    better: 'lower' as const,
    baselineName: 'GET /api/health, same app, one at a time',
  };
  const name = (what: string) =>
    `GET /api/history/search over ${ENTRIES.toLocaleString('en-US')} reflections: ${what}${database.label}`;
  reportResult({
    ...common,
    name: name('p95'),
    value: Math.round(percentile(searches, 95) * 10) / 10,
    baseline: Math.round(percentile(health, 95) * 10) / 10,
    goal: '< 50 ms',
  });
  reportResult({
    ...common,
    name: name('median'),
    value: Math.round(median(searches) * 10) / 10,
    baseline: Math.round(median(health) * 10) / 10,
  });
}

await runBenchmark(BENCH, async (workDir, servers) => {
  await onPgliteAndPostgres(
    BENCH,
    import.meta.filename,
    servers,
    (database) => scenario(database, workDir, servers),
    {
      nodeArgs: ['--import', 'tsx'],
    },
  );
});

// The baselines for the waiting-list join: plain parameterised INSERTs into `waiting_list` of a database the
// app has just used (and let go of), from N concurrent loops, for a warm-up and then a measured period; with
// `smtpUrl`, each INSERT is followed by one e-mail sent with nodemailer's pooled SMTP transport (as many
// connections as the app's, `smtpConnections`), which is what a join must do at least: its answer says
// whether the confirmation went out (spec §8).
// Usage: node insert-baseline.mjs '<json options>'; options: { pgliteDir } or { databaseUrl, poolSize },
// { concurrency } and `runs`, each one { warmupSeconds, seconds } or (a smoke run: a fixed number, no
// warm-up, so a busy machine slows it but cannot fail it) { insertsPerLoop }, and optionally { smtpUrl,
// smtpConnections }; the runs go one after the other. Before inserting it counts what the app left behind.
// Prints one JSON line on stdout: { before: { waitingList, outbox: { status: n } }, runs: [{ rate, p99Ms,
// p50Ms, inserts, elapsedSeconds }] }.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createTransport } from 'nodemailer';
import pg from 'pg';

/** About the size of the confirmation e-mail the app sends (its HTML and text parts). */
const MAIL_HTML = `<!doctype html><html><body><p>${'Please confirm your place on the waiting list. '.repeat(60)}</p></body></html>`;
const MAIL_TEXT = 'Please confirm your place on the waiting list. '.repeat(20);

const INSERT =
  'insert into waiting_list (email, language, consent_at, consent_text_version) values ($1, $2, $3, $4)';

async function openClient(options) {
  if (options.pgliteDir) {
    // The app's database uses the trigram extension (the waiting list's search index), as the app loads it.
    const db = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
    return {
      query: async (text, params) => (await db.query(text, params)).rows,
      close: () => db.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  return {
    query: async (text, params) => (await pool.query(text, params)).rows,
    close: () => pool.end(),
  };
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

async function countLeftovers(client) {
  const [{ n }] = await client.query('select count(*)::int as n from waiting_list');
  const outbox = await client.query('select status, count(*)::int as n from mail_outbox group by status');
  return { waitingList: n, outbox: Object.fromEntries(outbox.map((row) => [row.status, row.n])) };
}

async function insertFor(client, { concurrency, seconds, insertsPerLoop, record, nextEmail, mailer }) {
  const latencies = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let inserts = 0;
  const loop = async () => {
    for (
      let done = 0;
      insertsPerLoop === undefined ? performance.now() < deadline : done < insertsPerLoop;
      done++
    ) {
      const params = [nextEmail(), 'en', new Date(), 'bench'];
      const before = performance.now();
      await client.query(INSERT, params);
      if (mailer) {
        await mailer.sendMail({
          from: 'Mirror <hello@mirror.example>',
          to: params[0],
          subject: 'Confirm your place on the waiting list',
          text: MAIL_TEXT,
          html: MAIL_HTML,
        });
      }
      if (record) latencies.push(performance.now() - before);
      inserts += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    inserts,
    elapsedSeconds,
    rate: inserts / elapsedSeconds,
    p99Ms: percentile(latencies, 0.99),
    p50Ms: percentile(latencies, 0.5),
  };
}

/** One run: a warm-up, then the measured loops; or, given `insertsPerLoop`, only that many per loop. */
async function measure(
  client,
  { smtpUrl, smtpConnections, warmupSeconds, seconds, insertsPerLoop, ...common },
) {
  const mailer = smtpUrl
    ? createTransport({ url: smtpUrl, pool: true, maxConnections: smtpConnections })
    : undefined;
  try {
    if (insertsPerLoop !== undefined)
      return await insertFor(client, { ...common, mailer, insertsPerLoop, record: true });
    await insertFor(client, { ...common, mailer, seconds: warmupSeconds, record: false });
    return await insertFor(client, { ...common, mailer, seconds, record: true });
  } finally {
    mailer?.close();
  }
}

async function main() {
  const options = JSON.parse(process.argv[2]);
  const client = await openClient(options);
  try {
    const before = await countLeftovers(client);
    let counter = 0;
    const prefix = `baseline-${process.pid}-${Date.now()}`;
    const nextEmail = () => `${prefix}-${counter++}@example.com`;
    const runs = [];
    for (const run of options.runs)
      runs.push(await measure(client, { ...run, concurrency: options.concurrency, nextEmail }));
    process.stdout.write(`${JSON.stringify({ before, runs })}\n`);
  } finally {
    await client.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  try {
    await main();
  } catch (error) {
    console.error(`insert baseline failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  }
}

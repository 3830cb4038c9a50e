// A database of its own on the throwaway PostgreSQL cluster of scripts/with-postgres.mjs, for benchmarks that
// write their data before the app (or the code under test) reads it.
import pg from 'pg';

async function run(baseUrl, statements) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates database `name` next to `baseUrl`'s (dropping one left from an earlier run): its URL and `drop()`. */
export async function freshPostgresDatabase(baseUrl, name) {
  await run(baseUrl, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(baseUrl, [`drop database if exists ${name} with (force)`]) };
}

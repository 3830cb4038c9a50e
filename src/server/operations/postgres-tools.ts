import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

export type PostgresTool = { path: string; major: number };

/** `pg_dump (PostgreSQL) 15.8` -> 15. */
async function majorVersion(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
    return Number.isInteger(major) ? major : null;
  } catch {
    return null;
  }
}

/** Where a client program may be: PG_BIN_DIR, Debian's versioned directories, then PATH. */
function candidates(name: string): string[] {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  try {
    for (const version of fs.readdirSync(DEBIAN_ROOT)) dirs.push(path.join(DEBIAN_ROOT, version, 'bin'));
  } catch {
    // not Debian's layout
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return [...new Set(dirs.map((dir) => path.join(dir, name)))].filter((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The newest `pg_dump` / `pg_restore` installed, if it is at least `minMajor` (pg_dump must be as new as
 * the server it dumps; pg_restore as new as the pg_dump that wrote the archive). Null when there is none.
 */
export async function findPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  minMajor: number,
): Promise<PostgresTool | null> {
  let best: PostgresTool | null = null;
  for (const file of candidates(name)) {
    const major = await majorVersion(file);
    if (major !== null && major >= minMajor && (!best || major > best.major)) best = { path: file, major };
  }
  return best;
}

/**
 * libpq's environment for a connection URL, so the password is not on the command line (where `ps` shows
 * it). Query parameters such as `sslmode` become their PG* variables.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname);
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [key, value] of url.searchParams) {
    if (/^[a-z_]+$/.test(key)) env[`PG${key.toUpperCase()}`] = value;
  }
  return env;
}

/** The URL without its password, for messages. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Runs a PostgreSQL client program; rejects with the end of its error output when it fails. */
export function runPostgresTool(tool: PostgresTool, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, {
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        reject(new Error(`${path.basename(tool.path)} failed (${how}): ${errors.trim()}`));
      }
    });
  });
}

// A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temporary directory, started on a free
// loopback port without durability (fsync, synchronous commit and full-page writes off: nothing in it must
// survive a crash), removed when stopped. scripts/with-postgres.mjs runs a command against one; scripts/test.mjs
// starts one for the whole suite.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_ROOT = '/usr/lib/postgresql';

export function log(message) {
  process.stderr.write(`[postgres] ${message}\n`);
}

function hasServerBinaries(dir) {
  return ['initdb', 'pg_ctl'].every((name) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function findBinDir() {
  if (process.env.PG_BIN_DIR) {
    return hasServerBinaries(process.env.PG_BIN_DIR) ? process.env.PG_BIN_DIR : null;
  }
  let versions = [];
  try {
    versions = fs.readdirSync(PG_ROOT).filter((name) => /^\d+(\.\d+)*$/.test(name));
  } catch {
    return null;
  }
  const dirs = versions.sort(compareVersions).map((version) => path.join(PG_ROOT, version, 'bin'));
  return dirs.reverse().find(hasServerBinaries) ?? null;
}

function serverVersion(binDir) {
  const output = execFileSync(path.join(binDir, 'pg_ctl'), ['--version'], { encoding: 'utf8' });
  return output.match(/PostgreSQL\)?\s+([\d.]+)/)?.[1] ?? 'unknown version';
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function idOf(user, flag) {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}

// initdb and the server refuse to run as root, so as root everything PostgreSQL touches belongs to `postgres`.
function prepareForPostgresUser(paths) {
  const uid = idOf('postgres', '-u');
  const gid = idOf('postgres', '-g');
  for (const p of paths) fs.chownSync(p, uid, gid);
}

function runQuiet(command, args, cwd) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

function logTail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

function createCluster(binDir) {
  const asRoot = process.getuid?.() === 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-pg-'));
  const cluster = {
    tmp,
    data: path.join(tmp, 'data'),
    sock: path.join(tmp, 'sock'),
    logFile: path.join(tmp, 'postgres.log'),
    mayBeRunning: false,
    pg: (binary, args) =>
      asRoot
        ? runQuiet('runuser', ['-u', 'postgres', '--', path.join(binDir, binary), ...args], tmp)
        : runQuiet(path.join(binDir, binary), args, tmp),
  };
  try {
    fs.mkdirSync(cluster.data, { mode: 0o700 });
    fs.mkdirSync(cluster.sock, { mode: 0o700 });
    if (asRoot) prepareForPostgresUser([tmp, cluster.data, cluster.sock]);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

async function initCluster(cluster) {
  const args = ['-D', cluster.data, '-U', 'app', '--auth=trust', '--encoding=UTF8', '--no-locale'];
  const result = await cluster.pg('initdb', args);
  if (!result.ok) throw new Error(`initdb failed:\n${result.output}`);
}

async function startCluster(cluster, port, settings) {
  // pg_ctl hands -o to a shell, hence the quoted socket directory.
  const options = [
    `-p ${port}`,
    `-k '${cluster.sock}'`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    // The whole of npm test shares one server: the PostgreSQL suite's workers, the cluster test, benchmarks.
    '-c max_connections=400',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  // A timed-out start can leave a postmaster behind, so stopping is attempted from here on.
  cluster.mayBeRunning = true;
  const args = ['-D', cluster.data, '-l', cluster.logFile, '-w', '-t', '30', '-o', options, 'start'];
  const result = await cluster.pg('pg_ctl', args);
  if (!result.ok) throw new Error(`pg_ctl start failed; end of postgres.log:\n${logTail(cluster.logFile)}`);
}

async function stopCluster(cluster) {
  if (!cluster.mayBeRunning) return;
  const fast = await cluster.pg('pg_ctl', ['-D', cluster.data, '-m', 'fast', '-w', 'stop']);
  if (fast.ok) return;
  const immediate = await cluster.pg('pg_ctl', ['-D', cluster.data, '-m', 'immediate', '-w', 'stop']);
  if (!immediate.ok && fs.existsSync(path.join(cluster.data, 'postmaster.pid'))) {
    log(`could not stop the cluster:\n${fast.output}${immediate.output}`);
  }
}

/**
 * Starts a throwaway cluster: `{ url, version, stop() }` (`url` names its `postgres` database as user `app`),
 * or `{ missing }` when no PostgreSQL server binaries are installed (`missing` says where it looked). Throws
 * when the cluster does not start, after removing what it made. `settings` are further `name=value` server
 * settings.
 */
export async function startThrowawayPostgres({ settings = [] } = {}) {
  const binDir = findBinDir();
  if (!binDir) {
    const reason = process.env.PG_BIN_DIR
      ? `PG_BIN_DIR=${process.env.PG_BIN_DIR} has no initdb and pg_ctl`
      : `looked in ${PG_ROOT}/*/bin; set PG_BIN_DIR`;
    return { missing: reason };
  }
  const cluster = createCluster(binDir);
  const stop = async () => {
    await stopCluster(cluster);
    fs.rmSync(cluster.tmp, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    await initCluster(cluster);
    await startCluster(cluster, port, settings);
    return { url: `postgres://app@127.0.0.1:${port}/postgres`, version: serverVersion(binDir), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function admin(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of `serverUrl`, as a fresh cluster would have it: `{ url, drop() }`.
 * Commands that share one server (npm test's stages) each get their own.
 */
export async function createRunDatabase(serverUrl, prefix = 'mirror_run') {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { openPgliteDatabase } from '../db/client';
import { MIGRATIONS_DIR } from './test-db';

/** A server started as its own process, as `npm start` runs it (this run's bundle of the sources). */
export type ServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** An entry point of this run's bundle of the server (src/server/test/global-setup.ts): `main.js`, `ops-cli.js`. */
export function bundled(entry: 'main.js' | 'ops-cli.js'): string {
  return path.join(inject('serverBundle'), entry);
}

/**
 * Starts the server (`src/server/main.ts`, bundled) in development mode (the API only, so no client build is
 * needed). The child joins `running` until it exits, so a test's clean-up can kill what is left.
 */
export function startServerProcess(env: Record<string, string>, running: Set<ChildProcess>): ServerProcess {
  const child = spawn(process.execPath, [bundled('main.js')], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => {
    running.delete(child);
    return code as number | null;
  });
  return { child, output: () => output, exited };
}

/**
 * Gives `dataDir` an embedded database with every migration, as a first start leaves it: a copy of the run's
 * template (half a second) instead of migrating an empty one (four), for tests about what a server does
 * once it has started, not about its first start. Returns `dataDir`.
 */
export async function withMigratedDatabase(dataDir: string): Promise<string> {
  const template = inject('pgliteTemplate');
  const database = template
    ? await openPgliteDatabase(dataDir, { loadDataDir: new Blob([fs.readFileSync(template)]) })
    : await openPgliteDatabase(dataDir);
  try {
    if (!template) await database.migrate(MIGRATIONS_DIR);
  } finally {
    await database.close();
  }
  return dataDir;
}

/** Resolves with /api/health's answer once the server gives one; throws when it exits or takes too long. */
export async function waitForHealth(
  port: number,
  server: ServerProcess,
  // A ceiling, not a speed target: on a machine that runs other suites beside this one.
  timeoutMs = 120_000,
): Promise<{ status: string }> {
  for (let i = 0; i < timeoutMs / 100; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return (await response.json()) as { status: string };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/**
 * Resolves once the server has printed `text`. The start line ("Mirror is running…") comes after the workers
 * start, which is after the port is open, so a passing health check does not mean it has been printed yet.
 */
export async function waitForOutput(
  server: ServerProcess,
  text: string,
  timeoutMs = 30_000,
): Promise<string> {
  for (let i = 0; i < timeoutMs / 100; i++) {
    if (server.output().includes(text)) return server.output();
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not print ${JSON.stringify(text)}:\n${server.output()}`);
}

/**
 * What a test file that starts server processes leaves behind: the processes (pass `running` to
 * `startServerProcess`) and temporary folders (push them to `dirs`). `cleanUp` (for `afterEach`) kills what
 * still runs and removes the folders.
 */
export function serverLeftovers() {
  const running = new Set<ChildProcess>();
  const dirs: string[] = [];
  return {
    running,
    dirs,
    cleanUp() {
      for (const child of running) child.kill('SIGKILL');
      running.clear();
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

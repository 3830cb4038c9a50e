import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite may be opened by one process at a time: a second writer corrupts it. Before opening, a process
 * creates a lock file exclusively; a second process finds it and stops with a clear message. A lock left by a
 * process that died (no such pid on this host) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { path: string; release(): void };

type LockOwner = { pid: number; hostname: string; startedAt: string };

const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.hostname === 'string') return owner as LockOwner;
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return undefined;
}

export function acquireDataDirLock(lockPath: string): DataDirLock {
  const absolute = path.resolve(lockPath);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(absolute, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      heldByThisProcess.add(absolute);
      return {
        path: absolute,
        release() {
          if (!heldByThisProcess.delete(absolute)) return;
          if (readOwner(absolute)?.pid === me.pid) fs.rmSync(absolute, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const owner = readOwner(absolute);
    if (heldByThisProcess.has(absolute)) {
      throw new DataDirLockedError(
        `The database in ${path.dirname(absolute)} is already open in this process.`,
      );
    }
    if (owner && owner.hostname !== me.hostname) {
      throw new DataDirLockedError(
        `The database in ${path.dirname(absolute)} is locked by a process on host ${owner.hostname} (pid ${owner.pid}). ` +
          `If that process is gone, delete ${absolute} and start again.`,
      );
    }
    // The same pid as ours, but not held by us, is a lock left behind by a previous container run.
    if (owner && owner.pid !== me.pid && isAlive(owner.pid)) {
      throw new DataDirLockedError(
        `The database in ${path.dirname(absolute)} is in use by another Mirror process (pid ${owner.pid}, ` +
          `started ${owner.startedAt}). Stop it first, or start this one with a different DATA_DIR.`,
      );
    }
    fs.rmSync(absolute, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${absolute}: another process keeps taking it.`);
}

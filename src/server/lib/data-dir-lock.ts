import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite may be opened by one process at a time: a second writer corrupts it. Before opening, a process
 * creates a lock file exclusively; a second process finds it and stops with a clear message. A lock left by a
 * process that died is taken over: no such pid on this host, a zombie, or the pid now of another process.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { path: string; release(): void };

type LockOwner = {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux: when the process started, in clock ticks since boot, and which boot; tells a reused pid apart. */
  processStart?: string;
  bootId?: string;
};

const heldByThisProcess = new Set<string>();

function readProcFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Linux's view of a process: its state (`Z` zombie, `X` dead, anything else running or sleeping) and its
 * start time. Undefined where there is no /proc (other systems) or no such process.
 */
function procStatus(pid: number): { state: string; start: string } | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ")".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const start = fields[19];
  return state && start ? { state, start } : undefined;
}

const currentBootId = () => readProcFile('/proc/sys/kernel/random/boot_id')?.trim();

/**
 * Whether the process that wrote the lock still runs. A zombie (killed with -9, not yet reaped by its
 * parent) holds no database handle any more, so it counts as gone, and so does a different process that
 * got the same pid (another start time, or another boot).
 */
function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const status = procStatus(owner.pid);
  if (!status) return true;
  if (status.state === 'Z' || status.state === 'X') return false;
  if (owner.bootId && owner.bootId !== currentBootId()) return false;
  if (owner.processStart && owner.processStart !== status.start) return false;
  return true;
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
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    processStart: procStatus(process.pid)?.start,
    bootId: currentBootId(),
  };

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
    if (owner && owner.pid !== me.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `The database in ${path.dirname(absolute)} is in use by another Mirror process (pid ${owner.pid}, ` +
          `started ${owner.startedAt}). Stop it first, or start this one with a different DATA_DIR.`,
      );
    }
    fs.rmSync(absolute, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${absolute}: another process keeps taking it.`);
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const dirs: string[] = [];
function lockPath() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-lock-'));
  dirs.push(dir);
  return path.join(dir, 'db.lock');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('is exclusive within one process and can be taken again after release', () => {
    const file = lockPath();
    const lock = acquireDataDirLock(file);
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    acquireDataDirLock(file).release();
  });

  it('refuses a lock held by another live process, naming it', async () => {
    const file = lockPath();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(
        file,
        JSON.stringify({ pid: other.pid, hostname: os.hostname(), startedAt: 'earlier' }),
      );
      expect(() => acquireDataDirLock(file)).toThrow(`in use by another Mirror process (pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const file = lockPath();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(file, JSON.stringify({ pid: gone.pid, hostname: os.hostname(), startedAt: 'earlier' }));
    const lock = acquireDataDirLock(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose process was killed and is a zombie its parent has not reaped yet',
    async () => {
      const file = lockPath();
      // The shell starts a child, then becomes `sleep`, which never reaps it; the child is killed only once
      // the shell is gone, so the shell cannot have reaped it first (it did, on a loaded machine).
      const parent = spawn('sh', ['-c', 'sleep 1000 & echo $!; exec sleep 30']);
      try {
        const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', resolve)));
        await expectExecuted(parent.pid ?? 0, 'sleep\u000030');
        process.kill(zombie, 'SIGKILL');
        await expectZombie(zombie);
        fs.writeFileSync(
          file,
          JSON.stringify({ pid: zombie, hostname: os.hostname(), startedAt: 'earlier' }),
        );
        const lock = acquireDataDirLock(file);
        expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
        lock.release();
      } finally {
        parent.kill();
      }
    },
  );

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another process', () => {
    const file = lockPath();
    // pid 1 lives, but it is not the process that wrote this lock: that one started at another time.
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 1, hostname: os.hostname(), startedAt: 'earlier', processStart: '1' }),
    );
    acquireDataDirLock(file).release();
    const mine = acquireDataDirLock(file);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { processStart?: string; bootId?: string };
    expect(written.processStart).toMatch(/^\d+$/);
    expect(written.bootId).toBeTruthy();
    mine.release();
  });

  it('takes over an unreadable lock file', () => {
    const file = lockPath();
    fs.writeFileSync(file, '{"pid": 12');
    acquireDataDirLock(file).release();
  });

  it('refuses a lock from another host, since it cannot tell whether that process lives', () => {
    const file = lockPath();
    fs.writeFileSync(file, JSON.stringify({ pid: 1, hostname: 'elsewhere', startedAt: 'earlier' }));
    expect(() => acquireDataDirLock(file)).toThrow(/locked by a process on host elsewhere/);
  });
});

/** Waits until `pid` runs the command line given (its arguments joined by NUL), at most two seconds. */
async function expectExecuted(pid: number, commandLine: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(commandLine)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} did not become ${JSON.stringify(commandLine)}`);
}

/** Waits until Linux reports `pid` as a zombie (state Z). */
async function expectZombie(pid: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} did not become a zombie`);
}

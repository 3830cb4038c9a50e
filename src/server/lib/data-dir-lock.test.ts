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

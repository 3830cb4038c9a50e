import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from './secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('session secret', () => {
  it('uses the configured one', () => {
    expect(resolveSessionSecret({ configured: 'x'.repeat(40), dataDir: '/nonexistent' })).toBe(
      'x'.repeat(40),
    );
  });

  it('generates one into DATA_DIR once, private to the owner, and keeps it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-secret-'));
    dirs.push(dataDir);
    const first = resolveSessionSecret({ configured: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'secrets', 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret({ configured: undefined, dataDir })).toBe(first);
  });
});

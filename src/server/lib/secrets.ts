import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The configured session secret, or one generated once into DATA_DIR so that a laptop install works with
 * no configuration. Several app processes must share it: set SESSION_SECRET when running more than one.
 */
export function resolveSessionSecret(options: { configured: string | undefined; dataDir: string }): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'secrets', 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

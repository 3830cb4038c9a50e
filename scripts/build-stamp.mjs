// The hash of everything a build is made from; `npm start` rebuilds only when it changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const STAMP_FILE = path.join(ROOT, 'dist', '.build-stamp');

const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/vite-message-tiers.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.mjs',
];

function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) {
    if (child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue;
    yield* files(path.join(entry, child));
  }
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(ROOT, file)));
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  return fs.existsSync(STAMP_FILE) && fs.readFileSync(STAMP_FILE, 'utf8').trim() === sourceHash();
}

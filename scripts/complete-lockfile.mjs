// Adds lock entries for platform-specific optional packages that the package registry used here does not
// serve (it mirrors Linux builds only). npm then leaves them out of package-lock.json, and `npm ci` rejects
// the lock as out of sync. An entry with the package's os/cpu/libc lets npm skip it on this machine and fetch
// it normally on a Mac or Windows machine. Run after `npm install` changes the lock: node scripts/complete-lockfile.mjs
import fs from 'node:fs';
import path from 'node:path';

const LOCK = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((candidate) => parts.includes(candidate));
  const cpu = CPU.find((candidate) => parts.includes(candidate));
  if (!cpu) return undefined;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === 'linux') entry.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return entry;
}

const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[target] = { version, ...platform, ...(entry.dev && { dev: true }), optional: true };
    added.push(`${name}@${version} (for ${location || 'the project'})`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added to package-lock.json:\n  ${added.join('\n  ')}` : 'package-lock.json is complete',
);

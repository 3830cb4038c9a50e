// Writes src/server/modules/accounts/common-passwords.json: the most common passwords that our own length
// rules would otherwise allow (6 to 128 characters), lowercased, most common first, one per line. JSON so that
// the server bundle (esbuild), vitest and tsc all read it as a plain import.
//
// Source: the frequency-ordered password list of @zxcvbn-ts/language-common (MIT licence, Copyright (c)
// 2012-2016 Dan Wheeler and Dropbox, Inc., Copyright (c) 2021 @zxcvbn-ts), itself drawn from leaked password
// corpora. The package is fetched with `npm pack` into a temporary directory, never added as a dependency:
// the server only needs the words, not the package.
//
// Run from the project root: node scripts/generate-common-passwords.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE = '@zxcvbn-ts/language-common@4.1.3';
const COUNT = 10_000;
const MIN_LENGTH = 6;
const MAX_LENGTH = 128;
const OUTPUT = path.resolve(import.meta.dirname, '..', 'src/server/modules/accounts/common-passwords.json');

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'common-passwords-'));
try {
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: workDir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', tarball], { cwd: workDir });
  const ranked = JSON.parse(fs.readFileSync(path.join(workDir, 'package/src/passwords.json'), 'utf8'));
  if (!Array.isArray(ranked)) throw new Error(`${PACKAGE}: src/passwords.json is not a list`);

  const seen = new Set();
  for (const entry of ranked) {
    const password = String(entry).toLowerCase();
    if (password.length < MIN_LENGTH || password.length > MAX_LENGTH || /[\r\n]/.test(password)) continue;
    seen.add(password);
    if (seen.size === COUNT) break;
  }
  if (seen.size < COUNT) throw new Error(`${PACKAGE} gave only ${seen.size} passwords`);
  fs.writeFileSync(
    OUTPUT,
    `[\n${[...seen].map((password) => `  ${JSON.stringify(password)}`).join(',\n')}\n]\n`,
  );
  console.log(`wrote ${seen.size} passwords from ${PACKAGE} to ${path.relative(process.cwd(), OUTPUT)}`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './lib/data-dir-lock';
import { addKeyToKeyringFile, keyringFilePath, keyringSource } from './lib/encryption-keys';
import { createFieldCipher, keyIdOf } from './lib/field-cipher';
import { createLogger } from './lib/logger';
import { resealPrivateText } from './operations/reseal-private-text';

// `npm run keys:rotate`: puts every private value under the current encryption key (decision 045), in
// batches, while the app keeps serving. README "Encryption keys" has the operator's steps.

const USAGE = `usage: npm run keys:rotate [-- --new-key]
  ENCRYPTION_KEY unset: adds a new key to DATA_DIR/secrets/encryption-keys (the older ones stay, for
      reading) and seals every private value with it.
  ENCRYPTION_KEY set: seals every private value with ENCRYPTION_KEY; set it to the new key and
      ENCRYPTION_KEYS_OLD to the old ones (on every app process) first.
  --new-key   prints a new random key for ENCRYPTION_KEY and does nothing else.`;

const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  let options: { 'new-key'?: boolean; help?: boolean };
  try {
    ({ values: options } = parseArgs({
      options: { 'new-key': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    say(USAGE);
    return 0;
  }
  if (options['new-key']) {
    say(randomBytes(32).toString('base64'));
    return 0;
  }

  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger({ level: config.logLevel });
  const source = keyringSource({ encryption: config.encryption, dataDir: config.dataDir });
  // Opened first: an embedded database in use by the server is refused before any key changes.
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || source.origin !== 'file') throw error;
    const key = addKeyToKeyringFile(keyringFilePath(config.dataDir));
    say(`${error.message}`);
    say(
      `Added key ${keyIdOf(key)} to ${keyringFilePath(config.dataDir)}. The embedded database admits one ` +
        'process, so restart the server: it seals new text with this key and moves the rest to it in the ' +
        'background after starting.',
    );
    return 0;
  }
  try {
    await database.migrate(MIGRATIONS_DIR);
    if (source.origin === 'file') {
      const key = addKeyToKeyringFile(keyringFilePath(config.dataDir));
      say(
        `Added key ${keyIdOf(key)} to ${keyringFilePath(config.dataDir)}; the older keys stay for reading.`,
      );
    }
    const cipher = createFieldCipher(source);
    const started = performance.now();
    say(`Sealing every private value with key ${cipher.keyring().current.id}…`);
    const counts = await resealPrivateText({ db: database.db, cipher, logger });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `Done in ${seconds} s: ${counts.resealed} values moved from older keys, ${counts.sealed} plaintext values sealed.`,
    );
    if (counts.unreadable > 0) {
      console.error(
        `${counts.unreadable} values did not open with any configured key and were left as they are: ` +
          'add their key to ENCRYPTION_KEYS_OLD and run this again.',
      );
      return 1;
    }
    say('Older keys can be removed once every app process runs with the new one.');
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createKeyring, KEY_BYTES, type Keyring } from './field-cipher';

/**
 * Where the keys that seal private text come from (decision 045): ENCRYPTION_KEY (sealing) and
 * ENCRYPTION_KEYS_OLD (opening only), or, when ENCRYPTION_KEY is unset, a keyring generated once into
 * DATA_DIR/secrets/encryption-keys. Keys in that file stay readable after an operator sets ENCRYPTION_KEY,
 * so values sealed before keep opening. Several app processes must share the keys: set ENCRYPTION_KEY (and
 * ENCRYPTION_KEYS_OLD) on every process, or share DATA_DIR/secrets.
 */

export const KEYRING_FILE = 'encryption-keys';

export const ENCRYPTION_KEY_HINT =
  'must be 32 random bytes written as 64 hex characters or as base64 (make one with `openssl rand -base64 32`)';

/** A key as ENCRYPTION_KEY takes it: 64 hex characters, or base64 / base64url of 32 bytes. */
export function parseEncryptionKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const key = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  return key.length === KEY_BYTES ? key : undefined;
}

/** ENCRYPTION_KEYS_OLD: keys separated by commas or white space; throws naming the position of a bad one. */
export function parseEncryptionKeyList(value: string): Buffer[] {
  return value
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part, index) => {
      const key = parseEncryptionKey(part);
      if (!key) throw new Error(`key ${index + 1} ${ENCRYPTION_KEY_HINT}`);
      return key;
    });
}

export const keyringFilePath = (dataDir: string) => path.join(dataDir, 'secrets', KEYRING_FILE);

/** The keys of the keyring file, the sealing one first; empty when there is no file. */
export function readKeyringFile(file: string): Buffer[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line, index) => {
      const key = parseEncryptionKey(line);
      if (!key) throw new Error(`${file}: line ${index + 1} is not an encryption key`);
      return key;
    });
}

const fileText = (keys: readonly Buffer[]) =>
  `# Mirror's encryption keys (decision 045): the first seals, all open. Keep this file secret.\n${keys
    .map((key) => key.toString('base64url'))
    .join('\n')}\n`;

function writeTemp(file: string, keys: readonly Buffer[]): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, fileText(keys), { mode: 0o600, flag: 'wx' });
  return temp;
}

/**
 * The keyring file's keys, creating the file with a new key when there is none. Created under a temporary
 * name and linked into place, which fails when another process got there first: two processes starting at
 * once both end up with the one file that won, never a half-written one.
 */
export function ensureKeyringFile(file: string): Buffer[] {
  const existing = readKeyringFile(file);
  if (existing.length > 0) return existing;
  const temp = writeTemp(file, [randomBytes(KEY_BYTES)]);
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readKeyringFile(file);
}

/** Puts a new sealing key at the top of the keyring file, keeping the others for opening; atomic (rename). */
export function addKeyToKeyringFile(file: string, key: Buffer = randomBytes(KEY_BYTES)): Buffer {
  const keys = [key, ...readKeyringFile(file).filter((old) => !old.equals(key))];
  fs.renameSync(writeTemp(file, keys), file);
  return key;
}

export type EncryptionSettings = { key: Buffer | undefined; oldKeys: Buffer[] };

/**
 * Where this process gets its keyring: from the configuration (plus any keys of an existing file), or from
 * the file, created when missing. A file-based keyring is read again when it may have changed.
 */
export function keyringSource(options: { encryption: EncryptionSettings; dataDir: string }): {
  load(): Keyring;
  reloadable: boolean;
  origin: 'environment' | 'file';
} {
  const file = keyringFilePath(options.dataDir);
  const { key, oldKeys } = options.encryption;
  if (key) {
    return {
      load: () => createKeyring(key, [...oldKeys, ...readKeyringFile(file)]),
      reloadable: false,
      origin: 'environment',
    };
  }
  return {
    load() {
      const [current, ...others] = ensureKeyringFile(file);
      if (!current) throw new Error(`${file} holds no key`);
      return createKeyring(current, [...others, ...oldKeys]);
    },
    reloadable: true,
    origin: 'file',
  };
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Private text encrypted at rest (issue 17, decision 045): AES-256-GCM with a fresh random 96-bit nonce per
 * value. A sealed value names its key and carries its own nonce and tag:
 *
 *   v1.<keyId>.<nonce, base64url>.<ciphertext and 16-byte tag, base64url>
 *
 * The associated data binds a value to where it belongs, its column and its owner (`entries.content_text:
 * <userId>`), so a ciphertext copied into another row or to another person does not open. A key's id is
 * derived from the key itself, so the same key has the same id wherever it is configured.
 *
 * A stored value that is not in this form is plaintext written before encryption (read as it is until the
 * start-up pass seals it, `operations/reseal-private-text.ts`).
 */

export const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const SEALED = /^v1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/;

export class FieldCipherError extends Error {
  override name = 'FieldCipherError';
}

export type Keyring = {
  /** New values are sealed with this key. */
  current: { id: string; key: Buffer };
  /** Every key that opens values, the current one included, by id. */
  keys: ReadonlyMap<string, Buffer>;
};

/** The id of a key: 8 characters of a hash of it, which say nothing about the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256')
    .update('mirror field-cipher key id\0')
    .update(key)
    .digest('base64url')
    .slice(0, 8);
}

/** A keyring of `current` (sealing) and `others` (opening only); repeated keys count once. */
export function createKeyring(current: Buffer, others: readonly Buffer[] = []): Keyring {
  for (const key of [current, ...others]) {
    if (key.length !== KEY_BYTES) throw new FieldCipherError(`an encryption key must be ${KEY_BYTES} bytes`);
  }
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...others]) keys.set(keyIdOf(key), key);
  return { current: { id: keyIdOf(current), key: current }, keys };
}

/** The key id of a sealed value, or undefined for plaintext. */
export function sealedKeyId(stored: string): string | undefined {
  return SEALED.exec(stored)?.[1];
}

export const isSealed = (stored: string): boolean => SEALED.test(stored);

const associatedData = (context: string) => Buffer.from(`${VERSION}|${context}`, 'utf8');

export function sealWith(keyring: Keyring, plain: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${keyring.current.id}.${nonce.toString('base64url')}.${data.toString('base64url')}`;
}

/**
 * The plaintext of a stored value: opened when sealed, as it is when it is legacy plaintext. Throws a
 * FieldCipherError (naming the key id, never the text) for an unknown key, an altered value or the wrong
 * context.
 */
export function openWith(keyring: Keyring, stored: string, context: string): string {
  const match = SEALED.exec(stored);
  if (!match) return stored;
  const [, keyId = '', nonce = '', body = ''] = match;
  const key = keyring.keys.get(keyId);
  if (!key) {
    throw new FieldCipherError(
      `a value is sealed with key ${keyId}, which is not configured (ENCRYPTION_KEY, ENCRYPTION_KEYS_OLD)`,
    );
  }
  const data = Buffer.from(body, 'base64url');
  if (data.length < TAG_BYTES) throw new FieldCipherError('a sealed value is cut short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(associatedData(context));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new FieldCipherError(
      `a value sealed with key ${keyId} does not open as ${context.split(':')[0]}: altered or moved`,
    );
  }
}

/**
 * What services seal and open private text with. `keyring()` may change while the process runs: a keyring
 * kept in DATA_DIR/secrets is read again when a value names a key it does not know yet (another process
 * rotated the key), at most once a second.
 */
export type FieldCipher = {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
  /** The keyring in use now. */
  keyring(): Keyring;
};

export function createFieldCipher(source: { load(): Keyring; reloadable: boolean }): FieldCipher {
  let keyring = source.load();
  let loadedAt = Date.now();
  const reload = () => {
    if (!source.reloadable || Date.now() - loadedAt < 1000) return false;
    keyring = source.load();
    loadedAt = Date.now();
    return true;
  };
  return {
    seal: (plain, context) => sealWith(keyring, plain, context),
    open(stored, context) {
      const keyId = sealedKeyId(stored);
      if (keyId && !keyring.keys.has(keyId)) reload();
      return openWith(keyring, stored, context);
    },
    keyring: () => keyring,
  };
}

/** A cipher over a fixed keyring (tests, benches, tools). */
export function fixedFieldCipher(keyring: Keyring): FieldCipher {
  return createFieldCipher({ load: () => keyring, reloadable: false });
}

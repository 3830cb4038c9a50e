import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets kept in the database (the e-mail provider key): AES-256-GCM under a key derived from
 * SESSION_SECRET with HKDF-SHA256. The secret's name is authenticated with it, so a ciphertext copied to
 * another name does not open. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * Changing SESSION_SECRET makes stored secrets unreadable: they have to be set again.
 */

const VERSION = 'v1';
const HKDF_INFO = 'mirror secret-box v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
}

export function sealSecret(secret: string, name: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The plaintext of a sealed secret; throws SecretBoxError if it is malformed, altered, or for another key or name. */
export function openSecret(secret: string, name: string, sealed: string): string {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    data === undefined ||
    extra !== undefined
  ) {
    throw new SecretBoxError('not a sealed secret of this version');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
    throw new SecretBoxError('sealed secret has a malformed IV or tag');
  }
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(name, 'utf8'));
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(`the secret ${name} cannot be opened: altered, or sealed with another key`);
  }
}

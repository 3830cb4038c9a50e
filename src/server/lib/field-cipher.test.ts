import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addKeyToKeyringFile,
  ensureKeyringFile,
  keyringFilePath,
  keyringSource,
  parseEncryptionKey,
  parseEncryptionKeyList,
  readKeyringFile,
} from './encryption-keys';
import {
  createFieldCipher,
  createKeyring,
  FieldCipherError,
  fixedFieldCipher,
  isSealed,
  keyIdOf,
  openWith,
  sealedKeyId,
  sealWith,
} from './field-cipher';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-keys-'));
  dirs.push(dir);
  return dir;
}

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const CONTEXT = 'entries.content_text:user-1';

describe('the field cipher', () => {
  it('seals into the self-describing form and opens again, a fresh nonce each time', () => {
    const keyring = createKeyring(keyA);
    const text = 'Heute war ich müde 😴, und das ist okay.';
    const first = sealWith(keyring, text, CONTEXT);
    const second = sealWith(keyring, text, CONTEXT);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(first)).toBe(keyIdOf(keyA));
    expect(first).not.toBe(second);
    expect(first).not.toContain('müde');
    expect(openWith(keyring, first, CONTEXT)).toBe(text);
    expect(openWith(keyring, second, CONTEXT)).toBe(text);
    expect(openWith(keyring, sealWith(keyring, '', CONTEXT), CONTEXT)).toBe('');
  });

  it('reads plaintext written before encryption as it is', () => {
    const keyring = createKeyring(keyA);
    expect(isSealed('I walked by the river.')).toBe(false);
    expect(openWith(keyring, 'I walked by the river.', CONTEXT)).toBe('I walked by the river.');
    expect(openWith(keyring, '', CONTEXT)).toBe('');
  });

  it('refuses a value that was altered, cut, or moved to another column or person', () => {
    const keyring = createKeyring(keyA);
    const sealed = sealWith(keyring, 'private words', CONTEXT);
    const body = sealed.split('.')[3] ?? '';
    const flipped = `${body.slice(0, 5)}${body[5] === 'A' ? 'B' : 'A'}${body.slice(6)}`;
    expect(() => openWith(keyring, sealed.replace(body, flipped), CONTEXT)).toThrow(FieldCipherError);
    expect(() => openWith(keyring, sealed.replace(body, body.slice(0, 22)), CONTEXT)).toThrow(
      FieldCipherError,
    );
    expect(() => openWith(keyring, sealed, 'entries.content_text:user-2')).toThrow(FieldCipherError);
    expect(() => openWith(keyring, sealed, 'bubbles.name:user-1')).toThrow(FieldCipherError);
  });

  it('refuses the wrong key, naming the key id and never the text', () => {
    const sealed = sealWith(createKeyring(keyA), 'private words', CONTEXT);
    const other = createKeyring(keyB);
    expect(() => openWith(other, sealed, CONTEXT)).toThrow(/key .{8}, which is not configured/);
    // A key under the same id but with other bytes does not open it either.
    const impostor = { current: other.current, keys: new Map([[keyIdOf(keyA), keyB]]) };
    expect(() => openWith(impostor, sealed, CONTEXT)).toThrow(FieldCipherError);
    try {
      openWith(other, sealed, CONTEXT);
    } catch (error) {
      expect((error as Error).message).not.toContain('private');
    }
  });

  it('opens values of older keys and seals with the current one (rotation)', () => {
    const old = sealWith(createKeyring(keyA), 'before', CONTEXT);
    const rotated = createKeyring(keyB, [keyA]);
    expect(openWith(rotated, old, CONTEXT)).toBe('before');
    expect(sealedKeyId(sealWith(rotated, 'after', CONTEXT))).toBe(keyIdOf(keyB));
    const cipher = fixedFieldCipher(rotated);
    expect(cipher.open(cipher.seal('x', CONTEXT), CONTEXT)).toBe('x');
  });
});

describe('encryption keys', () => {
  it('takes 64 hex characters or base64 of 32 bytes, nothing else', () => {
    expect(parseEncryptionKey(keyA.toString('hex'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey(keyA.toString('base64'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey(keyA.toString('base64url'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey('too short')).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(24).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(33).toString('hex'))).toBeUndefined();
    expect(parseEncryptionKeyList(`${keyA.toString('hex')}, ${keyB.toString('base64')}`)).toHaveLength(2);
    expect(() => parseEncryptionKeyList(`${keyA.toString('hex')},nope`)).toThrow(/key 2 must be 32/);
  });

  it('generates a keyring file once, private to the owner, the same for processes starting together', () => {
    const dataDir = tempDir();
    const file = keyringFilePath(dataDir);
    const first = ensureKeyringFile(file);
    expect(first).toHaveLength(1);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureKeyringFile(file)[0]?.equals(first[0] as Buffer)).toBe(true);
    // Nothing half-written or temporary is left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['encryption-keys']);
  });

  it('a rotated file seals with its new key and still opens with the old one', () => {
    const dataDir = tempDir();
    const source = keyringSource({ encryption: { key: undefined, oldKeys: [] }, dataDir });
    const before = createFieldCipher(source);
    const sealed = before.seal('kept', CONTEXT);
    const added = addKeyToKeyringFile(keyringFilePath(dataDir));
    expect(readKeyringFile(keyringFilePath(dataDir))).toHaveLength(2);
    const after = createFieldCipher(source);
    expect(after.keyring().current.id).toBe(keyIdOf(added));
    expect(after.open(sealed, CONTEXT)).toBe('kept');
    expect(fs.statSync(keyringFilePath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('with ENCRYPTION_KEY set, keys of an existing file still open what they sealed', () => {
    const dataDir = tempDir();
    const fromFile = createFieldCipher(
      keyringSource({ encryption: { key: undefined, oldKeys: [] }, dataDir }),
    );
    const sealed = fromFile.seal('generated first', CONTEXT);
    const configured = createFieldCipher(
      keyringSource({ encryption: { key: keyA, oldKeys: [keyB] }, dataDir }),
    );
    expect(configured.keyring().current.id).toBe(keyIdOf(keyA));
    expect(configured.keyring().keys.size).toBe(3);
    expect(configured.open(sealed, CONTEXT)).toBe('generated first');
  });

  it('a process learns a key another process added to the shared file', () => {
    // The file is read again at most once a second by Date.now(), which only the test moves here.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const dataDir = tempDir();
      const source = keyringSource({ encryption: { key: undefined, oldKeys: [] }, dataDir });
      const reader = createFieldCipher(source);
      addKeyToKeyringFile(keyringFilePath(dataDir));
      const writer = createFieldCipher(source);
      const sealed = writer.seal('new key', CONTEXT);
      vi.advanceTimersByTime(1100);
      expect(reader.open(sealed, CONTEXT)).toBe('new key');
    } finally {
      vi.useRealTimers();
    }
  });
});

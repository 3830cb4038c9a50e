import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane (about 50 ms here). */
// 2 is Algorithm.Argon2id (a const enum, which this build cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyStaffPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a throwaway hash, so that signing in with an unknown address takes as long
 * as with a known one (the answer must not tell which addresses are staff).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashStaffPassword('not the password of anybody');
  await verifyStaffPassword(await dummyHash, password);
  return false;
}

import { createKeyring, type FieldCipher, fixedFieldCipher } from '../lib/field-cipher';

/** The key the in-process test app seals private text with (a fixed one: tests read raw rows with it). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 0x5a);

/** A cipher over the test key, as the test app uses it. */
export function createTestCipher(): FieldCipher {
  return fixedFieldCipher(createKeyring(TEST_ENCRYPTION_KEY));
}

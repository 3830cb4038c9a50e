import type { FieldCipher } from './field-cipher';

/**
 * The one way private text goes into and comes out of the database (issue 17, decision 045): a reflection's
 * text, a week's insight, the onboarding answers and the first name taken from them, and the names, the
 * "who" and the "when" of a person's bubbles. Each is sealed for its column and its owner, so SQL never looks inside them (no
 * `btrim(content_text)`, no text search in SQL): searching happens in the process, per person.
 */
export const PRIVATE_COLUMNS = [
  'entries.content_text',
  'summaries.content',
  'profiles.first_name',
  'profiles.answers',
  'bubbles.name',
  'bubbles.who_trusted',
  'bubbles.when_label',
] as const;
export type PrivateColumn = (typeof PRIVATE_COLUMNS)[number];

/** The associated data of a sealed value: where it belongs. */
export const privateContext = (column: PrivateColumn, ownerId: string) => `${column}:${ownerId}`;

export type PrivateText = {
  seal(column: PrivateColumn, plain: string): string;
  open(column: PrivateColumn, stored: string): string;
};

/** Sealing and opening the private text of one person. */
export function privateTextOf(cipher: FieldCipher, ownerId: string): PrivateText {
  return {
    seal: (column, plain) => cipher.seal(plain, privateContext(column, ownerId)),
    open: (column, stored) => cipher.open(stored, privateContext(column, ownerId)),
  };
}

/**
 * The one way private text goes into and comes out of the database: a reflection's text
 * (`entries.content_text`) and a week's insight (`summaries.content`). Today they are stored as written;
 * encryption at rest (issue 17) replaces these two functions, and nothing else reads or writes those
 * columns. SQL must therefore never look inside them (no `btrim(content_text)`, no text search in SQL).
 */
export function sealPrivateText(plain: string): string {
  return plain;
}

export function openPrivateText(stored: string): string {
  return stored;
}

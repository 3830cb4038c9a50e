import type { ByteRange } from '../../lib/storage/storage';

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a `Range` header (RFC 9110 §14) against an object of `size` bytes. One range only: a header we do
 * not understand, or one asking for several ranges, is ignored (undefined: send the whole object), which
 * the RFC allows. 'unsatisfiable' means answer 416.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  const start = first === '' ? undefined : Number(first);
  const end = last === '' ? undefined : Number(last);
  if (
    (start !== undefined && !Number.isSafeInteger(start)) ||
    (end !== undefined && !Number.isSafeInteger(end))
  ) {
    return undefined;
  }

  if (start === undefined) {
    // bytes=-n: the last n bytes.
    if (end === undefined || end === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - end), end: size - 1 };
  }
  if (end !== undefined && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}

function entityTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

/** `If-None-Match` uses the weak comparison: `W/"x"` matches `"x"`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = entityTags(header);
  return tags.includes('*') || tags.includes(etag);
}

/**
 * `If-Range` lets a client resume a download only if the object is unchanged (strong comparison). We send
 * no Last-Modified, so a date there can never be confirmed and the whole object is sent.
 */
export function ifRangeAllows(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}

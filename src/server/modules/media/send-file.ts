import { Readable } from 'node:stream';
import type { Bucket } from '@shared/domain/media';
import type { Context } from 'hono';
import {
  type ByteRange,
  RangeNotSatisfiableError,
  type Storage,
  type StoredObject,
} from '../../lib/storage/storage';
import { ifNoneMatchHits, ifRangeAllows, parseRangeHeader } from './byte-range';

/** Types a browser may render in place from our origin; anything else is offered as a download. */
const INLINE_TYPE = /^(video\/[a-z0-9.+-]+|image\/(gif|png|jpeg|webp|avif))$/i;

export function fileNotFound(c: Context) {
  return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
}

function objectHeaders(object: StoredObject, cacheControl: string): Record<string, string> {
  const inline = INLINE_TYPE.test(object.contentType);
  return {
    'Content-Type': inline ? object.contentType : 'application/octet-stream',
    ...(!inline && { 'Content-Disposition': 'attachment' }),
    'Accept-Ranges': 'bytes',
    ETag: object.etag,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
}

function unsatisfiable(c: Context, size: number) {
  return c.body(null, 416, { 'Content-Range': `bytes */${size}`, 'Cache-Control': 'no-store' });
}

/**
 * Streams a stored file with single byte ranges (video seeking, Safari requires them) and ETag
 * revalidation; whoever calls it has decided that the asker may see the file. HEAD (answered by Hono with
 * the GET route) gets the headers without the file being opened.
 */
export async function sendStoredFile(
  c: Context,
  input: { storage: Storage; bucket: Bucket; name: string; cacheControl: string },
): Promise<Response> {
  const { storage, bucket, name, cacheControl } = input;
  const object = await storage.stat(bucket, name);
  if (!object) return fileNotFound(c);

  if (ifNoneMatchHits(c.req.header('if-none-match'), object.etag)) {
    return c.body(null, 304, { ETag: object.etag, 'Cache-Control': cacheControl });
  }
  if (c.req.method === 'HEAD') {
    return c.body(null, 200, {
      ...objectHeaders(object, cacheControl),
      'Content-Length': String(object.size),
    });
  }

  // Range requests are defined for GET only (RFC 9110 §14.2).
  let range: ByteRange | undefined;
  if (ifRangeAllows(c.req.header('if-range'), object.etag)) {
    const parsed = parseRangeHeader(c.req.header('range'), object.size);
    if (parsed === 'unsatisfiable') return unsatisfiable(c, object.size);
    range = parsed;
  }

  let result: Awaited<ReturnType<Storage['get']>>;
  try {
    result = await storage.get(bucket, name, range);
  } catch (error) {
    // The object shrank between stat and get.
    if (error instanceof RangeNotSatisfiableError) return unsatisfiable(c, error.size);
    throw error;
  }
  if (!result) return fileNotFound(c);

  const served = result.object;
  // Node's Readable.toWeb honours back-pressure since 20.18; its type is node's web stream, not the DOM's.
  const body = Readable.toWeb(result.body) as unknown as ReadableStream<Uint8Array>;
  if (!result.range) {
    return c.body(body, 200, {
      ...objectHeaders(served, cacheControl),
      'Content-Length': String(served.size),
    });
  }
  const { start, end } = result.range;
  return c.body(body, 206, {
    ...objectHeaders(served, cacheControl),
    'Content-Length': String(end - start + 1),
    'Content-Range': `bytes ${start}-${end}/${served.size}`,
  });
}

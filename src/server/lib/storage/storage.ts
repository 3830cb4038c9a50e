import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BUCKETS, type Bucket } from '@shared/domain/media';

/**
 * Object storage for uploaded and default media. Shaped like S3 (buckets of named objects, ranged reads,
 * no partial writes) so the filesystem driver can be swapped for an S3 one without touching callers.
 */
export type StoredObject = { name: string; createdAt: Date; size: number; contentType: string; etag: string };

/** Inclusive on both ends, like HTTP's `bytes=start-end`. */
export type ByteRange = { start: number; end: number };

export type ListOptions = {
  /** Only names starting with this, e.g. `newsletter-gif/` for one folder. */
  prefix?: string;
  /** Default 100 (spec §9). */
  limit?: number;
  /** Default 0. */
  offset?: number;
  /** Default name ascending (spec §9). */
  sortBy?: { column: 'name' | 'created_at' | 'size'; order: 'asc' | 'desc' };
};

export type PutOptions = {
  /** The upload is aborted as soon as the body exceeds this; nothing is stored. */
  maxBytes: number;
  contentType: string;
  /** Replace an existing object; by default an existing name is refused (spec §9: upsert false). */
  upsert?: boolean;
  /** The object's creation time; default now. Copies and restores keep the original's. */
  createdAt?: Date;
};

export type Storage = {
  /** Stores the whole body or nothing. Throws ObjectTooLargeError, ObjectExistsError, InvalidObjectNameError. */
  put(bucket: Bucket, name: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** The object and a stream of its bytes (of `range` only, clamped to the size); undefined when missing. */
  get(
    bucket: Bucket,
    name: string,
    range?: ByteRange,
  ): Promise<{ object: StoredObject; body: Readable; range?: ByteRange } | undefined>;
  stat(bucket: Bucket, name: string): Promise<StoredObject | undefined>;
  /** True when something was deleted. */
  delete(bucket: Bucket, name: string): Promise<boolean>;
  list(bucket: Bucket, options?: ListOptions): Promise<StoredObject[]>;
  /** Resolves when objects can be stored and read; throws a StorageError saying why not. */
  check(): Promise<void>;
};

export class StorageError extends Error {
  override name = 'StorageError';
}

export class InvalidObjectNameError extends StorageError {
  override name = 'InvalidObjectNameError';
}

export class UnknownBucketError extends StorageError {
  override name = 'UnknownBucketError';
}

export class ObjectExistsError extends StorageError {
  override name = 'ObjectExistsError';
}

export class ObjectTooLargeError extends StorageError {
  override name = 'ObjectTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`object is larger than ${maxBytes} bytes`);
  }
}

export class RangeNotSatisfiableError extends StorageError {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range is outside the object's ${size} bytes`);
  }
}

export const MAX_OBJECT_NAME_LENGTH = 200;
const NAME_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

export function assertBucket(value: string): asserts value is Bucket {
  if (!isBucket(value)) throw new UnknownBucketError(`unknown bucket ${JSON.stringify(value)}`);
}

/**
 * Names reach the file system (or an S3 key), so only a strict shape passes: one or two segments of
 * [A-Za-z0-9._-], none starting with a dot (no `..`, no hidden files, and the drivers' own dot-files cannot
 * be addressed), at most 200 characters.
 */
export function assertSafeObjectName(name: string): void {
  const segments = name.split('/');
  const valid =
    name.length > 0 &&
    name.length <= MAX_OBJECT_NAME_LENGTH &&
    segments.length <= 2 &&
    segments.every((segment) => NAME_SEGMENT.test(segment));
  if (!valid) throw new InvalidObjectNameError(`invalid object name ${JSON.stringify(name.slice(0, 80))}`);
}

export function isSafeObjectName(name: string): boolean {
  try {
    assertSafeObjectName(name);
    return true;
  } catch {
    return false;
  }
}

/** A server-chosen name like `1764000000000-k3j9x0qa.mp4` (spec §7: timestamp, random part, extension). */
export function generateObjectName(extension: string, now: Date): string {
  if (!EXTENSION.test(extension)) throw new InvalidObjectNameError(`invalid extension ${extension}`);
  let random = '';
  for (let i = 0; i < 8; i++) random += BASE36[randomInt(BASE36.length)];
  return `${now.getTime()}-${random}.${extension}`;
}

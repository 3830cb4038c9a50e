import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Bucket } from '@shared/domain/media';
import type { S3Config } from '../../config';
import { type Clock, systemClock } from '../clock';
import {
  assertBucket,
  assertSafeObjectName,
  type ByteRange,
  isSafeObjectName,
  type ListOptions,
  ObjectExistsError,
  ObjectTooLargeError,
  type PutOptions,
  RangeNotSatisfiableError,
  type Storage,
  StorageError,
  type StoredObject,
} from './storage';

/**
 * Bytes per multipart part. Upload buffers one part while `UPLOAD_QUEUE_SIZE` others are in flight, so an
 * upload holds at most (1 + queue) × part size in memory, whatever the body's size. S3's minimum is 5 MB.
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;
/** HEAD requests at a time when a listing needs each object's metadata. */
const HEAD_CONCURRENCY = 8;
/** Our own metadata (`x-amz-meta-created-at`): the app's clock, not the server's LastModified. */
const CREATED_AT_METADATA = 'created-at';

export type S3Storage = Storage & {
  /** Closes the client's idle connections. */
  destroy(): void;
};

type ObjectHead = {
  ContentLength?: number;
  ContentType?: string;
  ETag?: string;
  LastModified?: Date;
  Metadata?: Record<string, string>;
};

/**
 * The SDK's client for `config`: path-style addressing (`<endpoint>/<bucket>/<key>`) when an endpoint is
 * set, as MinIO and most S3-compatible servers need; AWS's virtual-hosted style otherwise.
 */
export function createS3Client(config: S3Config): S3Client {
  // The SDK warns once on Node 20 that releases after January 2027 need Node 22 (our engines allow
  // >=20.19). This variable is the SDK's documented opt-out (aws/aws-sdk-js-v3#7983); an operator's own
  // value wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers reject the newer default
    // trailing checksums, and validating a whole video's checksum on every read costs CPU for nothing
    // TLS does not already give.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

/** S3 ETags are quoted (`"<md5>"`, `"<md5>-<parts>"`); some compatible servers leave the quotes off. */
function quotedEtag(etag: string | undefined): string | undefined {
  if (!etag) return undefined;
  return etag.startsWith('"') || etag.startsWith('W/"') ? etag : `"${etag}"`;
}

function describeObject(name: string, head: ObjectHead, size: number): StoredObject {
  const recorded = head.Metadata?.[CREATED_AT_METADATA];
  const recordedDate = recorded ? new Date(recorded) : undefined;
  return {
    name,
    // Objects put into the bucket by other tools have no created-at of ours.
    createdAt:
      recordedDate && !Number.isNaN(recordedDate.getTime())
        ? recordedDate
        : (head.LastModified ?? new Date(0)),
    size,
    contentType: head.ContentType ?? 'application/octet-stream',
    etag: quotedEtag(head.ETag) ?? `"${size.toString(36)}"`,
  };
}

/** `bytes <start>-<end>/<size>` of a 206 answer. */
function parseContentRange(value: string | undefined) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/**
 * `take` bytes of `source` after skipping `skip`, for a server that answered a range request with more than
 * was asked (a 200 with the whole object is allowed by HTTP; s3rver sends everything for `bytes=0-0`).
 */
function sliceStream(source: Readable, skip: number, take: number): Readable {
  async function* slice() {
    let toSkip = skip;
    let toTake = take;
    // Leaving the loop early destroys the source, which frees its connection.
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let part = chunk;
      if (toSkip > 0) {
        const skipped = Math.min(toSkip, part.length);
        toSkip -= skipped;
        part = part.subarray(skipped);
      }
      if (part.length === 0) continue;
      const taken = part.subarray(0, toTake);
      toTake -= taken.length;
      yield taken;
      if (toTake === 0) return;
    }
    if (toTake > 0) throw new StorageError('the S3 server sent fewer bytes than the range holds');
  }
  return Readable.from(slice(), { objectMode: false });
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function compareBy(sortBy: NonNullable<ListOptions['sortBy']>) {
  const direction = sortBy.order === 'desc' ? -1 : 1;
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return <T extends { name: string; size: number; createdAt?: Date }>(a: T, b: T) => {
    const key = (entry: T) =>
      sortBy.column === 'size'
        ? entry.size
        : sortBy.column === 'created_at'
          ? (entry.createdAt?.getTime() ?? 0)
          : 0;
    return direction * (key(a) - key(b) || byName(a, b));
  };
}

/**
 * Objects in one S3 bucket (`config.bucket`), our buckets being key prefixes: `<bucket>/<name>`. Bodies are
 * streamed with multipart uploads and never held whole in memory; the size limit is enforced while they
 * stream, and an upload that fails is aborted so no part is left behind.
 *
 * `upsert: false` checks with a HEAD first and sends `If-None-Match: *`, which S3 (since 2024) and MinIO
 * honour atomically; on a server that ignores it (s3rver) two simultaneous uploads of one name can both
 * succeed and the later one wins.
 */
export function createS3Storage(config: S3Config, options: { clock?: Clock } = {}): S3Storage {
  const clock = options.clock ?? systemClock;
  const client = createS3Client(config);
  const Bucket = config.bucket;

  const keyOf = (bucket: Bucket, name: string) => {
    assertBucket(bucket);
    assertSafeObjectName(name);
    return `${bucket}/${name}`;
  };

  const head = async (key: string): Promise<ObjectHead | undefined> => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (httpStatus(error) === 404) return undefined;
      throw error;
    }
  };

  const statKey = async (key: string, name: string) => {
    const found = await head(key);
    return found && describeObject(name, found, found.ContentLength ?? 0);
  };

  /** Every valid object of `bucket` whose name starts with `prefix`, with its size, one request per 1,000. */
  const listEntries = async (bucket: Bucket, prefix: string) => {
    const entries: { name: string; size: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${bucket}/${prefix}`, ContinuationToken }),
      );
      for (const item of page.Contents ?? []) {
        const name = item.Key?.slice(bucket.length + 1) ?? '';
        if (isSafeObjectName(name)) entries.push({ name, size: item.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return entries;
  };

  return {
    async put(bucket, name, body, putOptions: PutOptions) {
      let key: string;
      try {
        key = keyOf(bucket, name);
        // Spares reading a body that cannot be stored; If-None-Match below is the real check.
        if (!putOptions.upsert && (await head(key))) {
          throw new ObjectExistsError(`${bucket}/${name} already exists`);
        }
      } catch (error) {
        body.destroy();
        throw error;
      }

      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > putOptions.maxBytes) {
            callback(new ObjectTooLargeError(putOptions.maxBytes));
            return;
          }
          callback(null, chunk);
        },
      });
      // A failure on either side destroys both, so the source stops being read at once; Upload sees the
      // error through `limit` and aborts the multipart upload before `done()` rejects.
      pipeline(body, limit, () => undefined);

      const createdAt = putOptions.createdAt ?? clock.now();
      const upload = new Upload({
        client,
        partSize: S3_PART_SIZE,
        queueSize: UPLOAD_QUEUE_SIZE,
        params: {
          Bucket,
          Key: key,
          Body: limit,
          ContentType: putOptions.contentType,
          Metadata: { [CREATED_AT_METADATA]: createdAt.toISOString() },
          ...(!putOptions.upsert && { IfNoneMatch: '*' }),
        },
      });
      let etag: string | undefined;
      try {
        etag = quotedEtag((await upload.done()).ETag);
      } catch (error) {
        limit.destroy();
        const status = httpStatus(error);
        // 412: the name appeared since the HEAD; 409: another conditional write of it is in progress.
        const conflict =
          status === 409 && error instanceof Error && error.name === 'ConditionalRequestConflict';
        if (!putOptions.upsert && (status === 412 || conflict)) {
          throw new ObjectExistsError(`${bucket}/${name} already exists`);
        }
        throw error;
      }
      if (etag) return { name, createdAt, size, contentType: putOptions.contentType, etag };
      const stored = await statKey(key, name);
      if (!stored) throw new StorageError(`${bucket}/${name} is missing right after its upload`);
      return stored;
    },

    async get(bucket, name, range?: ByteRange) {
      const key = keyOf(bucket, name);
      const unsatisfiable = async () => {
        const object = await statKey(key, name);
        if (!object) return undefined;
        throw new RangeNotSatisfiableError(object.size);
      };
      if (range && !(Number.isSafeInteger(range.start) && range.start >= 0 && range.end >= range.start)) {
        return unsatisfiable();
      }
      const end = range && Number.isSafeInteger(range.end) ? range.end : '';
      let response: GetObjectCommandOutput;
      try {
        response = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${end}` : undefined,
          }),
        );
      } catch (error) {
        const status = httpStatus(error);
        if (status === 404) return undefined;
        if (status === 416) return unsatisfiable();
        throw error;
      }
      const body = response.Body as Readable;
      const served = parseContentRange(response.ContentRange);
      const object = describeObject(name, response, served?.size ?? response.ContentLength ?? 0);
      if (!range) return { object, body };

      const wanted = { start: range.start, end: Math.min(range.end, object.size - 1) };
      // A 200 carries the whole object.
      const servedStart = served?.start ?? 0;
      const servedEnd = served?.end ?? object.size - 1;
      if (wanted.start > wanted.end) {
        body.destroy();
        throw new RangeNotSatisfiableError(object.size);
      }
      if (servedStart === wanted.start && servedEnd === wanted.end) return { object, body, range: wanted };
      if (servedStart > wanted.start || servedEnd < wanted.end) {
        body.destroy();
        throw new StorageError(
          `the S3 server answered bytes ${servedStart}-${servedEnd} for ${wanted.start}-${wanted.end}`,
        );
      }
      return {
        object,
        body: sliceStream(body, wanted.start - servedStart, wanted.end - wanted.start + 1),
        range: wanted,
      };
    },

    async stat(bucket, name) {
      return statKey(keyOf(bucket, name), name);
    },

    async delete(bucket, name) {
      const key = keyOf(bucket, name);
      // DeleteObject answers 204 whether or not the key existed.
      if (!(await head(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      return true;
    },

    /**
     * Lists the whole prefix (S3 lists by key only), sorts, then HEADs the page's objects for their type and
     * creation time. Sorting by created_at HEADs every object of the prefix, since only HEAD carries it.
     */
    async list(bucket, listOptions: ListOptions = {}) {
      assertBucket(bucket);
      const limit = Math.max(0, listOptions.limit ?? 100);
      const offset = Math.max(0, listOptions.offset ?? 0);
      const sortBy = listOptions.sortBy ?? { column: 'name', order: 'asc' };
      const entries = await listEntries(bucket, listOptions.prefix ?? '');
      const describe = (entry: { name: string }) => statKey(`${bucket}/${entry.name}`, entry.name);

      let objects: (StoredObject | undefined)[];
      if (sortBy.column === 'created_at') {
        const all = await mapLimited(entries, HEAD_CONCURRENCY, describe);
        objects = all
          .filter((object) => object !== undefined)
          .sort(compareBy(sortBy))
          .slice(offset, offset + limit);
      } else {
        const page = entries.sort(compareBy(sortBy)).slice(offset, offset + limit);
        objects = await mapLimited(page, HEAD_CONCURRENCY, describe);
      }
      // An object deleted between the listing and its HEAD is left out.
      return objects.filter((object) => object !== undefined);
    },

    /** Resolves when the bucket exists and the credentials may use it. */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = httpStatus(error);
        const where = config.endpoint ?? `AWS region ${config.region}`;
        const reason =
          status === 404
            ? 'it does not exist (create it first)'
            : status === 403 || status === 401
              ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
              : status !== undefined
                ? `the server answered ${status}`
                : error instanceof Error
                  ? (error.message.split('\n')[0] ?? error.name) || error.name
                  : String(error);
        throw new StorageError(`S3 bucket "${Bucket}" at ${where} is not usable: ${reason}`);
      }
    },

    destroy() {
      client.destroy();
    },
  };
}

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BUCKETS, type Bucket } from '@shared/domain/media';
import type { Storage, StoredObject } from '../lib/storage/storage';

/** A stored object, named with its bucket. */
export type ObjectRef = { bucket: Bucket; object: StoredObject };

export type StorageCopyReport = {
  copied: { count: number; bytes: number };
  /** Already in the target with the same size and checksum. */
  skipped: number;
  /** In the target with other content, replaced (`force`). */
  replaced: string[];
  /** In the target only; left as they are. */
  foreign: string[];
};

export class StorageTargetNotEmptyError extends Error {
  override name = 'StorageTargetNotEmptyError';
  constructor(
    readonly differing: string[],
    readonly foreign: string[],
  ) {
    const parts = [
      differing.length > 0 &&
        `${differing.length} with other content than here (${differing.slice(0, 3).join(', ')})`,
      foreign.length > 0 && `${foreign.length} that are not here (${foreign.slice(0, 3).join(', ')})`,
    ].filter(Boolean);
    super(`the target storage is not empty: it holds ${parts.join(' and ')}`);
  }
}

export class StorageCopyError extends Error {
  override name = 'StorageCopyError';
}

const PAGE = 1000;

/** Every object of every bucket, page by page. */
export async function listAllObjects(storage: Storage): Promise<ObjectRef[]> {
  const all: ObjectRef[] = [];
  for (const bucket of BUCKETS) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await storage.list(bucket, { limit: PAGE, offset });
      all.push(...page.map((object) => ({ bucket, object })));
      if (page.length < PAGE) break;
    }
  }
  return all;
}

const label = (ref: { bucket: string; object: { name: string } }) => `${ref.bucket}/${ref.object.name}`;

/**
 * The digests that describe an object's bytes: SHA-256, and the ETag S3 gives it when uploaded whole
 * (the MD5) or in parts of `partSize` (the MD5 of the parts' MD5s, `-<parts>`).
 */
export async function digestsOf(body: Readable, partSize: number) {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const partDigests: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
    let rest = chunk;
    while (rest.length > 0) {
      const taken = rest.subarray(0, partSize - inPart);
      part.update(taken);
      inPart += taken.length;
      rest = rest.subarray(taken.length);
      if (inPart === partSize) {
        partDigests.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (inPart > 0) partDigests.push(part.digest());
  const multipart = `${createHash('md5').update(Buffer.concat(partDigests)).digest('hex')}-${partDigests.length}`;
  return { sha256: sha256.digest('hex'), etags: [`"${md5.digest('hex')}"`, `"${multipart}"`] };
}

async function readDigests(storage: Storage, ref: ObjectRef, partSize: number) {
  const got = await storage.get(ref.bucket, ref.object.name);
  if (!got) throw new StorageCopyError(`${label(ref)} vanished while it was being copied`);
  return digestsOf(got.body, partSize);
}

/**
 * Whether `target` holds the same bytes as `source` under the object's name: same size, and an ETag that is
 * the MD5 of the bytes (as uploaded whole or in `partSize` parts); when the ETag is neither (another part
 * size, server-side encryption), the target's bytes are read back and their SHA-256 compared.
 */
async function sameObject(
  target: Storage,
  found: StoredObject,
  expected: { size: number; sha256: string; etags: string[] },
  ref: ObjectRef,
  partSize: number,
): Promise<boolean> {
  if (found.size !== expected.size) return false;
  if (expected.etags.includes(found.etag)) return true;
  const there = await readDigests(target, { bucket: ref.bucket, object: found }, partSize);
  return there.sha256 === expected.sha256;
}

/**
 * Copies every object of `source` into `target` (migrate:s3): objects already there with the same size
 * and checksum are skipped, so a copy that stopped half way can simply run again. A target holding other
 * objects under the app's buckets, or other content under the same name, is refused unless `force`, which
 * replaces differing objects and leaves the others alone. Each copied object is verified afterwards.
 */
export async function copyStorage(
  source: Storage,
  target: Storage,
  options: {
    force: boolean;
    partSize: number;
    onObject?: (name: string, outcome: 'copied' | 'skipped' | 'replaced') => void;
  },
): Promise<StorageCopyReport> {
  const here = await listAllObjects(source);
  const there = new Map((await listAllObjects(target)).map((ref) => [label(ref), ref.object]));
  const names = new Set(here.map(label));
  const foreign = [...there.keys()].filter((name) => !names.has(name));

  const plan: {
    ref: ObjectRef;
    digests: Awaited<ReturnType<typeof digestsOf>>;
    action: 'copy' | 'skip' | 'replace';
  }[] = [];
  for (const ref of here) {
    const digests = await readDigests(source, ref, options.partSize);
    const found = there.get(label(ref));
    const expected = { size: ref.object.size, ...digests };
    const action = !found
      ? 'copy'
      : (await sameObject(target, found, expected, ref, options.partSize))
        ? 'skip'
        : 'replace';
    plan.push({ ref, digests, action });
  }
  const differing = plan.filter((step) => step.action === 'replace').map((step) => label(step.ref));
  if ((differing.length > 0 || foreign.length > 0) && !options.force) {
    throw new StorageTargetNotEmptyError(differing, foreign);
  }

  const report: StorageCopyReport = { copied: { count: 0, bytes: 0 }, skipped: 0, replaced: [], foreign };
  for (const { ref, digests, action } of plan) {
    const name = label(ref);
    if (action === 'skip') {
      report.skipped += 1;
      options.onObject?.(name, 'skipped');
      continue;
    }
    const got = await source.get(ref.bucket, ref.object.name);
    if (!got) throw new StorageCopyError(`${name} vanished while it was being copied`);
    await target.put(ref.bucket, ref.object.name, got.body, {
      maxBytes: ref.object.size,
      contentType: ref.object.contentType,
      createdAt: ref.object.createdAt,
      upsert: action === 'replace',
    });
    const stored = await target.stat(ref.bucket, ref.object.name);
    const expected = { size: ref.object.size, ...digests };
    if (!stored || !(await sameObject(target, stored, expected, ref, options.partSize))) {
      throw new StorageCopyError(`${name} differs from the original after copying it`);
    }
    if (action === 'replace') report.replaced.push(name);
    else {
      report.copied.count += 1;
      report.copied.bytes += ref.object.size;
    }
    options.onObject?.(name, action === 'replace' ? 'replaced' : 'copied');
  }
  return report;
}

import { Transform } from 'node:stream';
import type { VideoFormat } from '@shared/domain/media';
import { createFile, Log, MP4BoxBuffer } from 'mp4box';

/**
 * Checks, while an upload streams past, that a video is one whole, playable container of its format
 * (decision 036): the first bytes only say what a file claims to be, a polyglot or a truncated file passes
 * them. MP4 and QuickTime are read with mp4box (GPAC's parser); WebM with a walk over its EBML elements.
 * Nothing but the few small boxes or elements that describe the media is held in memory.
 */
export class DamagedVideoError extends Error {
  override name = 'DamagedVideoError';
}

/** The most a movie header (`moov`) may take; real ones are well under 1 % of their file. */
const MAX_MOVIE_HEADER_BYTES = 16 * 1024 * 1024;
/** More samples than this in under 100 MB is no video anyone recorded (and each would cost an object). */
const MAX_SAMPLES = 1_000_000;
/** WebM's track list and header are a few hundred bytes. */
const MAX_WEBM_HEADER_BYTES = 1024 * 1024;

const damaged = (why: string) => new DamagedVideoError(why);

// mp4box writes some parse errors straight to the console (bytes of the upload included); every failure
// that matters shows in `onError` or in what it parsed, and the app's log is JSON lines only.
Log.error = () => undefined;

/**
 * A push parser's view of the bytes: hands out headers and small payloads whole, and lets big payloads be
 * skipped without holding them. `position` counts every byte seen so far.
 */
class ByteCursor {
  position = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  push(chunk: Buffer) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
  }

  get available() {
    return this.pendingBytes;
  }

  /** The next `count` bytes, without consuming them, or null while fewer have arrived. */
  peek(count: number): Buffer | null {
    if (this.pendingBytes < count) return null;
    const joined = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    if (!joined) return null;
    this.pending = [joined];
    return joined.subarray(0, count);
  }

  take(count: number): Buffer | null {
    const bytes = this.peek(count);
    if (bytes) this.skip(count);
    return bytes ? Buffer.from(bytes) : null;
  }

  /** Drops up to `count` bytes; returns how many it dropped. */
  skip(count: number): number {
    let dropped = 0;
    while (dropped < count && this.pending.length > 0) {
      const first = this.pending[0] as Buffer;
      const part = Math.min(first.length, count - dropped);
      dropped += part;
      if (part === first.length) this.pending.shift();
      else this.pending[0] = first.subarray(part);
    }
    this.pendingBytes -= dropped;
    this.position += dropped;
    return dropped;
  }
}

type Walker = { feed(cursor: ByteCursor): void; finish(cursor: ByteCursor): void };

/** Reads up to `count` payload bytes that have arrived, into `keep` or dropped; returns how many. */
function readPayload(cursor: ByteCursor, count: number, keep: Buffer[] | null): number {
  if (count === 0) return 0;
  if (!keep) return cursor.skip(count);
  const bytes = cursor.take(Math.min(count, cursor.available));
  if (bytes) keep.push(bytes);
  return bytes?.length ?? 0;
}

// ---- MP4 and QuickTime (ISO base media file format) ----

/** Top-level boxes that may come first in a QuickTime file written before `ftyp` existed. */
const OLD_QUICKTIME_FIRST = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

type TopBox = { type: string; start: number; headerSize: number; size: number };

/** `ftyp` with brand `qt  `: what a QuickTime file written before file type boxes is. */
const QUICKTIME_FILE_TYPE = Buffer.from([
  0, 0, 0, 20, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20, 0, 0, 0, 0, 0x71, 0x74, 0x20, 0x20,
]);

/** Sample counts of every track, from the `stsz`/`stz2` boxes inside a `moov`, before mp4box sees it. */
function sampleCounts(moov: Buffer): number[] {
  const counts: number[] = [];
  const containers = new Set(['trak', 'mdia', 'minf', 'stbl']);
  const walk = (from: number, to: number) => {
    let offset = from;
    while (offset + 8 <= to) {
      let size = moov.readUInt32BE(offset);
      const type = moov.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > to) throw damaged('a box in the movie header is cut off');
        size = Number(moov.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) size = to - offset;
      if (size < header || offset + size > to) throw damaged(`the ${type} box does not fit its parent`);
      if (containers.has(type)) walk(offset + header, offset + size);
      if ((type === 'stsz' || type === 'stz2') && size >= header + 12) {
        counts.push(moov.readUInt32BE(offset + header + 8));
      }
      offset += size;
    }
  };
  walk(8, moov.length);
  return counts;
}

/**
 * Checks the movie header with mp4box: it must parse, describe at least one video track with samples and a
 * duration, and every sample of every track must lie inside an `mdat` of the file.
 */
function checkMovie(boxes: TopBox[], ftyp: Buffer | null, moov: Buffer) {
  const counts = sampleCounts(moov);
  if (counts.reduce((sum, count) => sum + count, 0) > MAX_SAMPLES) throw damaged('too many samples');
  const file = createFile();
  let parseError: string | null = null;
  file.onError = (_module: string, message: string) => {
    parseError = message;
  };
  const toBuffer = (bytes: Buffer, start: number) =>
    MP4BoxBuffer.fromArrayBuffer(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
      start,
    );
  // mp4box reads the two as one run of bytes, the movie header right after the file type (QuickTime files
  // from before `ftyp` get a QuickTime one). Where the movie header really sits changes nothing: samples
  // are found by the absolute offsets in its chunk tables, checked against the real media data below.
  const fileType = ftyp ?? QUICKTIME_FILE_TYPE;
  file.appendBuffer(toBuffer(fileType, 0));
  file.appendBuffer(toBuffer(moov, fileType.length));
  file.flush();
  if (parseError) throw damaged(`the movie header does not parse: ${parseError}`);
  const info = file.getInfo();
  if (!info.tracks || info.tracks.length === 0) throw damaged('the movie has no tracks');
  if (info.isFragmented) throw damaged('fragmented movies are not accepted');
  if (!info.tracks.some((track) => track.video && track.nb_samples > 0 && track.duration > 0)) {
    throw damaged('the movie has no video track with frames');
  }
  const media = boxes
    .filter((box) => box.type === 'mdat')
    .map((box) => ({ from: box.start + box.headerSize, to: box.start + box.size }));
  for (const track of info.tracks) {
    for (const sample of file.getTrackById(track.id).samples ?? []) {
      const end = sample.offset + sample.size;
      if (!media.some((range) => sample.offset >= range.from && end <= range.to)) {
        throw damaged(`a sample of track ${track.id} lies outside the media data`);
      }
    }
  }
}

function isoBmffWalker(): Walker {
  const boxes: TopBox[] = [];
  let ftyp: Buffer | null = null;
  let moov: { bytes: Buffer; start: number } | null = null;
  /** The box being read: its header is known, `remaining` bytes of its payload are still to come. */
  let current: (TopBox & { remaining: number; keep: Buffer[] | null }) | null = null;

  return {
    feed(cursor) {
      for (;;) {
        if (current) {
          current.remaining -= readPayload(cursor, current.remaining, current.keep);
          if (current.remaining > 0) return;
          if (current.keep) {
            const whole = Buffer.concat(current.keep);
            if (current.type === 'ftyp') ftyp = whole;
            else moov = { bytes: whole, start: current.start };
          }
          current = null;
          continue;
        }
        const head = cursor.peek(8);
        if (!head) return;
        let size = head.readUInt32BE(0);
        const type = head.toString('latin1', 4, 8);
        let headerSize = 8;
        if (size === 1) {
          const large = cursor.peek(16);
          if (!large) return;
          size = Number(large.readBigUInt64BE(8));
          headerSize = 16;
        }
        if (size === 0) throw damaged('a box that runs to the end of the file is not accepted');
        if (size < headerSize) throw damaged(`the ${JSON.stringify(type)} box has an impossible size`);
        const start = cursor.position;
        if (boxes.length === 0 && type !== 'ftyp' && !OLD_QUICKTIME_FIRST.has(type)) {
          throw damaged('the file does not start with a file type or movie box');
        }
        if (type === 'moof') throw damaged('fragmented movies are not accepted');
        const keep = type === 'ftyp' || type === 'moov';
        if (keep && (ftyp || moov) && ((type === 'ftyp' && ftyp) || (type === 'moov' && moov))) {
          throw damaged(`the file holds two ${type} boxes`);
        }
        if (type === 'moov' && size > MAX_MOVIE_HEADER_BYTES) throw damaged('the movie header is too large');
        // mp4box reads the kept boxes whole, header included.
        const header = cursor.take(headerSize) as Buffer;
        boxes.push({ type, start, headerSize, size });
        current = {
          type,
          start,
          headerSize,
          size,
          remaining: size - headerSize,
          keep: keep ? [header] : null,
        };
      }
    },
    finish(cursor) {
      if (current || cursor.available > 0) throw damaged('the file is cut off in the middle of a box');
      if (!moov) throw damaged('the file has no movie header (moov)');
      if (!boxes.some((box) => box.type === 'mdat')) throw damaged('the file has no media data (mdat)');
      const movie: { bytes: Buffer; start: number } = moov;
      checkMovie(boxes, ftyp, movie.bytes);
    },
  };
}

// ---- WebM (Matroska's EBML) ----

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const DOC_TYPE = 0x4282;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** The elements a Segment holds directly; an unknown-size Cluster ends where the next of them begins. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  0x1549a966, // Info
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1941a469, // Attachments
  0x1043a770, // Chapters
  0x1254c367, // Tags
]);
/** WebM's video codecs (the WebM container guidelines). */
const WEBM_VIDEO_CODECS = new Set(['V_VP8', 'V_VP9', 'V_AV1']);

/** An EBML variable-length integer at the start of `bytes`: its length and value (null: "unknown"). */
function readVint(bytes: Buffer, keepMarker: boolean): { length: number; value: number | null } | null {
  const first = bytes[0];
  if (first === undefined) return null;
  if (first === 0) throw damaged('an element number or size is longer than 8 bytes');
  const length = Math.clz32(first) - 23;
  if (bytes.length < length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    const byte = bytes[index] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

type Element = { id: number; size: number | null; headerSize: number };

/** The element header at the start of `bytes`, or null while it is not all there. */
function readElementHeader(bytes: Buffer): Element | null {
  const id = readVint(bytes, true);
  if (!id) return null;
  const size = readVint(bytes.subarray(id.length), false);
  if (!size) return null;
  return { id: id.value ?? 0, size: size.value, headerSize: id.length + size.length };
}

/** The children of a small element held whole, as [id, payload] pairs. */
function children(payload: Buffer): [number, Buffer][] {
  const found: [number, Buffer][] = [];
  let offset = 0;
  while (offset < payload.length) {
    const header = readElementHeader(payload.subarray(offset));
    if (!header || header.size === null || offset + header.headerSize + header.size > payload.length) {
      throw damaged('an element does not fit inside its parent');
    }
    const start = offset + header.headerSize;
    found.push([header.id, payload.subarray(start, start + header.size)]);
    offset = start + header.size;
  }
  return found;
}

const unsigned = (bytes: Buffer) => bytes.reduce((value, byte) => value * 256 + byte, 0);

function webmWalker(): Walker {
  let headerChecked = false;
  let inSegment: { end: number | null } | null = null;
  let segmentsSeen = 0;
  let cluster: { end: number | null } | null = null;
  const videoTracks = new Set<number>();
  const tracks = new Set<number>();
  let tracksSeen = false;
  let blocks = 0;
  /**
   * An element being read: its first `remaining` bytes kept (small ones, and a block's track number) or
   * skipped, then `thenSkip` more bytes skipped (the rest of a block: the frame itself).
   */
  let current: { id: number; remaining: number; keep: Buffer[] | null; thenSkip: number } | null = null;

  const onWhole = (id: number, payload: Buffer) => {
    if (id === EBML_HEADER) {
      const docType = children(payload).find(([child]) => child === DOC_TYPE)?.[1];
      if (docType?.toString('latin1').replace(/\0+$/, '') !== 'webm')
        throw damaged('the DocType is not webm');
      headerChecked = true;
    } else if (id === TRACKS) {
      tracksSeen = true;
      for (const [child, entry] of children(payload)) {
        if (child !== TRACK_ENTRY) continue;
        const fields = new Map(children(entry));
        const number = fields.get(TRACK_NUMBER);
        if (!number) throw damaged('a track has no number');
        tracks.add(unsigned(number));
        const codec = fields.get(CODEC_ID)?.toString('latin1').replace(/\0+$/, '') ?? '';
        if (unsigned(fields.get(TRACK_TYPE) ?? Buffer.from([0])) === 1 && WEBM_VIDEO_CODECS.has(codec)) {
          videoTracks.add(unsigned(number));
        }
      }
    } else if (id === SIMPLE_BLOCK || id === BLOCK) {
      const track = readVint(payload, false);
      if (!track?.value || !tracks.has(track.value)) throw damaged('a block belongs to no track');
      blocks += 1;
    }
  };

  return {
    feed(cursor) {
      for (;;) {
        if (current) {
          current.remaining -= readPayload(cursor, current.remaining, current.keep);
          if (current.remaining > 0) return;
          if (current.keep) onWhole(current.id, Buffer.concat(current.keep));
          current =
            current.thenSkip > 0
              ? { id: current.id, remaining: current.thenSkip, keep: null, thenSkip: 0 }
              : null;
          continue;
        }
        // Leaving elements whose end has been reached.
        if (cluster?.end !== null && cluster && cursor.position === cluster.end) cluster = null;
        if (inSegment?.end !== null && inSegment && cursor.position === inSegment.end) inSegment = null;
        const head = cursor.peek(Math.min(12, cursor.available));
        if (!head || head.length === 0) return;
        const header = readElementHeader(head);
        if (!header) {
          if (cursor.available >= 12) throw damaged('an element header does not parse');
          return;
        }
        const start = cursor.position;
        const { id, size, headerSize } = header;
        // An unknown-size Cluster ends where the next element of the Segment begins.
        if (cluster && cluster.end === null && SEGMENT_CHILDREN.has(id)) cluster = null;
        const end = size === null ? null : start + headerSize + size;
        const parentEnd = cluster?.end ?? inSegment?.end ?? null;
        if (end !== null && parentEnd !== null && end > parentEnd)
          throw damaged('an element overruns its parent');
        cursor.skip(headerSize);
        if (!inSegment) {
          if (!headerChecked) {
            if (id !== EBML_HEADER || size === null || size > MAX_WEBM_HEADER_BYTES) {
              throw damaged('the file does not start with an EBML header');
            }
            current = { id, remaining: size, keep: [], thenSkip: 0 };
          } else if (id === SEGMENT) {
            segmentsSeen += 1;
            if (segmentsSeen > 1) throw damaged('the file holds two segments');
            inSegment = { end };
          } else {
            throw damaged('there is something after the segment');
          }
        } else if (id === CLUSTER) {
          if (cluster) throw damaged('a cluster inside a cluster');
          cluster = { end };
        } else if (id === BLOCK_GROUP) {
          if (!cluster || size === null) throw damaged('a block group outside a cluster');
          // Its Block is read like a SimpleBlock; the group's other children are skipped.
        } else if (size === null) {
          throw damaged('only segments and clusters may leave their size open');
        } else if (id === TRACKS || ((id === SIMPLE_BLOCK || id === BLOCK) && cluster)) {
          if (id === TRACKS && size > MAX_WEBM_HEADER_BYTES) throw damaged('the track list is too large');
          // A block is kept only up to its track number (at most 8 bytes); the frame itself is skipped.
          const kept = id === TRACKS ? size : Math.min(size, 8);
          current = { id, remaining: kept, keep: [], thenSkip: size - kept };
        } else {
          current = { id, remaining: size, keep: null, thenSkip: 0 };
        }
      }
    },
    finish(cursor) {
      if (current || cursor.available > 0) throw damaged('the file is cut off in the middle of an element');
      if (inSegment?.end != null && cursor.position !== inSegment.end)
        throw damaged('the segment is cut off');
      if (cluster?.end != null && cursor.position !== cluster.end) throw damaged('a cluster is cut off');
      if (!headerChecked || segmentsSeen !== 1) throw damaged('the file has no segment');
      if (!tracksSeen || videoTracks.size === 0) throw damaged('the file has no VP8, VP9 or AV1 video track');
      if (blocks === 0) throw damaged('the file has no frames');
    },
  };
}
/**
 * A pass-through stream that checks the whole upload as a container of `format` and fails, before its end
 * reaches the storage, when it is not one (`DamagedVideoError`).
 */
export function videoContainerCheck(format: VideoFormat): Transform {
  const cursor = new ByteCursor();
  const walker = format === 'webm' ? webmWalker() : isoBmffWalker();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        cursor.push(chunk);
        walker.feed(cursor);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        walker.feed(cursor);
        walker.finish(cursor);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

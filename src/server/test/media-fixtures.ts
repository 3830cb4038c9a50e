import { deflateSync } from 'node:zlib';

/**
 * Small media files built byte by byte, so no binary fixture is committed: each is a whole container of its
 * format (what the upload endpoints check), with made-up frames that no decoder is asked to show.
 */

/** An ISO BMFF box: 32-bit size, four-character type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function ftyp(majorBrand: string, compatible: string[]): Buffer {
  const version = Buffer.alloc(4);
  version.writeUInt32BE(0x200, 0);
  return box('ftyp', Buffer.from(majorBrand, 'latin1'), version, Buffer.from(compatible.join(''), 'latin1'));
}

/** A movie header (`mvhd`, version 0): time scale 1000, the given duration in ms, unit rate and volume. */
function mvhd(durationMs: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(1000, 12);
  body.writeUInt32BE(durationMs, 16);
  body.writeUInt32BE(0x00010000, 20);
  body.writeUInt16BE(0x0100, 24);
  // the identity matrix
  body.writeUInt32BE(0x00010000, 36);
  body.writeUInt32BE(0x00010000, 52);
  body.writeUInt32BE(0x40000000, 68);
  body.writeUInt32BE(2, 96);
  return box('mvhd', body);
}

function fullBox(type: string, versionAndFlags: number, ...payload: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(versionAndFlags, 0);
  return box(type, head, ...payload);
}

const uint32s = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  for (const [index, value] of values.entries()) bytes.writeUInt32BE(value, index * 4);
  return bytes;
};

const WIDTH = 64;
const HEIGHT = 48;

/** A track header (`tkhd`, version 0, enabled and in the movie): track 1, 64×48. */
function tkhd(durationMs: number): Buffer {
  const body = Buffer.alloc(80);
  body.writeUInt32BE(1, 8); // track id
  body.writeUInt32BE(durationMs, 16);
  body.writeUInt32BE(0x00010000, 36); // the identity matrix
  body.writeUInt32BE(0x00010000, 52);
  body.writeUInt32BE(0x40000000, 68);
  return fullBox('tkhd', 3, body.subarray(0, 72), uint32s(WIDTH << 16, HEIGHT << 16));
}

/** An H.264 (`avc1`) sample entry with its decoder configuration (`avcC`, Baseline profile). */
function avc1(): Buffer {
  const entry = Buffer.alloc(78);
  entry.writeUInt16BE(1, 6); // data reference index
  entry.writeUInt16BE(WIDTH, 24);
  entry.writeUInt16BE(HEIGHT, 26);
  entry.writeUInt32BE(0x00480000, 28); // 72 dpi
  entry.writeUInt32BE(0x00480000, 32);
  entry.writeUInt16BE(1, 40); // one frame per sample
  entry.writeUInt16BE(0x0018, 74); // depth
  entry.writeInt16BE(-1, 76);
  return box('avc1', entry, box('avcC', Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe0, 0x00])));
}

/**
 * A movie header (`moov`) with one H.264 video track of `samples` samples of `sampleSize` bytes each, all in
 * one chunk at `chunkOffset`, 40 ms apart.
 */
function moov(input: { samples: number; sampleSize: number; chunkOffset: number }): Buffer {
  const durationMs = input.samples * 40;
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, uint32s(1), avc1()),
    fullBox('stts', 0, uint32s(1, input.samples, 40)),
    fullBox('stsc', 0, uint32s(1, 1, input.samples, 1)),
    fullBox('stsz', 0, uint32s(input.sampleSize, input.samples)),
    fullBox('stco', 0, uint32s(1, input.chunkOffset)),
  );
  const minf = box(
    'minf',
    fullBox('vmhd', 1, Buffer.alloc(8)),
    box('dinf', fullBox('dref', 0, uint32s(1), fullBox('url ', 1))),
    stbl,
  );
  const mdhd = fullBox('mdhd', 0, uint32s(0, 0, 1000, durationMs), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = fullBox(
    'hdlr',
    0,
    uint32s(0),
    Buffer.from('vide', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('Video\0'),
  );
  return box('moov', mvhd(durationMs), box('trak', tkhd(durationMs), box('mdia', mdhd, hdlr, minf)));
}

/**
 * The start of a real MP4 or QuickTime file whose media data is `mediaBytes` long: `ftyp`, a `moov` that
 * describes one video track whose samples fill that media data (the last, partial piece unreferenced, as
 * encoders leave padding), and the header of the `mdat` box. The media data itself follows.
 */
function isoMovieStart(brand: 'isom' | 'qt  ', mediaBytes: number): Buffer {
  const type = brand === 'qt  ' ? ftyp('qt  ', ['qt  ']) : ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']);
  const sampleSize = Math.max(1, Math.min(mediaBytes, 64 * 1024));
  const samples = Math.max(1, Math.min(1000, Math.floor(mediaBytes / sampleSize)));
  const layout = { samples, sampleSize, chunkOffset: 0 };
  const movie = moov({ ...layout, chunkOffset: type.length + moov(layout).length + 8 });
  // Past 4 GB the box size moves into a 64-bit field after the type.
  const large = 8 + mediaBytes > 0xffffffff;
  const mdatHeader = Buffer.alloc(large ? 16 : 8);
  mdatHeader.writeUInt32BE(large ? 1 : 8 + mediaBytes, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  if (large) mdatHeader.writeBigUInt64BE(BigInt(16 + mediaBytes), 8);
  return Buffer.concat([type, movie, mdatHeader]);
}

/** The first bytes of an MP4 file (`ftyp` isom and its `moov`): what the upload endpoints sniff. */
export function mp4Header(): Buffer {
  return isoMovieStart('isom', 64).subarray(0, -8);
}

/** A small, whole MP4: `ftyp` (brand isom), a `moov` with one H.264 track, an `mdat` of `mediaBytes`. */
export function mp4(mediaBytes = 64): Buffer {
  return Buffer.concat([isoMovieStart('isom', mediaBytes), Buffer.alloc(mediaBytes, 0x2a)]);
}

/** A small, whole QuickTime file: `ftyp` brand `qt  `, `moov`, `mdat`. */
export function mov(mediaBytes = 64): Buffer {
  return Buffer.concat([isoMovieStart('qt  ', mediaBytes), Buffer.alloc(mediaBytes, 0x2b)]);
}

/** An EBML element; sizes are written in 4 bytes (up to 256 MB), as muxers often do. */
function ebml(id: number[], ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(0x10000000 | body.length, 0);
  return Buffer.concat([Buffer.from(id), size, body]);
}

/**
 * A small, whole WebM as a browser's MediaRecorder writes it: the EBML header with DocType `webm`, a Segment
 * of unknown size with Info, Tracks (one VP9 video track) and a Cluster holding one frame of `mediaBytes`.
 */
export function webm(mediaBytes = 64): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    ebml([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    ebml([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    ebml([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    ebml([0x42, 0x82], Buffer.from('webm', 'latin1')), // DocType
    ebml([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    ebml([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  );
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    ebml(
      [0xae], // TrackEntry
      ebml([0xd7], Buffer.from([1])), // TrackNumber
      ebml([0x83], Buffer.from([1])), // TrackType: video
      ebml([0x86], Buffer.from('V_VP9', 'latin1')), // CodecID
      ebml([0xe0], ebml([0xb0], Buffer.from([WIDTH])), ebml([0xba], Buffer.from([HEIGHT]))), // Video
    ),
  );
  const frame = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.alloc(mediaBytes, 0x2c)]);
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], Buffer.from([0])), ebml([0xa3], frame));
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([header, segment, info, tracks, cluster]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

/** A valid `size`×`size` PNG of one grey (8-bit greyscale). */
export function png(size = 1, grey = 0x80): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.from([0, ...Array(size).fill(grey)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a 64-bit Linux executable (ELF header), padded: what a renamed program looks like. */
export function elfExecutable(): Buffer {
  const header = Buffer.alloc(128);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(header, 0);
  header.writeUInt16LE(2, 16); // ET_EXEC
  header.writeUInt16LE(0x3e, 18); // x86-64
  return header;
}

/** The start of a Windows executable: the `MZ` DOS header pointing at a `PE` header. */
export function peExecutable(): Buffer {
  const header = Buffer.alloc(256);
  header.write('MZ', 0, 'latin1');
  header.writeUInt32LE(0x80, 0x3c);
  header.write('PE\0\0', 0x80, 'latin1');
  return header;
}

/**
 * A whole MP4 of exactly `totalBytes` (`ftyp`, `moov`, then an `mdat` whose samples fill it) in chunks of
 * `chunkBytes`, generated as it is read, so a test can send 100 MB without holding it.
 */
export async function* mp4Chunks(totalBytes: number, chunkBytes = 1024 * 1024): AsyncGenerator<Buffer> {
  // The header's length depends only on whether the mdat needs a 64-bit size.
  const headerLength = isoMovieStart('isom', totalBytes).length;
  if (totalBytes <= headerLength) throw new Error(`an MP4 needs more than ${headerLength} bytes`);
  yield isoMovieStart('isom', totalBytes - headerLength);
  const filler = Buffer.alloc(chunkBytes, 0x2a);
  for (let sent = headerLength; sent < totalBytes; sent += chunkBytes) {
    yield filler.subarray(0, Math.min(chunkBytes, totalBytes - sent));
  }
}

/**
 * A valid GIF89a (1×1 unless told): header, logical screen with a two-colour global table, a graphic control
 * extension, one image of LZW minimum code size 2 (clear, index 0, end) and the trailer. The size is written
 * into the logical screen and the image descriptor; the pixels stay one, which is structure enough.
 */
export function gif(size: { width: number; height: number } = { width: 1, height: 1 }): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([...u16(size.width), ...u16(size.height), 0x80, 0x00, 0x00]), // global colour table of 2
    Buffer.from([0xff, 0xff, 0xff, 0x00, 0x00, 0x00]), // white, black
    Buffer.from([0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]), // graphic control: colour 0 transparent
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, ...u16(size.width), ...u16(size.height), 0x00]), // image descriptor
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // image data
    Buffer.from([0x3b]), // trailer
  ]);
}

/**
 * A GIF of exactly `totalBytes` (at least 64), whole in its structure: the screen and colour table of `gif()`,
 * one image whose data sub-blocks fill the rest, and the trailer. Generated as it is read.
 */
export async function* gifChunks(totalBytes: number, chunkBytes = 256 * 1024): AsyncGenerator<Buffer> {
  const head = Buffer.concat([
    gif().subarray(0, 19),
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02]),
  ]);
  yield head;
  // The data: sub-blocks of 1 length byte and 1 to 255 bytes, then the terminator and the trailer.
  let left = totalBytes - head.length - 2;
  const full = Buffer.alloc(256, 0x2a);
  full[0] = 255;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  while (left > 0) {
    // Never leave exactly one byte: a block of one length byte and no data would be the terminator.
    const take = left === 257 ? 128 : Math.min(256, left);
    const block = take === 256 ? full : Buffer.alloc(take, 0x2a);
    if (take !== 256) block[0] = take - 1;
    batch.push(block);
    batchBytes += take;
    left -= take;
    if (batchBytes >= chunkBytes) {
      yield Buffer.concat(batch);
      batch = [];
      batchBytes = 0;
    }
  }
  yield Buffer.concat([...batch, Buffer.from([0x00, 0x3b])]);
}

import { deflateSync } from 'node:zlib';

/**
 * Small media files built byte by byte, so no binary fixture is committed: each has the real header of
 * its format (what the upload endpoints sniff) and just enough structure around it.
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

/** The bytes an MP4 file starts with (`ftyp` isom, `moov`), followed in `mp4` by an `mdat` box. */
export function mp4Header(): Buffer {
  return Buffer.concat([ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']), box('moov', mvhd(1000))]);
}

/** A minimal MP4: `ftyp` (brand isom), `moov` and an `mdat` of `mediaBytes` bytes. */
export function mp4(mediaBytes = 64): Buffer {
  return Buffer.concat([mp4Header(), box('mdat', Buffer.alloc(mediaBytes, 0x2a))]);
}

/** A minimal QuickTime file: `ftyp` brand `qt  `, `moov`, `mdat`. */
export function mov(mediaBytes = 64): Buffer {
  return Buffer.concat([
    ftyp('qt  ', ['qt  ']),
    box('moov', mvhd(1000)),
    box('mdat', Buffer.alloc(mediaBytes, 0x2b)),
  ]);
}

/** An EBML element with a one-byte size (payloads under 127 bytes). */
function ebml(id: number[], payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
}

/** A minimal WebM: the EBML header with DocType `webm`, then a Segment of unknown size with some bytes. */
export function webm(mediaBytes = 64): Buffer {
  const header = Buffer.concat([
    ebml([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    ebml([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    ebml([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    ebml([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    ebml([0x42, 0x82], Buffer.from('webm', 'latin1')), // DocType
    ebml([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    ebml([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], header),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.alloc(mediaBytes, 0x2c),
  ]);
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
 * `totalBytes` of an MP4 (`ftyp`, `moov`, then an `mdat` box filling the rest) in chunks of `chunkBytes`,
 * generated as it is read, so a test can send 100 MB without holding it.
 */
export async function* mp4Chunks(totalBytes: number, chunkBytes = 1024 * 1024): AsyncGenerator<Buffer> {
  const mdat = Buffer.alloc(8);
  mdat.write('mdat', 4, 'latin1');
  const header = Buffer.concat([mp4Header(), mdat]);
  if (totalBytes < header.length) throw new Error(`an MP4 needs at least ${header.length} bytes`);
  header.writeUInt32BE(totalBytes - header.length + 8, header.length - 8);
  yield header;
  const filler = Buffer.alloc(chunkBytes, 0x2a);
  for (let sent = header.length; sent < totalBytes; sent += chunkBytes) {
    yield filler.subarray(0, Math.min(chunkBytes, totalBytes - sent));
  }
}

/**
 * A valid 1×1 GIF89a: header, logical screen with a two-colour global table, a graphic control extension,
 * one image of LZW minimum code size 2 (clear, index 0, end) and the trailer.
 */
export function gif(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]), // 1×1, global colour table of 2
    Buffer.from([0xff, 0xff, 0xff, 0x00, 0x00, 0x00]), // white, black
    Buffer.from([0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]), // graphic control: colour 0 transparent
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // image descriptor
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // image data
    Buffer.from([0x3b]), // trailer
  ]);
}

/** `totalBytes` starting like a GIF (the header of `gif()`, then filler), generated as it is read. */
export async function* gifChunks(totalBytes: number, chunkBytes = 256 * 1024): AsyncGenerator<Buffer> {
  const header = gif().subarray(0, 13);
  yield header;
  const filler = Buffer.alloc(chunkBytes, 0x2a);
  for (let sent = header.length; sent < totalBytes; sent += chunkBytes) {
    yield filler.subarray(0, Math.min(chunkBytes, totalBytes - sent));
  }
}

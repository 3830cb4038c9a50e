import { Transform } from 'node:stream';

/** What an uploaded GIF is: its natural size in pixels and how many frames it has. */
export type GifFacts = { width: number; height: number; frames: number };

export class DamagedGifError extends Error {
  override name = 'DamagedGifError';
}

/**
 * Reads a whole GIF (GIF87a/GIF89a) block by block: the logical screen, the colour tables, every extension and
 * image with its data sub-blocks, up to the trailer. Null when the bytes are not a complete GIF with at least one
 * image. A file that ends cleanly after a whole block without the trailer is accepted, as browsers show it.
 * The natural size is the logical screen's; where an encoder wrote 0 there, the frames' extent.
 */
export function readGif(bytes: Uint8Array): GifFacts | null {
  if (bytes.length < 13) return null;
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  const u16 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
  const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

  let width = u16(6);
  let height = u16(8);
  let at = 13 + colourTableBytes(bytes[10] ?? 0);
  let frames = 0;
  let extentWidth = 0;
  let extentHeight = 0;

  /** Skips data sub-blocks up to their terminator; -1 when the file ends inside them. */
  const skipSubBlocks = (from: number): number => {
    let cursor = from;
    while (cursor < bytes.length) {
      const size = bytes[cursor] ?? 0;
      cursor += 1;
      if (size === 0) return cursor;
      cursor += size;
    }
    return -1;
  };

  while (at <= bytes.length) {
    if (at === bytes.length) break; // ended after a whole block, without the trailer
    const introducer = bytes[at];
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      if (at + 2 > bytes.length) return null;
      at = skipSubBlocks(at + 2);
      if (at < 0) return null;
      continue;
    }
    if (introducer !== 0x2c) return null;
    if (at + 10 > bytes.length) return null;
    extentWidth = Math.max(extentWidth, u16(at + 1) + u16(at + 5));
    extentHeight = Math.max(extentHeight, u16(at + 3) + u16(at + 7));
    at += 10 + colourTableBytes(bytes[at + 9] ?? 0);
    const minimumCodeSize = bytes[at];
    if (minimumCodeSize === undefined || minimumCodeSize < 1 || minimumCodeSize > 11) return null;
    at = skipSubBlocks(at + 1);
    if (at < 0) return null;
    frames += 1;
  }
  if (at > bytes.length || frames === 0) return null;
  if (width === 0) width = extentWidth;
  if (height === 0) height = extentHeight;
  if (width === 0 || height === 0) return null;
  return { width, height, frames };
}

/**
 * A pass-through that keeps the upload (at most `maxBytes`, which storage enforces too) and reads it as a GIF at
 * its end: a damaged file fails the stream before it ends, so storage keeps nothing of it. `facts()` answers once
 * the stream has finished.
 */
export function gifCheck(maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  let facts: GifFacts | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      // Past the limit storage refuses the upload anyway; stop keeping bytes so memory stays bounded.
      if (total <= maxBytes + 1) chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      facts = total <= maxBytes ? readGif(Buffer.concat(chunks)) : null;
      chunks.length = 0;
      if (!facts && total <= maxBytes) return callback(new DamagedGifError('not a complete GIF'));
      callback();
    },
  });
  return { stream, facts: () => facts };
}

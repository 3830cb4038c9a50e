import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { gif, gifChunks, png } from '../../test/media-fixtures';
import { DamagedGifError, gifCheck, readGif } from './gif-file';

const u16 = (value: number) => [value & 0xff, value >> 8];

describe('readGif', () => {
  it('reads the natural size and frames of a whole GIF', () => {
    expect(readGif(gif())).toEqual({ width: 1, height: 1, frames: 1 });
    expect(readGif(gif({ width: 180, height: 120 }))).toEqual({ width: 180, height: 120, frames: 1 });
    expect(readGif(gif({ width: 1200, height: 65535 }))).toEqual({ width: 1200, height: 65535, frames: 1 });
  });

  it('reads GIF87a, a file without the trailer and several frames', () => {
    const whole = gif({ width: 4, height: 3 });
    expect(readGif(Buffer.concat([Buffer.from('GIF87a'), whole.subarray(6)]))?.width).toBe(4);
    expect(readGif(whole.subarray(0, whole.length - 1))).toEqual({ width: 4, height: 3, frames: 1 });
    const frame = whole.subarray(19, whole.length - 1);
    expect(readGif(Buffer.concat([whole.subarray(0, 19), frame, frame, Buffer.from([0x3b])]))?.frames).toBe(
      2,
    );
  });

  it('takes the frames’ extent when the logical screen says 0', () => {
    const whole = gif({ width: 7, height: 5 });
    whole.set([...u16(0), ...u16(0)], 6);
    expect(readGif(whole)).toEqual({ width: 7, height: 5, frames: 1 });
  });

  it('refuses what is not a whole GIF with an image', () => {
    const whole = gif({ width: 10, height: 10 });
    expect(readGif(png())).toBeNull();
    expect(readGif(Buffer.from('GIF89a'))).toBeNull();
    // Cut inside the image data, inside an extension, inside the colour table.
    expect(readGif(whole.subarray(0, whole.length - 3))).toBeNull();
    expect(readGif(whole.subarray(0, 23))).toBeNull();
    expect(readGif(whole.subarray(0, 16))).toBeNull();
    // No image at all; an unknown block; an impossible LZW code size.
    expect(readGif(Buffer.concat([whole.subarray(0, 19), Buffer.from([0x3b])]))).toBeNull();
    expect(readGif(Buffer.concat([whole.subarray(0, 19), Buffer.from([0x99, 0x3b])]))).toBeNull();
    const badCode = Buffer.from(whole);
    badCode[37] = 0x0c;
    expect(readGif(badCode)).toBeNull();
    // A zero size everywhere.
    expect(readGif(gif({ width: 0, height: 0 }))).toBeNull();
  });

  it('reads a 4 MB file block by block', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of gifChunks(4 * 1024 * 1024)) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(4 * 1024 * 1024);
    expect(readGif(bytes)).toEqual({ width: 1, height: 1, frames: 1 });
  });
});

describe('gifCheck', () => {
  const run = async (chunks: Buffer[]) => {
    const check = gifCheck(1024);
    const out: Buffer[] = [];
    await pipeline(Readable.from(chunks), check.stream, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) out.push(chunk);
    });
    return { facts: check.facts(), bytes: Buffer.concat(out) };
  };

  it('passes the bytes through and knows the size at the end', async () => {
    const whole = gif({ width: 32, height: 16 });
    const result = await run([whole.subarray(0, 5), whole.subarray(5, 30), whole.subarray(30)]);
    expect(result.bytes).toEqual(whole);
    expect(result.facts).toEqual({ width: 32, height: 16, frames: 1 });
  });

  it('fails the stream before its end when the file is damaged', async () => {
    const whole = gif();
    await expect(run([whole.subarray(0, whole.length - 4)])).rejects.toThrow(DamagedGifError);
  });
});

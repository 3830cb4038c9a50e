import fs from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { VideoFormat } from '@shared/domain/media';
import { describe, expect, it } from 'vitest';
import { mov, mp4, webm } from '../../test/media-fixtures';
import { videoContainerCheck } from './video-container';

/** What the check says about `bytes` arriving in chunks of `chunk` bytes: 'ok' or its reason. */
async function verdict(bytes: Buffer, format: VideoFormat, chunk = 4096): Promise<string> {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunk)
    parts.push(bytes.subarray(offset, offset + chunk));
  try {
    await pipeline(
      Readable.from(parts),
      videoContainerCheck(format),
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    );
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

const DEFAULT_VIDEOS = new URL('../../../../assets/default-media/videos/', import.meta.url);

/** Replaces the last `from` with `to` (same length) in a copy of `bytes`. */
function patched(bytes: Buffer, from: string, to: string): Buffer {
  const copy = Buffer.from(bytes);
  const at = copy.lastIndexOf(from, undefined, 'latin1');
  if (at === -1) throw new Error(`${from} not found`);
  copy.write(to, at, 'latin1');
  return copy;
}

describe('the video container check', () => {
  it('accepts real MP4 files (the default backgrounds, from ffmpeg) in any chunking', async () => {
    for (const name of ['1.m4v', '2.m4v']) {
      const bytes = fs.readFileSync(new URL(name, DEFAULT_VIDEOS));
      expect(await verdict(bytes, 'mp4'), name).toBe('ok');
      expect(await verdict(bytes, 'mp4', 1), `${name} byte by byte`).toBe('ok');
    }
  });

  it('accepts whole MP4, QuickTime and WebM files', async () => {
    expect(await verdict(mp4(3000), 'mp4', 7)).toBe('ok');
    expect(await verdict(mov(3000), 'mov', 5)).toBe('ok');
    expect(await verdict(webm(3000), 'webm', 3)).toBe('ok');
    // An old QuickTime file that starts with its movie header instead of a file type box.
    const quicktime = mov(100);
    const fileTypeLength = quicktime.indexOf('moov', 0, 'latin1') - 4;
    const withoutFileType = Buffer.from(quicktime.subarray(fileTypeLength));
    const stco = withoutFileType.indexOf('stco', 0, 'latin1');
    withoutFileType.writeUInt32BE(withoutFileType.readUInt32BE(stco + 12) - fileTypeLength, stco + 12);
    expect(await verdict(withoutFileType, 'mov')).toBe('ok');
  });

  it('accepts a movie header after the media data (files not prepared for streaming)', async () => {
    const bytes = mp4(500);
    const movieAt = bytes.indexOf('moov', 0, 'latin1') - 4;
    const mediaAt = bytes.indexOf('mdat', 0, 'latin1') - 4;
    const fileType = bytes.subarray(0, movieAt);
    const movie = Buffer.from(bytes.subarray(movieAt, mediaAt));
    const media = bytes.subarray(mediaAt);
    // The chunk offset now points past the file type box and the media data's header only.
    const stco = movie.indexOf('stco', 0, 'latin1');
    movie.writeUInt32BE(fileType.length + 8, stco + 12);
    expect(await verdict(Buffer.concat([fileType, media, movie]), 'mp4', 100)).toBe('ok');
  });

  it('refuses an MP4 whose samples point outside its media data', async () => {
    const bytes = mp4(100);
    // stco's one chunk offset is the file's last four bytes before the mdat: move it past the end.
    const stco = bytes.indexOf('stco', 0, 'latin1');
    bytes.writeUInt32BE(bytes.length + 100, stco + 12);
    expect(await verdict(bytes, 'mp4')).toMatch(/outside the media data/);
  });

  it('refuses an MP4 without a video track, without a movie header, or with two', async () => {
    const sound = patched(patched(patched(mp4(), 'vide', 'soun'), 'avc1', 'mp4a'), 'vmhd', 'smhd');
    expect(await verdict(sound, 'mp4')).toMatch(/no video track/);
    const noMovie = patched(mp4(), 'moov', 'free');
    expect(await verdict(noMovie, 'mp4')).toMatch(/no movie header/);
    const movie = mp4().subarray(
      mp4().indexOf('moov', 0, 'latin1') - 4,
      mp4().indexOf('mdat', 0, 'latin1') - 4,
    );
    expect(await verdict(Buffer.concat([mp4(), movie]), 'mp4')).toMatch(/two moov boxes/);
  });

  it('refuses fragmented movies and impossible box sizes', async () => {
    expect(await verdict(patched(mp4(), 'mdat', 'moof'), 'mp4')).toMatch(/fragmented/);
    const tiny = mp4();
    tiny.writeUInt32BE(4, 0);
    expect(await verdict(tiny, 'mp4')).toMatch(/impossible size/);
  });

  it('refuses a WebM that is not WebM, has no video track, or whose frames belong to no track', async () => {
    expect(await verdict(patched(webm(), 'webm', 'mkvx'), 'webm')).toMatch(/DocType/);
    expect(await verdict(patched(webm(), 'V_VP9', 'A_OPU'), 'webm')).toMatch(
      /no VP8, VP9 or AV1 video track/,
    );
    const bytes = webm(10);
    // The SimpleBlock's track number (0x81: track 1) becomes track 2.
    bytes[bytes.length - 10 - 4] = 0x82;
    expect(await verdict(bytes, 'webm')).toMatch(/belongs to no track/);
  });

  it('refuses a WebM with something after a segment of known size', async () => {
    const bytes = webm(10);
    const segment = bytes.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    const body = bytes.length - segment - 12;
    // An 8-byte size of exactly the segment's body.
    bytes.writeUInt32BE(0x01000000, segment + 4);
    bytes.writeUInt32BE(body, segment + 8);
    expect(await verdict(bytes, 'webm')).toBe('ok');
    expect(await verdict(Buffer.concat([bytes, webm(1).subarray(0, 12)]), 'webm')).toMatch(
      /after the segment/,
    );
  });
});

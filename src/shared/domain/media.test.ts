import { describe, expect, it } from 'vitest';
import {
  checkVideoFile,
  sniffImageFormat,
  sniffVideoFormat,
  titleFromFileName,
  VIDEO_MAX_BYTES,
} from './media';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('video formats by content', () => {
  it('reads MP4 and QuickTime from the ftyp brand', () => {
    expect(sniffVideoFormat(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0], 'isomiso2'))).toBe('mp4');
    expect(sniffVideoFormat(bytes([0, 0, 0, 24], 'ftypmp42'))).toBe('mp4');
    expect(sniffVideoFormat(bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 0, 0]))).toBe('mov');
    expect(sniffVideoFormat(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 8], 'mdat'))).toBe('mov');
  });

  it('reads WebM from the EBML header, and refuses other Matroska files', () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84];
    expect(sniffVideoFormat(bytes(ebml, 'webm', [0x42, 0x87]))).toBe('webm');
    expect(sniffVideoFormat(bytes(ebml.slice(0, 11), [0x88], 'matroska'))).toBeNull();
  });

  it('refuses executables, images and text whatever they are called', () => {
    expect(sniffVideoFormat(bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffVideoFormat(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]))).toBeNull();
    expect(sniffVideoFormat(bytes([0x89], 'PNG', [13, 10, 26, 10], [0, 0, 0, 13]))).toBeNull();
    expect(sniffVideoFormat(bytes('<html><body>'))).toBeNull();
    expect(sniffVideoFormat(new Uint8Array())).toBeNull();
  });
});

describe('image formats by content', () => {
  it('reads PNG, JPEG and WebP', () => {
    expect(sniffImageFormat(bytes([0x89], 'PNG', [13, 10, 26, 10]))).toBe('png');
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(bytes('GIF89a', [0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe('the browser’s first check of a video file', () => {
  it('needs a file of an accepted kind under the limit', () => {
    expect(checkVideoFile(null)).toBe('noFile');
    expect(checkVideoFile({ name: 'clip.MP4', type: '', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'clip', type: 'video/webm', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'clip.mov', type: 'video/quicktime', size: VIDEO_MAX_BYTES })).toBeNull();
    expect(checkVideoFile({ name: 'clip.mov', type: 'video/quicktime', size: VIDEO_MAX_BYTES + 1 })).toBe(
      'tooLarge',
    );
    expect(checkVideoFile({ name: 'clip.avi', type: 'video/x-msvideo', size: 10 })).toBe('wrongType');
    // An .m4v is an MP4 (the background videos are 1.m4v and 2.m4v).
    expect(checkVideoFile({ name: '1.M4V', type: '', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'loop', type: 'video/x-m4v', size: 10 })).toBeNull();
  });

  it('prefills the title from the file name', () => {
    expect(titleFromFileName('summer_walk-by-the-sea.mp4')).toBe('summer walk by the sea');
    expect(titleFromFileName('interview.final.mov')).toBe('interview.final');
  });
});

import { VIDEO_MAX_BYTES } from '@shared/domain/media';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatFileSize,
  uploadErrorCode,
  uploadFormErrors,
  uploadMegabytes,
  uploadPercent,
  videoTexts,
} from './video-upload';

const MB = 1000 * 1000;

describe('uploadPercent', () => {
  it('rounds down, so 100 means every byte was sent', () => {
    expect(uploadPercent({ loaded: 0, total: 10 * MB })).toBe(0);
    expect(uploadPercent({ loaded: 2.5 * MB, total: 10 * MB })).toBe(25);
    expect(uploadPercent({ loaded: 10 * MB - 1, total: 10 * MB })).toBe(99);
    expect(uploadPercent({ loaded: 10 * MB, total: 10 * MB })).toBe(100);
  });

  it('stays within 0 to 100 for odd reports', () => {
    expect(uploadPercent({ loaded: 5, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: -3, total: 10 })).toBe(0);
    expect(uploadPercent({ loaded: 12, total: 10 })).toBe(100);
  });
});

describe('uploadMegabytes', () => {
  it('gives sent and total megabytes with one decimal in the reader’s format', () => {
    expect(uploadMegabytes({ loaded: 12.34 * MB, total: 100 * MB }, 'en')).toEqual({
      loaded: '12.3',
      total: '100.0',
    });
    expect(uploadMegabytes({ loaded: 1.5 * MB, total: 2 * MB }, 'de')).toEqual({
      loaded: '1,5',
      total: '2,0',
    });
  });

  it('never shows more sent than the total', () => {
    expect(uploadMegabytes({ loaded: 3 * MB, total: 2 * MB }, 'en').loaded).toBe('2.0');
  });
});

describe('formatFileSize', () => {
  it('picks the unit that reads best', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(3450, 'en')).toBe('3.5 kB');
    expect(formatFileSize(87.4 * MB, 'en')).toBe('87 MB');
    expect(formatFileSize(VIDEO_MAX_BYTES, 'en')).toBe('100 MB');
    expect(formatFileSize(2.25 * 1000 * MB, 'en')).toBe('2.3 GB');
  });

  it('uses the German decimal comma', () => {
    expect(formatFileSize(1.5 * MB, 'de')).toBe('1,5 MB');
  });
});

describe('formatDuration', () => {
  it('formats like a player: minutes and seconds, hours when needed', () => {
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(-1)).toBe('0:00');
  });
});

describe('uploadFormErrors', () => {
  const mp4 = { name: 'clip.mp4', type: 'video/mp4', size: 5 * MB };

  it('accepts an allowed file with a title', () => {
    expect(uploadFormErrors({ file: mp4, title: 'Clip' })).toEqual({});
  });

  it('names the file problem of spec §5 and a blank title', () => {
    expect(uploadFormErrors({ file: null, title: '' })).toEqual({ file: 'noFile', title: 'required' });
    expect(uploadFormErrors({ file: { name: 'a.gif', type: 'image/gif', size: 10 }, title: 'A' })).toEqual({
      file: 'wrongType',
    });
    expect(uploadFormErrors({ file: { ...mp4, size: VIDEO_MAX_BYTES + 1 }, title: '  ' })).toEqual({
      file: 'tooLarge',
      title: 'required',
    });
  });
});

describe('videoTexts', () => {
  it('trims both and sends an empty description as none', () => {
    expect(videoTexts({ title: '  Morning  ', description: '   ' })).toEqual({
      title: 'Morning',
      description: null,
    });
    expect(videoTexts({ title: 'A', description: ' About us\n' })).toEqual({
      title: 'A',
      description: 'About us',
    });
  });
});

describe('uploadErrorCode', () => {
  it('reads the code of the API error shape', () => {
    expect(uploadErrorCode(400, '{"error":{"code":"invalid_video_type"}}')).toBe('invalid_video_type');
    expect(uploadErrorCode(409, '{"error":{"code":"file_in_use"}}')).toBe('file_in_use');
  });

  it('reads a bare 413 as a video too large, anything else unreadable as unknown', () => {
    expect(uploadErrorCode(413, 'Payload Too Large')).toBe('video_too_large');
    expect(uploadErrorCode(502, '<html>Bad gateway</html>')).toBe('unknown');
    expect(uploadErrorCode(500, '{"message":"x"}')).toBe('unknown');
  });
});

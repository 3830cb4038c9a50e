/** Storage buckets (spec §7): `videos` (uploaded and background videos) and `gifs` (newsletter GIFs). */
export const BUCKETS = ['videos', 'gifs'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Spec §9: the background video for narrow screens is 1.m4v, for wide screens 2.m4v, with poster frames. */
export const BACKGROUND_VIDEOS = {
  mobile: { video: '1.m4v', poster: '1-poster.webp' },
  desktop: { video: '2.m4v', poster: '2-poster.webp' },
} as const;

/** The public address of a stored file, served by the app with Range support. */
export function mediaUrl(bucket: Bucket, name: string): string {
  return `/media/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Spec §5, §9: uploaded videos are MP4, WebM or MOV, under 100 MB (10^8 bytes: "smaller than 100MB"), and the
 * server checks that each is one whole, playable container of its kind.
 */
export const VIDEO_MAX_BYTES = 100_000_000 - 1;
export const VIDEO_FORMATS = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  webm: { contentType: 'video/webm', extension: 'webm' },
  mov: { contentType: 'video/quicktime', extension: 'mov' },
} as const;
export type VideoFormat = keyof typeof VIDEO_FORMATS;
/** `.m4v` is MP4 under another name (spec §9 names the background videos 1.m4v and 2.m4v). */
const VIDEO_ALIASES = { extensions: ['m4v'], contentTypes: ['video/x-m4v'] };
/** What the file picker offers. */
export const VIDEO_ACCEPT = '.mp4,.m4v,.webm,.mov,video/mp4,video/x-m4v,video/webm,video/quicktime';

/** Poster frames (thumbnails) captured in the browser: PNG, JPEG or WebP, at most 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_FORMATS = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

export const VIDEO_TITLE_MAX_LENGTH = 200;
export const VIDEO_DESCRIPTION_MAX_LENGTH = 2000;
/** How many bytes `sniffVideoFormat` / `sniffImageFormat` need to decide. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * The container of a video from its first bytes (not its name or claimed type): ISO BMFF with an `ftyp`
 * box (brand `qt  ` is QuickTime, any other MP4), an old QuickTime file starting with a `moov`, `mdat`,
 * `wide` or `free` atom, or EBML with the doc type `webm`. Null for anything else.
 */
export function sniffVideoFormat(bytes: Uint8Array): VideoFormat | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    return ascii(bytes, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  }
  if (bytes.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(bytes, 4, 8))) return 'mov';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(bytes, 4, Math.min(bytes.length, SNIFF_BYTES)).includes('webm') ? 'webm' : null;
  }
  return null;
}

/** PNG, JPEG or WebP from the first bytes; null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type VideoFileProblem = 'noFile' | 'wrongType' | 'tooLarge';

/**
 * The browser's first check of a chosen file (spec §5), before any byte is sent; the server checks the
 * content again. By extension or MIME type, since the browser cannot read the bytes without loading them.
 */
export function checkVideoFile(
  file: { name: string; type: string; size: number } | null,
): VideoFileProblem | null {
  if (!file) return 'noFile';
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const known =
    Object.values(VIDEO_FORMATS).some(
      (format) => format.contentType === file.type || format.extension === extension,
    ) ||
    VIDEO_ALIASES.extensions.includes(extension) ||
    VIDEO_ALIASES.contentTypes.includes(file.type);
  if (!known) return 'wrongType';
  if (file.size > VIDEO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Spec §5: the title field starts with the file name, without its extension. */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

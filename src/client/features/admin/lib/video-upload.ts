import { checkVideoFile, type VideoFileProblem } from '@shared/domain/media';

/** How far an upload is: bytes sent of bytes to send. */
export type UploadProgress = { loaded: number; total: number };

/** Decimal units, as the spec's "smaller than 100MB" limit is counted (VIDEO_MAX_BYTES). */
const MEGABYTE = 1000 * 1000;

/** Whole percent sent, 0 to 100; 100 only once every byte is out. */
export function uploadPercent({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 0;
  const percent = Math.floor((Math.min(Math.max(loaded, 0), total) / total) * 100);
  return loaded >= total ? 100 : Math.min(percent, 99);
}

/** "12.3" of "100.0" MB (decimal megabytes, as the 100MB limit is counted), in the reader's number format. */
export function uploadMegabytes(
  { loaded, total }: UploadProgress,
  locale: string,
): { loaded: string; total: string } {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    loaded: format.format(Math.min(Math.max(loaded, 0), total) / MEGABYTE),
    total: format.format(total / MEGABYTE),
  };
}

const SIZE_UNITS = [
  { unit: 'gigabyte', bytes: 1000 ** 3 },
  { unit: 'megabyte', bytes: 1000 ** 2 },
  { unit: 'kilobyte', bytes: 1000 },
] as const;

/** A file size a person reads at a glance: "512 byte", "3.4 kB", "87 MB" in the reader's language. */
export function formatFileSize(bytes: number, locale: string): string {
  for (const { unit, bytes: size } of SIZE_UNITS) {
    if (bytes >= size) {
      const value = bytes / size;
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: value < 10 ? 1 : 0,
      }).format(value);
    }
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes);
}

/** A duration as a player shows it: "0:07", "12:05", "1:02:03". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The message of each file problem (spec §5), as translation keys. */
export const VIDEO_FILE_PROBLEM_KEYS = {
  noFile: 'admin.videos.upload.noFile',
  wrongType: 'errors.invalid_video_type',
  tooLarge: 'errors.video_too_large',
} as const satisfies Record<VideoFileProblem, string>;

export type UploadFormErrors = { file?: VideoFileProblem; title?: 'required' };

/** Spec §5, in its order: a file of an allowed type and size, then a title that is not blank. */
export function uploadFormErrors(form: {
  file: { name: string; type: string; size: number } | null;
  title: string;
}): UploadFormErrors {
  const errors: UploadFormErrors = {};
  const file = checkVideoFile(form.file);
  if (file) errors.file = file;
  if (!form.title.trim()) errors.title = 'required';
  return errors;
}

/** The title and description as the API takes them: trimmed, an empty description as none. */
export function videoTexts(form: { title: string; description: string }): {
  title: string;
  description: string | null;
} {
  const description = form.description.trim();
  return { title: form.title.trim(), description: description === '' ? null : description };
}

/**
 * The API error code of a failed upload from its status and body. A 413 the server's body limit answered
 * before our handler could (no JSON code) still means the video is too large.
 */
export function uploadErrorCode(status: number, body: string): string {
  try {
    const payload: unknown = JSON.parse(body);
    if (typeof payload === 'object' && payload !== null && 'error' in payload) {
      const { error } = payload as { error: unknown };
      if (typeof error === 'object' && error !== null && 'code' in error) {
        return String((error as { code: unknown }).code);
      }
    }
  } catch {
    // Not JSON: a proxy's or the server's plain answer.
  }
  return status === 413 ? 'video_too_large' : 'unknown';
}

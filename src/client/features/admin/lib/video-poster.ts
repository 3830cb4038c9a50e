import { IMAGE_MAX_BYTES } from '@shared/domain/media';

/** The frame a poster is taken from: one second in, or a tenth of the way into a video shorter than 10 s. */
export function posterCaptureTime(durationSeconds: number | null): number {
  if (durationSeconds === null || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds * 0.1);
}

/** Posters are at most this wide or tall, which keeps them well under the 2 MB image limit. */
export const POSTER_MAX_EDGE = 1280;

/** The poster's canvas size: the video's, scaled down to fit POSTER_MAX_EDGE; null without a picture. */
export function posterSize(width: number, height: number): { width: number; height: number } | null {
  if (width <= 0 || height <= 0) return null;
  const scale = Math.min(1, POSTER_MAX_EDGE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A finite, positive duration in seconds, or null (live streams and broken files report NaN or Infinity). */
export function knownDuration(value: number): number | null {
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** What the browser could read from a chosen video file before uploading it. */
export type VideoFileDetails = {
  durationSeconds: number | null;
  /** A frame as WebP (or PNG/JPEG where WebP cannot be written); null when this browser cannot decode it. */
  poster: Blob | null;
};

/** How long to wait for the browser to read a file before giving up on a poster. */
const READ_TIMEOUT_MS = 15_000;

function once(target: HTMLVideoElement, ok: string, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const done = (result: boolean) => {
      target.removeEventListener(ok, onOk);
      target.removeEventListener('error', onError);
      signal.removeEventListener('abort', onError);
      resolve(result);
    };
    const onOk = () => done(true);
    const onError = () => done(false);
    target.addEventListener(ok, onOk);
    target.addEventListener('error', onError);
    signal.addEventListener('abort', onError);
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Reads the duration and a poster frame of a video file in the browser: an off-screen video loads the file's
 * metadata, seeks to `posterCaptureTime` and is drawn to a canvas. A file this browser cannot decode (a MOV
 * with an unsupported codec, say) gives no poster and, when not even its metadata is readable, no duration.
 */
export async function readVideoFile(file: Blob): Promise<VideoFileDetails> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  const timeout = AbortSignal.timeout(READ_TIMEOUT_MS);
  video.muted = true;
  video.playsInline = true;
  video.preload = 'metadata';
  try {
    const metadata = once(video, 'loadedmetadata', timeout);
    video.src = url;
    if (!(await metadata)) return { durationSeconds: null, poster: null };
    const durationSeconds = knownDuration(video.duration);
    const size = posterSize(video.videoWidth, video.videoHeight);
    if (!size) return { durationSeconds, poster: null };

    const time = posterCaptureTime(durationSeconds);
    if (time > 0) {
      const seeked = once(video, 'seeked', timeout);
      video.currentTime = time;
      if (!(await seeked)) return { durationSeconds, poster: null };
    } else if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      if (!(await once(video, 'loadeddata', timeout))) return { durationSeconds, poster: null };
    }

    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return { durationSeconds, poster: null };
    context.drawImage(video, 0, 0, size.width, size.height);
    // Browsers that cannot write WebP hand back a PNG instead; a PNG too large for the limit becomes a JPEG.
    let poster = await canvasBlob(canvas, 'image/webp', 0.85);
    if (!poster || poster.size > IMAGE_MAX_BYTES) poster = await canvasBlob(canvas, 'image/jpeg', 0.85);
    return { durationSeconds, poster: poster && poster.size <= IMAGE_MAX_BYTES ? poster : null };
  } catch {
    // A canvas the browser refuses to read, or a decoder that throws: upload without a poster.
    return { durationSeconds: knownDuration(video.duration), poster: null };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

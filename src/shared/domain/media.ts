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

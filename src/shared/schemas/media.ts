import { z } from 'zod';

/** A published video as the public videos page (spec §2 /videos) shows it. */
export const ZPublicVideo = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  /** Same-origin address of the file, from `mediaUrl('videos', ...)`. */
  url: z.string(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  isFeatured: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TPublicVideo = z.infer<typeof ZPublicVideo>;

/** Featured videos first, then the newest first. */
export const ZPublicVideoList = z.object({ videos: z.array(ZPublicVideo) });
export type TPublicVideoList = z.infer<typeof ZPublicVideoList>;

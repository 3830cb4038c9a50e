import type { TAdminVideo, TStorageFile, TUpdateVideo } from '@shared/schemas/media';

/**
 * The pure parts of the Manage and Storage tabs: optimistic changes to the cached video list and how a
 * stored file is used.
 */

type VideoList = { videos: TAdminVideo[] };

/** The list with one video's published/featured flags changed; the same list when the video is gone. */
export function applyVideoPatch<T extends VideoList>(list: T, id: string, patch: TUpdateVideo): T {
  if (!list.videos.some((video) => video.id === id)) return list;
  return {
    ...list,
    videos: list.videos.map((video) => (video.id === id ? { ...video, ...patch } : video)),
  };
}

/**
 * The flags `patch` touches, as `video` has them. Of the video before a change, it undoes that change; of
 * the server's answer, it confirms it. Either way no other flag is touched, so another change to the same
 * video made meanwhile stays.
 */
export function patchedFlags(video: TAdminVideo, patch: TUpdateVideo): TUpdateVideo {
  const flags: TUpdateVideo = {};
  if (patch.isPublished !== undefined) flags.isPublished = video.isPublished;
  if (patch.isFeatured !== undefined) flags.isFeatured = video.isFeatured;
  return flags;
}

export function removeVideo<T extends VideoList>(list: T, id: string): T {
  return { ...list, videos: list.videos.filter((video) => video.id !== id) };
}

export type StorageUsage =
  | { kind: 'video' | 'thumbnail'; title: string }
  | { kind: 'background' }
  | { kind: 'unused' };

/** What a stored file is for, as the Storage tab says it; a file of a video without its title counts as used. */
export function storageUsage(file: Pick<TStorageFile, 'role' | 'videoTitle'>): StorageUsage {
  switch (file.role) {
    case 'video':
    case 'thumbnail':
      return { kind: file.role, title: file.videoTitle ?? '' };
    case 'background':
      return { kind: 'background' };
    case 'none':
      return { kind: 'unused' };
  }
}

/** Only files nothing uses may be deleted from the Storage tab (the server refuses the others with 409). */
export function isDeletableFile(file: Pick<TStorageFile, 'role'>): boolean {
  return file.role === 'none';
}

/** How many stored files nothing uses, for the summary above the list. */
export function unusedFileCount(files: readonly Pick<TStorageFile, 'role'>[]): number {
  return files.filter(isDeletableFile).length;
}

import type { TAdminVideo } from '@shared/schemas/media';
import { describe, expect, it } from 'vitest';
import {
  applyVideoPatch,
  isDeletableFile,
  patchedFlags,
  removeVideo,
  storageUsage,
  unusedFileCount,
} from './video-list';

function video(id: string, flags: Partial<TAdminVideo> = {}): TAdminVideo {
  return {
    id,
    title: `Video ${id}`,
    description: null,
    fileName: `${id}.mp4`,
    url: `/media/videos/${id}.mp4`,
    thumbnailName: null,
    posterUrl: null,
    durationSeconds: 12,
    fileSize: 1000,
    isFeatured: false,
    isPublished: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...flags,
  };
}

describe('applyVideoPatch', () => {
  it('changes only the named flags of the named video', () => {
    const list = { videos: [video('a'), video('b', { isFeatured: true })] };
    const next = applyVideoPatch(list, 'b', { isPublished: true });
    expect(next.videos[1]).toMatchObject({ isPublished: true, isFeatured: true });
    expect(next.videos[0]).toBe(list.videos[0]);
    expect(list.videos[1]?.isPublished).toBe(false);
  });

  it('leaves the list alone when the video is gone', () => {
    const list = { videos: [video('a')] };
    expect(applyVideoPatch(list, 'zzz', { isFeatured: true })).toBe(list);
  });
});

describe('patchedFlags', () => {
  it('gives only the flags the change touches, as the video has them', () => {
    const before = video('a', { isPublished: false, isFeatured: true });
    expect(patchedFlags(before, { isPublished: true })).toEqual({ isPublished: false });
    expect(patchedFlags(before, { isFeatured: false })).toEqual({ isFeatured: true });
  });

  it('keeps a change to the other flag made meanwhile when rolling back', () => {
    const before = video('a');
    const publish = { isPublished: true };
    let list = applyVideoPatch({ videos: [before] }, 'a', publish);
    list = applyVideoPatch(list, 'a', { isFeatured: true });
    list = applyVideoPatch(list, 'a', patchedFlags(before, publish));
    expect(list.videos[0]).toMatchObject({ isPublished: false, isFeatured: true });
  });
});

describe('removeVideo', () => {
  it('drops the video by id', () => {
    expect(removeVideo({ videos: [video('a'), video('b')] }, 'a').videos.map((v) => v.id)).toEqual(['b']);
  });
});

describe('storage usage', () => {
  it('names the video a file belongs to, the background, or nothing', () => {
    expect(storageUsage({ role: 'video', videoTitle: 'Morning' })).toEqual({
      kind: 'video',
      title: 'Morning',
    });
    expect(storageUsage({ role: 'thumbnail', videoTitle: 'Morning' })).toEqual({
      kind: 'thumbnail',
      title: 'Morning',
    });
    expect(storageUsage({ role: 'background', videoTitle: null })).toEqual({ kind: 'background' });
    expect(storageUsage({ role: 'none', videoTitle: null })).toEqual({ kind: 'unused' });
  });

  it('offers deletion only for files nothing uses, and counts them', () => {
    const files = [{ role: 'video' }, { role: 'none' }, { role: 'background' }, { role: 'none' }] as const;
    expect(files.map(isDeletableFile)).toEqual([false, true, false, true]);
    expect(unusedFileCount(files)).toBe(2);
  });
});

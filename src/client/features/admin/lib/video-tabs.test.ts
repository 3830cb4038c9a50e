import { describe, expect, it } from 'vitest';
import { searchWithVideoTab, videoTabFromSearch } from './video-tabs';

describe('videoTabFromSearch', () => {
  it('reads a known tab from the address', () => {
    expect(videoTabFromSearch(new URLSearchParams('tab=upload'))).toBe('upload');
    expect(videoTabFromSearch(new URLSearchParams('x=1&tab=manage'))).toBe('manage');
  });

  it('falls back to Storage, the first tab, for a missing or unknown tab', () => {
    expect(videoTabFromSearch(new URLSearchParams(''))).toBe('storage');
    expect(videoTabFromSearch(new URLSearchParams('tab=Upload'))).toBe('storage');
    expect(videoTabFromSearch(new URLSearchParams('tab=toString'))).toBe('storage');
  });
});

describe('searchWithVideoTab', () => {
  it('sets the tab and keeps the other parameters, without changing the given ones', () => {
    const search = new URLSearchParams('lang=de&tab=storage');
    const next = searchWithVideoTab(search, 'manage');
    expect(next.toString()).toBe('lang=de&tab=manage');
    expect(search.get('tab')).toBe('storage');
  });
});

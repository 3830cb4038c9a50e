/** The tabs of the video management page (spec §2 "/admin/videos"), in the spec's order. */
export const VIDEO_TABS = ['storage', 'upload', 'manage'] as const;
export type VideoTab = (typeof VIDEO_TABS)[number];

/** The search parameter that keeps the chosen tab across reloads and shared links. */
export const VIDEO_TAB_PARAM = 'tab';

export function isVideoTab(value: string | null | undefined): value is VideoTab {
  return VIDEO_TABS.some((tab) => tab === value);
}

/** The tab named in the address; the first tab when there is none or an unknown one. */
export function videoTabFromSearch(search: URLSearchParams): VideoTab {
  const value = search.get(VIDEO_TAB_PARAM);
  return isVideoTab(value) ? value : VIDEO_TABS[0];
}

/** The address's search parameters with `tab` set, keeping any others. */
export function searchWithVideoTab(search: URLSearchParams, tab: VideoTab): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(VIDEO_TAB_PARAM, tab);
  return next;
}

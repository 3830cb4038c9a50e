import {
  OVERLAY_MARGIN_PX,
  OVERLAY_NARROW_BELOW_PX,
  OVERLAY_NARROW_MAX_PX,
  OVERLAY_PROGRESS,
  OVERLAY_SIZE_PX,
} from '@shared/domain/bubbles';

/** The part of the page that is on screen (the visual viewport: smaller than the window when zoomed in). */
export type VisibleArea = { width: number; height: number; offsetLeft: number; offsetTop: number };

/**
 * Spec §9: the detail overlay is a 500 px circle; below 768 px it is min(90 % of the width, 90 % of the
 * height, 400) less the 16 px margin. A wide but very short window (a phone on its side) also keeps the margin
 * above and below, so the circle never runs off the screen.
 */
export function overlayDiameter(width: number, height: number): number {
  if (width < OVERLAY_NARROW_BELOW_PX) {
    return Math.max(0, Math.min(width * 0.9, height * 0.9, OVERLAY_NARROW_MAX_PX) - OVERLAY_MARGIN_PX);
  }
  return Math.max(0, Math.min(OVERLAY_SIZE_PX, height - 2 * OVERLAY_MARGIN_PX));
}

/** Where the circle goes: centred in the visible area, in the fixed-position coordinates of the page. */
export function overlayBox(area: VisibleArea): { left: number; top: number; size: number } {
  const size = overlayDiameter(area.width, area.height);
  return {
    size,
    left: area.offsetLeft + (area.width - size) / 2,
    top: area.offsetTop + (area.height - size) / 2,
  };
}

/** Spec §4: the overlay's progress goes 0, 2, 4 … 10, one step every 30 ms. */
export function nextProgress(progress: number): number {
  return Math.min(OVERLAY_PROGRESS.max, progress + OVERLAY_PROGRESS.step);
}

/** The eased share (0–1) of a progress value: fast at first, gentle at the end. */
export function easedProgress(progress: number): number {
  const share = Math.min(1, Math.max(0, progress / OVERLAY_PROGRESS.max));
  return 1 - (1 - share) ** 3;
}

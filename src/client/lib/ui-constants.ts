/** Spec §9: below this width the layout and the toasts switch to mobile. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Spec §9: tooltips open after this delay. */
export const TOOLTIP_DELAY_MS = 700;
/** Spec §9: page transitions. */
export const MOTION = {
  layoutSeconds: 0.45,
  blurInSeconds: 0.3,
  blurOutSeconds: 0.25,
  blurPx: 8,
} as const;

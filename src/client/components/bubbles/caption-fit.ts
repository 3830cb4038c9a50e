/**
 * Font sizes for the words inside round bubbles: the canvas's bubbles (Inter) and the test home's red ones
 * (Fraunces). A label is as large as its bubble allows, but small enough that its longest word fits across
 * instead of breaking mid-word.
 */

/**
 * The average advance of a letter, in em, measured on the widest words we show: Inter at weight 500–600
 * ("wachstum", "kommunikation") and Fraunces at 600 (the red bubbles' lowercase labels).
 */
const LETTER_EM = { sans: 0.62, display: 0.52 } as const;

/**
 * Letters of the longest stretch that should stay on one line; spaces and hyphens always break. A soft hyphen
 * breaks only with `softHyphens: 'break'` (a label written to wrap there: "beziehungs­plattform"); otherwise
 * the whole word counts, and its soft hyphens are the fallback of a bubble too small for it.
 */
export function longestWord(text: string, softHyphens: 'keep' | 'break' = 'keep'): number {
  const words =
    softHyphens === 'break' ? text.split(/[\s\u00ad-]+/) : text.replaceAll('\u00ad', '').split(/[\s-]+/);
  return Math.max(1, ...words.map((word) => word.length));
}

/** Inside a canvas bubble the text has 76 % of the diameter (the canvas pads 12 % on each side). */
const CANVAS_TEXT_SHARE = 0.76;
export const CAPTION_MIN_PX = 8;
export const CAPTION_MAX_PX = 16;

/**
 * The caption font size (px) on the canvas for a bubble of `diameter` px: 16 % of the diameter, at most 16 px,
 * smaller where the longest word would not fit, never under 8 px (the smallest bubbles then break the word).
 * `scale` widens the letters for a heavier weight.
 */
export function captionFontPx(text: string, diameter: number, scale = 1): number {
  const fit = (diameter * CANVAS_TEXT_SHARE) / (longestWord(text) * LETTER_EM.sans * scale);
  return Math.max(CAPTION_MIN_PX, Math.min(CAPTION_MAX_PX, diameter * 0.16, fit));
}

/**
 * A CSS font size for a display label that spans `textShare` of its container's width (a size container):
 * the inherited size, or smaller when the longest unbreakable stretch would not fit.
 */
export function fittingFontSize(text: string, textShare: number): string {
  const cqw = (textShare * 100) / (longestWord(text, 'break') * LETTER_EM.display);
  return `min(1em, ${cqw.toFixed(2)}cqw)`;
}

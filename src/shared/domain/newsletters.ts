/**
 * Newsletters and the GDPR confirmation e-mail (spec §2, §3 newsletters, §4 composer, §5 GIF, §9). One
 * draft holds both languages: the composer edits English and German side by side, and a campaign sends each
 * recipient the version in their language.
 */

export const NEWSLETTER_KINDS = ['newsletter', 'gdpr'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];

/** The fields of one language version (spec §3 newsletters), with their longest allowed length. */
export const NEWSLETTER_FIELD_LIMITS = {
  subjectLine: 200,
  heroTitle: 200,
  introText: 5000,
  secondTextBlock: 5000,
  ctaText: 80,
  ctaLink: 2000,
  footerText: 1000,
  gifAltText: 300,
} as const;
export type NewsletterField = keyof typeof NEWSLETTER_FIELD_LIMITS;
export const NEWSLETTER_FIELDS = Object.keys(NEWSLETTER_FIELD_LIMITS) as NewsletterField[];
export const NEWSLETTER_NAME_MAX_LENGTH = 120;

/**
 * In the GDPR e-mail the button always leads to the recipient's own confirmation link; staff cannot point it
 * elsewhere. The composer shows this placeholder in place of a link (spec §9: the link carries a placeholder
 * for the recipient's e-mail, filled in per recipient when the e-mail is sent).
 */
export const CONFIRMATION_LINK_PLACEHOLDER = '{{confirmation_link}}';

/** Spec §5: newsletter GIFs are GIF files of at most 4 MB; 600 px wide is recommended. */
export const GIF_MAX_BYTES = 4 * 1024 * 1024;
export const GIF_RECOMMENDED_WIDTH = 600;
/** The widest an e-mail shows a GIF; a narrower one is shown at its natural size, never stretched. */
export const GIF_MAX_DISPLAY_WIDTH = 600;
/** Spec §7: bucket `gifs`, one folder per kind; which file each language uses is a row (decision 048). */
export const GIF_FOLDERS: Record<NewsletterKind, string> = {
  newsletter: 'newsletter-gif',
  gdpr: 'gdpr-gif',
};

/** A GIF by its first bytes: `GIF87a` or `GIF89a` (the server reads the whole file before keeping it). */
export function isGif(bytes: Uint8Array): boolean {
  if (bytes.length < 6) return false;
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  return signature === 'GIF87a' || signature === 'GIF89a';
}

/**
 * A GIF as an e-mail embeds it: its absolute address and natural size. `height` is null only for campaigns
 * started before sizes were recorded (decision 048), which are shown 600 px wide as they were then.
 */
export type EmailGif = { url: string; width: number; height: number | null };
/** The GIF of each language of one e-mail. */
export type EmailGifs = Record<'en' | 'de', EmailGif | null>;

/**
 * The size an e-mail shows a GIF at: its natural size up to GIF_MAX_DISPLAY_WIDTH wide, a wider one scaled down
 * with its proportions kept (the height rounded, at least 1 px).
 */
export function gifDisplaySize(natural: { width: number; height: number }): {
  width: number;
  height: number;
} {
  if (natural.width <= GIF_MAX_DISPLAY_WIDTH) return { width: natural.width, height: natural.height };
  const height = Math.max(1, Math.round((natural.height * GIF_MAX_DISPLAY_WIDTH) / natural.width));
  return { width: GIF_MAX_DISPLAY_WIDTH, height };
}

export type GifFileProblem = 'notGif' | 'tooLarge';

/** The browser's first check of a chosen GIF (spec §5 messages); the server checks the bytes again. */
export function checkGifFile(file: { name: string; type: string; size: number }): GifFileProblem | null {
  if (file.type !== 'image/gif' && !/\.gif$/i.test(file.name)) return 'notGif';
  if (file.size > GIF_MAX_BYTES) return 'tooLarge';
  return null;
}

/** A call-to-action link must be an absolute http(s) address (or, in the GDPR e-mail, the placeholder). */
export function isValidCtaLink(value: string, kind: NewsletterKind): boolean {
  if (kind === 'gdpr') return value === CONFIRMATION_LINK_PLACEHOLDER;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

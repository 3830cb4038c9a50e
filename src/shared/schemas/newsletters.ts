import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { NEWSLETTER_FIELD_LIMITS, NEWSLETTER_KINDS, NEWSLETTER_NAME_MAX_LENGTH } from '../domain/newsletters';
import { isoDateTime } from './dates';

/** The admin newsletter API (`/api/admin/newsletters/*`): drafts, defaults, preview and GIFs. */

export const ZNewsletterKind = z.enum(NEWSLETTER_KINDS);

/** One language version of a newsletter or GDPR e-mail. Blank fields are allowed in drafts. */
export const ZNewsletterContent = z.object({
  subjectLine: z.string().max(NEWSLETTER_FIELD_LIMITS.subjectLine),
  heroTitle: z.string().max(NEWSLETTER_FIELD_LIMITS.heroTitle),
  introText: z.string().max(NEWSLETTER_FIELD_LIMITS.introText),
  secondTextBlock: z.string().max(NEWSLETTER_FIELD_LIMITS.secondTextBlock),
  ctaText: z.string().max(NEWSLETTER_FIELD_LIMITS.ctaText),
  ctaLink: z.string().max(NEWSLETTER_FIELD_LIMITS.ctaLink),
  footerText: z.string().max(NEWSLETTER_FIELD_LIMITS.footerText),
  gifAltText: z.string().max(NEWSLETTER_FIELD_LIMITS.gifAltText),
});
export type TNewsletterContent = z.infer<typeof ZNewsletterContent>;

export const ZBilingualContent = z.object({ en: ZNewsletterContent, de: ZNewsletterContent });
export type TBilingualContent = z.infer<typeof ZBilingualContent>;

export const ZSaveNewsletterDraft = z.object({
  kind: ZNewsletterKind,
  name: z.string().trim().max(NEWSLETTER_NAME_MAX_LENGTH),
  content: ZBilingualContent,
});
export type TSaveNewsletterDraft = z.infer<typeof ZSaveNewsletterDraft>;

const ZDraftVersion = z.number().int().positive();

/**
 * A save of a draft that is already saved: a new version of it (decision 047). `baseVersion` is the version
 * the texts were edited from; when someone saved the draft since, the save is refused with
 * `draft_version_conflict` (409) and nothing is written.
 */
export const ZUpdateNewsletterDraft = ZSaveNewsletterDraft.extend({ baseVersion: ZDraftVersion });
export type TUpdateNewsletterDraft = z.infer<typeof ZUpdateNewsletterDraft>;

/** Restore an earlier version: it becomes the next version, the one on screen (`baseVersion`) is kept. */
export const ZRestoreNewsletterVersion = z.object({ baseVersion: ZDraftVersion });
export type TRestoreNewsletterVersion = z.infer<typeof ZRestoreNewsletterVersion>;

export const ZNewsletterDraft = z.object({
  id: z.uuid(),
  kind: ZNewsletterKind,
  name: z.string(),
  content: ZBilingualContent,
  createdAt: isoDateTime({ offset: true }),
  updatedAt: isoDateTime({ offset: true }),
  updatedBy: z.string().nullable(),
  /** The current version: 1 when made, one more with every save that changed it. */
  version: ZDraftVersion,
});
export type TNewsletterDraft = z.infer<typeof ZNewsletterDraft>;

/** Saved drafts of one kind, the latest change first. For `gdpr`, the first is the template in use. */
export const ZNewsletterDraftList = z.object({ drafts: z.array(ZNewsletterDraft) });
export type TNewsletterDraftList = z.infer<typeof ZNewsletterDraftList>;

/** One version of a draft as the history lists it: who saved it when, its name and subject lines. */
export const ZNewsletterVersion = z.object({
  version: ZDraftVersion,
  current: z.boolean(),
  name: z.string(),
  subjects: z.object({ en: z.string(), de: z.string() }),
  savedAt: isoDateTime({ offset: true }),
  savedBy: z.string().nullable(),
});
export type TNewsletterVersion = z.infer<typeof ZNewsletterVersion>;

/** Every version of a draft, the current one first. */
export const ZNewsletterVersionList = z.object({ versions: z.array(ZNewsletterVersion) });
export type TNewsletterVersionList = z.infer<typeof ZNewsletterVersionList>;

export const ZNewsletterKindQuery = z.object({ kind: ZNewsletterKind });

/** The built-in texts of a kind in both languages (what the composer starts with and resets to). */
export const ZNewsletterDefaults = z.object({ kind: ZNewsletterKind, content: ZBilingualContent });
export type TNewsletterDefaults = z.infer<typeof ZNewsletterDefaults>;

export const ZNewsletterPreviewRequest = z.object({
  kind: ZNewsletterKind,
  language: z.enum(LOCALES),
  content: ZNewsletterContent,
});
export type TNewsletterPreviewRequest = z.infer<typeof ZNewsletterPreviewRequest>;

/** The e-mail exactly as it is sent, with sample values where each recipient's own links go. */
export const ZNewsletterPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TNewsletterPreview = z.infer<typeof ZNewsletterPreview>;

/** A GIF in use: its file, size on disk and natural size in pixels, and who chose it when. */
export const ZNewsletterGif = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  uploadedAt: isoDateTime({ offset: true }),
  uploadedBy: z.string().nullable(),
});
export type TNewsletterGif = z.infer<typeof ZNewsletterGif>;

const ZGifPerLanguage = z.object({ en: ZNewsletterGif.nullable(), de: ZNewsletterGif.nullable() });

/** The GIF of each e-mail in each language (decision 048), or null where there is none. */
export const ZNewsletterGifs = z.object({ newsletter: ZGifPerLanguage, gdpr: ZGifPerLanguage });
export type TNewsletterGifs = z.infer<typeof ZNewsletterGifs>;

export const ZDeletedCount = z.object({ deleted: z.number().int().nonnegative() });

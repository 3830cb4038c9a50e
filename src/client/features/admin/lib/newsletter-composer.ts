import { LOCALES, type TLocale } from '@shared/domain/locale';
import {
  CONFIRMATION_LINK_PLACEHOLDER,
  type GifFileProblem,
  isValidCtaLink,
  NEWSLETTER_FIELD_LIMITS,
  NEWSLETTER_FIELDS,
  type NewsletterField,
  type NewsletterKind,
} from '@shared/domain/newsletters';
import type {
  TBilingualContent,
  TNewsletterContent,
  TSaveNewsletterDraft,
} from '@shared/schemas/newsletters';

/**
 * What the composer edits: the draft it came from (null while it was never saved) and the version of it the
 * texts were edited from (decision 047), its name and texts.
 */
export type ComposerState = {
  draftId: string | null;
  version: number | null;
  name: string;
  content: TBilingualContent;
};

/** The fields of one language tab, in the order the e-mail shows them. */
export const COMPOSER_FIELDS: readonly NewsletterField[] = NEWSLETTER_FIELDS;

/** Fields written in several lines; the others are one line. */
const MULTILINE_FIELDS: readonly NewsletterField[] = ['introText', 'secondTextBlock', 'footerText'];

export function isMultilineField(field: NewsletterField): boolean {
  return MULTILINE_FIELDS.includes(field);
}

/** A fresh composer with the built-in texts, for either kind. */
export function composerFromDefaults(content: TBilingualContent): ComposerState {
  return { draftId: null, version: null, name: '', content };
}

export function sameContent(a: TNewsletterContent, b: TNewsletterContent): boolean {
  return COMPOSER_FIELDS.every((field) => a[field] === b[field]);
}

/** Whether the screen holds something the last save, load or reset did not (null: nothing saved yet). */
export function hasUnsavedChanges(current: ComposerState, saved: ComposerState | null): boolean {
  if (!saved) return true;
  return (
    current.name.trim() !== saved.name.trim() ||
    LOCALES.some((locale) => !sameContent(current.content[locale], saved.content[locale]))
  );
}

/** The languages whose texts differ from `saved`, for the marks on the language tabs. */
export function changedLocales(current: ComposerState, saved: ComposerState | null): TLocale[] {
  if (!saved) return [];
  return LOCALES.filter((locale) => !sameContent(current.content[locale], saved.content[locale]));
}

export type FieldCounter = { length: number; limit: number; over: boolean };

/** Share of a limit from which the counter shows, so short fields stay calm. */
const COUNTER_FROM = 0.8;

/** A field's characters against its limit, once the text comes near it (null before that). */
export function fieldCounter(field: NewsletterField, value: string): FieldCounter | null {
  const limit = NEWSLETTER_FIELD_LIMITS[field];
  const length = [...value].length;
  if (length < limit * COUNTER_FROM) return null;
  return { length, limit, over: length > limit };
}

/** The first field (English first, in screen order) longer than its limit, which the server would refuse. */
export function firstFieldOverLimit(
  content: TBilingualContent,
): { locale: TLocale; field: NewsletterField } | null {
  for (const locale of LOCALES) {
    const field = COMPOSER_FIELDS.find((f) => [...content[locale][f]].length > NEWSLETTER_FIELD_LIMITS[f]);
    if (field) return { locale, field };
  }
  return null;
}

/** A newsletter's button link may stay blank in a draft; when filled it must be a full web address. */
export function ctaLinkInvalid(value: string, kind: NewsletterKind): boolean {
  if (kind === 'gdpr') return false;
  const trimmed = value.trim();
  return trimmed !== '' && !isValidCtaLink(trimmed, kind);
}

/** The languages whose button link would be refused, English first (where the save sends the person). */
export function localesWithInvalidCta(content: TBilingualContent, kind: NewsletterKind): TLocale[] {
  return LOCALES.filter((locale) => ctaLinkInvalid(content[locale].ctaLink, kind));
}

/**
 * One language as the API takes it. The GDPR e-mail's button always leads to the recipient's own
 * confirmation link, so its link is the placeholder whatever the screen holds.
 */
export function contentForApi(content: TNewsletterContent, kind: NewsletterKind): TNewsletterContent {
  const ctaLink = kind === 'gdpr' ? CONFIRMATION_LINK_PLACEHOLDER : content.ctaLink.trim();
  return { ...content, ctaLink };
}

export function saveBody(state: ComposerState, kind: NewsletterKind): TSaveNewsletterDraft {
  return {
    kind,
    name: state.name.trim(),
    content: {
      en: contentForApi(state.content.en, kind),
      de: contentForApi(state.content.de, kind),
    },
  };
}

/** The message of each GIF problem (spec §5), as translation keys. */
export const GIF_FILE_PROBLEM_KEYS = {
  notGif: 'errors.invalid_gif',
  tooLarge: 'errors.gif_too_large',
} as const satisfies Record<GifFileProblem, string>;

/**
 * The code of a failed GIF upload. A 413 the server's body limit answered before our handler (no JSON code,
 * which the shared upload sender reads as a too-large video) still means the GIF is too large.
 */
export function gifUploadErrorCode(error: { status: number; code: string }): string {
  if (error.status === 413) return 'gif_too_large';
  return error.code;
}

export type PreviewWidth = 'desktop' | 'mobile';

/** The widths the preview is shown at: a desktop mail client's reading pane and a phone. */
export const PREVIEW_WIDTHS: Record<PreviewWidth, number> = { desktop: 640, mobile: 375 };

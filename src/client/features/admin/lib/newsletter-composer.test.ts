import { CONFIRMATION_LINK_PLACEHOLDER, NEWSLETTER_FIELD_LIMITS } from '@shared/domain/newsletters';
import type { TBilingualContent, TNewsletterContent } from '@shared/schemas/newsletters';
import { describe, expect, it } from 'vitest';
import {
  type ComposerState,
  changedLocales,
  composerFromDefaults,
  ctaLinkInvalid,
  fieldCounter,
  firstFieldOverLimit,
  gifUploadErrorCode,
  hasUnsavedChanges,
  localesWithInvalidCta,
  saveBody,
} from './newsletter-composer';

function language(overrides: Partial<TNewsletterContent> = {}): TNewsletterContent {
  return {
    subjectLine: 'Subject',
    heroTitle: 'Hero',
    introText: 'Intro',
    secondTextBlock: 'Second',
    ctaText: 'Read more',
    ctaLink: 'https://example.com/read',
    footerText: 'Footer',
    gifAltText: 'A waving hand',
    ...overrides,
  };
}

function bilingual(
  en: Partial<TNewsletterContent> = {},
  de: Partial<TNewsletterContent> = {},
): TBilingualContent {
  return { en: language(en), de: language({ subjectLine: 'Betreff', ...de }) };
}

describe('hasUnsavedChanges', () => {
  const saved: ComposerState = { draftId: 'a', version: 1, name: 'Spring', content: bilingual() };

  it('is false for what was saved, and ignores spaces around the name (the server trims it)', () => {
    expect(hasUnsavedChanges({ ...saved }, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, name: ' Spring ' }, saved)).toBe(false);
  });

  it('notices a changed name and a changed field in either language', () => {
    expect(hasUnsavedChanges({ ...saved, name: 'Summer' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, content: bilingual({ heroTitle: 'New' }) }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, content: bilingual({}, { footerText: 'Neu' }) }, saved)).toBe(true);
  });

  it('counts a composer without a saved state as changed (its draft was deleted)', () => {
    expect(hasUnsavedChanges(saved, null)).toBe(true);
  });
});

describe('changedLocales', () => {
  it('lists the languages whose texts differ', () => {
    const saved = composerFromDefaults(bilingual());
    expect(changedLocales(saved, saved)).toEqual([]);
    expect(changedLocales({ ...saved, content: bilingual({}, { introText: 'x' }) }, saved)).toEqual(['de']);
    expect(
      changedLocales({ ...saved, content: bilingual({ introText: 'x' }, { introText: 'y' }) }, saved),
    ).toEqual(['en', 'de']);
  });
});

describe('fieldCounter', () => {
  const limit = NEWSLETTER_FIELD_LIMITS.ctaText;

  it('stays hidden well below the limit and shows from 80 percent of it', () => {
    expect(fieldCounter('ctaText', 'a'.repeat(limit * 0.8 - 1))).toBeNull();
    expect(fieldCounter('ctaText', 'a'.repeat(limit * 0.8))).toEqual({
      length: limit * 0.8,
      limit,
      over: false,
    });
  });

  it('is over only past the limit', () => {
    expect(fieldCounter('ctaText', 'a'.repeat(limit))?.over).toBe(false);
    expect(fieldCounter('ctaText', 'a'.repeat(limit + 1))?.over).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(fieldCounter('ctaText', '😀'.repeat(limit))?.length).toBe(limit);
  });
});

describe('firstFieldOverLimit', () => {
  it('finds the first field past its limit, English before German', () => {
    const long = 'a'.repeat(NEWSLETTER_FIELD_LIMITS.heroTitle + 1);
    expect(firstFieldOverLimit(bilingual())).toBeNull();
    expect(firstFieldOverLimit(bilingual({}, { heroTitle: long }))).toEqual({
      locale: 'de',
      field: 'heroTitle',
    });
    expect(
      firstFieldOverLimit(
        bilingual({ footerText: 'a'.repeat(NEWSLETTER_FIELD_LIMITS.footerText + 1) }, { heroTitle: long }),
      ),
    ).toEqual({ locale: 'en', field: 'footerText' });
  });

  it('allows exactly the limit', () => {
    expect(
      firstFieldOverLimit(bilingual({ ctaText: 'a'.repeat(NEWSLETTER_FIELD_LIMITS.ctaText) })),
    ).toBeNull();
  });
});

describe('ctaLinkInvalid', () => {
  it('lets a newsletter draft keep a blank link and refuses anything but a full web address', () => {
    expect(ctaLinkInvalid('', 'newsletter')).toBe(false);
    expect(ctaLinkInvalid('   ', 'newsletter')).toBe(false);
    expect(ctaLinkInvalid(' https://example.com/x ', 'newsletter')).toBe(false);
    expect(ctaLinkInvalid('example.com', 'newsletter')).toBe(true);
    expect(ctaLinkInvalid('javascript:alert(1)', 'newsletter')).toBe(true);
  });

  it('never complains in the GDPR e-mail, whose link is not editable', () => {
    expect(ctaLinkInvalid('anything', 'gdpr')).toBe(false);
  });

  it('names the languages with a bad link', () => {
    expect(localesWithInvalidCta(bilingual({}, { ctaLink: 'nope' }), 'newsletter')).toEqual(['de']);
    expect(localesWithInvalidCta(bilingual(), 'newsletter')).toEqual([]);
  });
});

describe('saveBody', () => {
  it('trims the name and the link of a newsletter', () => {
    const body = saveBody(
      {
        draftId: null,
        version: null,
        name: '  June  ',
        content: bilingual({ ctaLink: ' https://example.com/j ' }),
      },
      'newsletter',
    );
    expect(body.kind).toBe('newsletter');
    expect(body.name).toBe('June');
    expect(body.content.en.ctaLink).toBe('https://example.com/j');
    expect(body.content.de.subjectLine).toBe('Betreff');
  });

  it('always sends the confirmation placeholder as the GDPR e-mail link', () => {
    const body = saveBody(
      { draftId: 'x', version: 1, name: '', content: bilingual({ ctaLink: '' }) },
      'gdpr',
    );
    expect(body.content.en.ctaLink).toBe(CONFIRMATION_LINK_PLACEHOLDER);
    expect(body.content.de.ctaLink).toBe(CONFIRMATION_LINK_PLACEHOLDER);
  });
});

describe('gifUploadErrorCode', () => {
  it('reads any 413 as a GIF that is too large and keeps the other codes', () => {
    expect(gifUploadErrorCode({ status: 413, code: 'video_too_large' })).toBe('gif_too_large');
    expect(gifUploadErrorCode({ status: 400, code: 'invalid_gif' })).toBe('invalid_gif');
    expect(gifUploadErrorCode({ status: 0, code: 'network' })).toBe('network');
  });
});

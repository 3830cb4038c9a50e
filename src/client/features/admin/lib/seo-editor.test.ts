import { SEO_KEYS } from '@shared/domain/seo';
import type { TContentItem } from '@shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import {
  checkJsonField,
  displayUrl,
  groupOfKey,
  isSeoGroup,
  jsonProblems,
  previewImageSrc,
  SEO_GROUP_IDS,
  SEO_GROUPS,
  seoCounter,
  seoPreview,
  truncateForPreview,
} from './seo-editor';

const APP = 'https://mirror.example.com';

function item(key: string, stored: Partial<TContentItem> = {}): TContentItem {
  return {
    key,
    defaultValue: '',
    draftValue: null,
    liveValue: null,
    updatedAt: null,
    updatedBy: null,
    publishedAt: null,
    unpublished: false,
    ...stored,
  };
}

describe('the SEO tabs', () => {
  it('show every SEO key exactly once', () => {
    const shown = SEO_GROUP_IDS.flatMap((group) => [...SEO_GROUPS[group]]);
    expect([...shown].sort()).toEqual([...SEO_KEYS].sort());
    expect(groupOfKey('seo_schema_webpage')).toBe('technical');
    expect(groupOfKey('hero.title')).toBeUndefined();
    expect(isSeoGroup('images')).toBe(true);
    expect(isSeoGroup('toString')).toBe(false);
  });
});

describe('the character counters', () => {
  it('count against the spec maximums and turn over only above them', () => {
    expect(seoCounter('seo_meta_title', 'x'.repeat(60))).toEqual({ length: 60, limit: 60, over: false });
    expect(seoCounter('seo_meta_title', 'x'.repeat(61))).toEqual({ length: 61, limit: 60, over: true });
    expect(seoCounter('seo_meta_description', 'x'.repeat(161))?.over).toBe(true);
    expect(seoCounter('seo_og_title', 'x'.repeat(70))?.over).toBe(false);
    expect(seoCounter('seo_og_description', 'x'.repeat(201))).toEqual({
      length: 201,
      limit: 200,
      over: true,
    });
  });

  it('count characters, not UTF-16 units', () => {
    expect(seoCounter('seo_meta_title', '😀😀')?.length).toBe(2);
  });

  it('have no counter for fields without a maximum', () => {
    expect(seoCounter('seo_keywords', 'x'.repeat(500))).toBeNull();
  });
});

describe('the JSON check', () => {
  it('accepts an empty field and a JSON object', () => {
    expect(checkJsonField('')).toBe('ok');
    expect(checkJsonField('  \n')).toBe('ok');
    expect(checkJsonField('{"name": "Mirror"}')).toBe('ok');
  });

  it('refuses text that does not parse', () => {
    expect(checkJsonField('{name: "Mirror"}')).toBe('invalid');
    expect(checkJsonField('{"name": "Mirror",}')).toBe('invalid');
  });

  it('refuses JSON that is not an object', () => {
    for (const value of ['[]', '"text"', '42', 'null', 'true'])
      expect(checkJsonField(value), value).toBe('notObject');
  });

  it('reports the fields of a page that would be refused, using the edits', () => {
    const items = [
      item('seo_schema_webpage', { draftValue: '{"a":1}' }),
      item('seo_schema_organization', { draftValue: '[1]', liveValue: '[1]' }),
      item('seo_meta_title', { draftValue: '{not json' }),
    ];
    expect(jsonProblems(items, {})).toEqual({ seo_schema_organization: 'notObject' });
    expect(jsonProblems(items, { seo_schema_webpage: '{', seo_schema_organization: '{}' })).toEqual({
      seo_schema_webpage: 'invalid',
    });
  });
});

describe('the search-result preview', () => {
  it('leaves a short text as it is, with its spaces tidied', () => {
    expect(truncateForPreview('  Mirror   home ', 60)).toBe('Mirror home');
  });

  it('cuts a long text at a word with an ellipsis, within the maximum', () => {
    const text = 'Seven-day cycles of daily prompts and weekly insights for understanding yourself in love';
    const cut = truncateForPreview(text, 60);
    expect(cut).toBe('Seven-day cycles of daily prompts and weekly insights for…');
    expect([...cut].length).toBeLessThanOrEqual(60);
  });

  it('cuts inside a word when the text has no space near the end', () => {
    expect(truncateForPreview('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('shows an address as host and path parts', () => {
    expect(displayUrl(`${APP}/waiting-list?lang=de`)).toBe('mirror.example.com › waiting-list');
    expect(displayUrl(`${APP}/`)).toBe('mirror.example.com');
    expect(displayUrl('not a url')).toBe('not a url');
  });

  it('loads only images of this site', () => {
    expect(previewImageSrc(`${APP}/og-image.png`, APP)).toBe(`${APP}/og-image.png`);
    expect(previewImageSrc('https://cdn.example.org/card.png', APP)).toBeNull();
    expect(previewImageSrc('nonsense', APP)).toBeNull();
  });
});

describe('the preview values', () => {
  const items = [
    item('seo_meta_title', { defaultValue: 'Default title', liveValue: 'Live title' }),
    item('seo_meta_description', { defaultValue: 'Default description' }),
    item('seo_site_name', { defaultValue: 'Mirror' }),
    item('seo_og_title', { draftValue: '   ', liveValue: 'Live social title' }),
    item('seo_og_image_url', { draftValue: '/cards/invite.png' }),
    item('seo_canonical_url'),
  ];

  it('take the edit, else the draft, else the live value, else the default', () => {
    const preview = seoPreview({ page: 'invite', locale: 'de', items, edits: {}, appUrl: APP });
    expect(preview).toEqual({
      title: 'Live title',
      url: `${APP}/invite?lang=de`,
      description: 'Default description',
      siteName: 'Mirror',
      ogTitle: 'Live social title',
      ogDescription: 'Default description',
      ogImage: `${APP}/cards/invite.png`,
      ogImageAlt: '',
    });
    const edited = seoPreview({
      page: 'invite',
      locale: 'en',
      items,
      edits: { seo_meta_title: 'Typed title', seo_canonical_url: `${APP}/join` },
      appUrl: APP,
    });
    expect(edited.title).toBe('Typed title');
    expect(edited.url).toBe(`${APP}/join`);
  });
});

import { CMS_PAGE_IDS } from '@shared/domain/cms';
import type { TContentItem } from '@shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import {
  CMS_PAGE_TABS,
  changedDrafts,
  contentMarks,
  editsAfterSave,
  fieldValue,
  hasChanges,
  initialFieldValue,
  labelFromKey,
  saveKind,
} from './content-editor';

function item(key: string, stored: Partial<TContentItem> = {}): TContentItem {
  return {
    key,
    defaultValue: `default of ${key}`,
    draftValue: null,
    liveValue: null,
    updatedAt: null,
    updatedBy: null,
    publishedAt: null,
    unpublished: false,
    ...stored,
  };
}

const saved = {
  updatedAt: '2025-03-01T10:00:00.000Z',
  updatedBy: 'staff@example.com',
};

describe('what a field starts with', () => {
  it('is the saved draft; a cleared draft beside a live text stays empty (publishing removes the text)', () => {
    expect(initialFieldValue(item('a', { ...saved, draftValue: 'draft', liveValue: 'live' }))).toBe('draft');
    expect(initialFieldValue(item('a', { ...saved, liveValue: 'live', unpublished: true }))).toBe('');
    expect(initialFieldValue(item('a'))).toBe('');
  });

  it('an edit wins over what is stored', () => {
    expect(fieldValue(item('a', { ...saved, draftValue: 'draft' }), { a: 'typed' })).toBe('typed');
    expect(fieldValue(item('a', { ...saved, draftValue: 'draft' }), { b: 'typed' })).toBe('draft');
  });
});

describe('what a save sends', () => {
  const items = [
    item('title', { ...saved, draftValue: 'Hello', liveValue: 'Hello' }),
    item('subtitle', { ...saved, liveValue: 'Live only' }),
    item('description'),
  ];

  it('sends only the fields that differ from what is stored', () => {
    const edits = { title: 'Hello', subtitle: 'New subtitle', description: 'First text' };
    expect(changedDrafts(items, edits)).toEqual({ subtitle: 'New subtitle', description: 'First text' });
    expect(hasChanges(items, edits)).toBe(true);
  });

  it('a field typed back to its stored value is not a change', () => {
    expect(changedDrafts(items, { title: 'Hello', subtitle: '' })).toEqual({});
    expect(hasChanges(items, { title: 'Hello' })).toBe(false);
  });

  it('an emptied field is sent as an empty string, which clears the draft', () => {
    expect(changedDrafts(items, { title: '' })).toEqual({ title: '' });
  });

  it('ignores edits of keys the page does not have', () => {
    expect(changedDrafts(items, { unknown: 'x' })).toEqual({});
  });

  it('keeps an edit made while the save was under way', () => {
    const sent = { title: 'One', subtitle: 'Two' };
    expect(editsAfterSave({ title: 'One', subtitle: 'Two and more', other: 'x' }, sent)).toEqual({
      subtitle: 'Two and more',
      other: 'x',
    });
  });

  it('names a save of only new texts a create, anything else an update', () => {
    expect(saveKind(items, ['description'])).toBe('create');
    expect(saveKind(items, ['description', 'subtitle'])).toBe('update');
    expect(saveKind(items, ['title'])).toBe('update');
  });
});

describe('the marks of a text', () => {
  it('a text with nothing stored uses the default', () => {
    expect(contentMarks(item('a'), {})).toEqual(['default']);
  });

  it('a text with nothing stored and no default (the legal notice) is empty', () => {
    expect(contentMarks(item('legal.address', { defaultValue: '' }), {})).toEqual(['empty']);
  });

  it('a draft that is not live yet is unpublished, and the page already shows it', () => {
    expect(contentMarks(item('a', { ...saved, draftValue: 'draft', unpublished: true }), {})).toEqual([
      'unpublished',
    ]);
  });

  it('a published text is live; a newer draft adds unpublished changes', () => {
    expect(contentMarks(item('a', { ...saved, draftValue: 'x', liveValue: 'x' }), {})).toEqual(['live']);
    expect(
      contentMarks(item('a', { ...saved, draftValue: 'y', liveValue: 'x', unpublished: true }), {}),
    ).toEqual(['unpublished', 'live']);
  });

  it('a blank stored value counts as missing', () => {
    expect(contentMarks(item('a', { ...saved, liveValue: '  ' }), {})).toEqual(['default']);
  });

  it('an edit not saved yet is marked', () => {
    expect(contentMarks(item('a'), { a: 'typed' })).toEqual(['unsaved', 'default']);
  });
});

describe('labels from keys', () => {
  it('reads the last part of the key as words', () => {
    expect(labelFromKey('hero.subtitle')).toBe('Subtitle');
    expect(labelFromKey('invite.paragraph2')).toBe('Paragraph 2');
    expect(labelFromKey('legal.supervisoryAuthority')).toBe('Supervisory authority');
    expect(labelFromKey('seo_og_image_url')).toBe('Og image url');
  });
});

describe('the page tabs', () => {
  it('show every CMS page once, home first', () => {
    expect([...CMS_PAGE_TABS].sort()).toEqual([...CMS_PAGE_IDS].sort());
    expect(CMS_PAGE_TABS[0]).toBe('home');
  });
});

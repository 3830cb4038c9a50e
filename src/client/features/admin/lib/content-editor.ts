import { type CmsPage, effectiveCmsValue } from '@shared/domain/cms';
import type { TContentItem } from '@shared/schemas/admin';

/**
 * The rules of the text and SEO editors, kept apart from React: what a field starts with, which fields
 * changed, what a save sends and how each text is marked.
 */

/** The text editor's page tabs, in the order of spec §2, the legal notice last. */
export const CMS_PAGE_TABS: readonly CmsPage[] = ['home', 'waiting-list', 'invite', 'legal'];

/** Unsaved edits of one page and language: text key -> what its field holds. */
export type ContentEdits = Readonly<Record<string, string>>;

/**
 * What a field shows before it is edited: the saved draft. Publishing leaves the draft equal to the live
 * text, so an empty draft beside a live text means it was cleared: publishing then removes the live text.
 */
export function initialFieldValue(item: TContentItem): string {
  return item.draftValue ?? '';
}

export function fieldValue(item: TContentItem, edits: ContentEdits): string {
  return edits[item.key] ?? initialFieldValue(item);
}

export function isFieldChanged(item: TContentItem, edits: ContentEdits): boolean {
  const edited = edits[item.key];
  return edited !== undefined && edited !== initialFieldValue(item);
}

/** The body of one save: only the fields that differ from what is stored (an empty one clears its draft). */
export function changedDrafts(items: readonly TContentItem[], edits: ContentEdits): Record<string, string> {
  const drafts: Record<string, string> = {};
  for (const item of items) {
    if (isFieldChanged(item, edits)) drafts[item.key] = fieldValue(item, edits);
  }
  return drafts;
}

export function hasChanges(items: readonly TContentItem[], edits: ContentEdits): boolean {
  return items.some((item) => isFieldChanged(item, edits));
}

/**
 * The edits left after a save succeeded: a field typed into again while the request ran keeps its newer
 * value; the others now match what is stored.
 */
export function editsAfterSave(edits: ContentEdits, sent: Readonly<Record<string, string>>): ContentEdits {
  return Object.fromEntries(Object.entries(edits).filter(([key, value]) => sent[key] !== value));
}

/** No row is stored for the key yet (nothing was ever saved): saving it creates one. */
export function isNewText(item: TContentItem): boolean {
  return item.updatedAt === null && item.draftValue === null && item.liveValue === null;
}

/** Spec §8 names a failed create and a failed update apart: a save that only adds new texts is a create. */
export function saveKind(items: readonly TContentItem[], sentKeys: readonly string[]): 'create' | 'update' {
  const sent = items.filter((item) => sentKeys.includes(item.key));
  return sent.length > 0 && sent.every(isNewText) ? 'create' : 'update';
}

export type ContentMark = 'unsaved' | 'unpublished' | 'live' | 'default' | 'empty';

/**
 * The marks beside a text: edited here but not saved; a saved draft that differs from what is live; a live
 * text; or neither live nor draft, so the page shows the built-in default (spec §3).
 */
export function contentMarks(item: TContentItem, edits: ContentEdits): ContentMark[] {
  const marks: ContentMark[] = [];
  if (isFieldChanged(item, edits)) marks.push('unsaved');
  if (item.unpublished) marks.push('unpublished');
  if (item.liveValue?.trim()) marks.push('live');
  // Without a stored value the page shows the default, or nothing where there is none (the legal notice).
  if (effectiveCmsValue(item) === undefined) marks.push(item.defaultValue ? 'default' : 'empty');
  return marks;
}

/**
 * A readable label from a text key when no translation names it: the last part, split at capitals and
 * digits ("legal.supervisoryAuthority" -> "Supervisory authority", "invite.paragraph2" -> "Paragraph 2").
 */
export function labelFromKey(key: string): string {
  const last = key.split('.').at(-1) ?? key;
  const words = last
    .replace(/^seo_/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

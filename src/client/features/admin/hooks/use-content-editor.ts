import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TContentItem } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  type ContentTarget,
  contentQueryOptions,
  usePublishContent,
  useSaveContentDrafts,
} from '../api/content';
import {
  type ContentEdits,
  changedDrafts,
  editsAfterSave,
  initialFieldValue,
  saveKind,
} from '../lib/content-editor';

/**
 * Unsaved edits of the text and SEO editors, per page and language. They live outside the components, so
 * switching a tab, or closing and opening a section, keeps what was typed until it is saved; while any are
 * held, leaving or reloading the page asks first (the browser words the question).
 */
let allEdits: Readonly<Record<string, ContentEdits>> = {};
const listeners = new Set<() => void>();
const NO_EDITS: ContentEdits = {};

const askBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();

function setAllEdits(next: Readonly<Record<string, ContentEdits>>) {
  allEdits = next;
  const unsaved = Object.values(next).some((edits) => Object.keys(edits).length > 0);
  if (unsaved) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Drops every unsaved edit (on sign-out: the next person at this browser must not see them). */
export function forgetUnsavedContentEdits() {
  setAllEdits({});
}

export function contentTabKey({ kind, page, locale }: ContentTarget): string {
  return `${kind}/${page}/${locale}`;
}

/** Every page and language with edits not saved yet, as `kind/page/locale`. */
export function useUnsavedTabs(): ReadonlySet<string> {
  const edits = useSyncExternalStore(
    subscribe,
    () => allEdits,
    () => allEdits,
  );
  return new Set(Object.keys(edits).filter((tab) => Object.keys(edits[tab] ?? {}).length > 0));
}

export type EditorToasts = {
  loadFailed: string;
  createFailed: string;
  updateFailed: string;
  saved: string;
  publishFailed: string;
};

/**
 * One page and language of the editor: its stored items, the edits on top, and save and publish with the
 * toasts of spec §8. A lost staff session is left to the dashboard (it says so and goes to sign-in).
 */
export function useContentEditor(target: ContentTarget, toasts: EditorToasts) {
  const { t } = useTranslation();
  const tab = contentTabKey(target);
  const query = useQuery(contentQueryOptions(target));
  const edits = useSyncExternalStore(
    subscribe,
    () => allEdits[tab] ?? NO_EDITS,
    () => NO_EDITS,
  );
  const save = useSaveContentDrafts();
  const publish = usePublishContent();
  const items: readonly TContentItem[] = query.data?.items ?? [];
  const drafts = changedDrafts(items, edits);
  const changedCount = Object.keys(drafts).length;

  const toasted = useRef(0);
  useEffect(() => {
    if (!query.isError || toasted.current === query.errorUpdatedAt) return;
    toasted.current = query.errorUpdatedAt;
    if (!isAdminSessionMissing(query.error)) {
      toast.error(toasts.loadFailed, { description: t(errorMessageKey(query.error)) });
    }
  }, [query.isError, query.error, query.errorUpdatedAt, toasts.loadFailed, t]);

  const setField = (item: TContentItem, value: string) => {
    const current = { ...(allEdits[tab] ?? {}) };
    // A field typed back to what is stored is no edit: the tab loses its unsaved mark.
    if (value === initialFieldValue(item)) delete current[item.key];
    else current[item.key] = value;
    setAllEdits({ ...allEdits, [tab]: current });
  };

  const saveDrafts = async (): Promise<boolean> => {
    if (changedCount === 0 || save.isPending) return false;
    const sent = drafts;
    const kind = saveKind(items, Object.keys(sent));
    try {
      await save.mutateAsync({ target, drafts: sent });
    } catch (error) {
      if (!isAdminSessionMissing(error)) {
        toast.error(kind === 'create' ? toasts.createFailed : toasts.updateFailed, {
          description: t(errorMessageKey(error)),
        });
      }
      return false;
    }
    setAllEdits({ ...allEdits, [tab]: editsAfterSave(allEdits[tab] ?? NO_EDITS, sent) });
    toast.success(toasts.saved);
    return true;
  };

  const publishPage = async () => {
    if (publish.isPending) return;
    try {
      const { published } = await publish.mutateAsync(target);
      // The same words for texts and SEO: how many values went live on which page and language.
      const where = { page: t(`admin.cmsPages.${target.page}`), locale: target.locale.toUpperCase() };
      toast.success(
        published === 0
          ? t('admin.editor.nothingToPublish', where)
          : t('admin.editor.publishedToast', { count: published, ...where }),
      );
    } catch (error) {
      if (!isAdminSessionMissing(error)) {
        toast.error(toasts.publishFailed, { description: t(errorMessageKey(error)) });
      }
    }
  };

  return {
    query,
    items,
    edits,
    changedCount,
    setField,
    saveDrafts,
    saving: save.isPending,
    publishPage,
    publishing: publish.isPending,
  };
}

/** What an editor panel gets from `useContentEditor`. */
export type ContentEditor = ReturnType<typeof useContentEditor>;

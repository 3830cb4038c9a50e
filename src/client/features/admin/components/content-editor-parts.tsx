import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { cn } from '@client/lib/cn';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import type { TContentItem, TContentKind } from '@shared/schemas/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import type { ContentTarget } from '../api/content';
import { type ContentEditor, contentTabKey, useUnsavedTabs } from '../hooks/use-content-editor';
import { type ContentEdits, type ContentMark, contentMarks } from '../lib/content-editor';

/** Pieces the text editor and the SEO manager share: load states, marks, stored values, the action bar. */

export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * A dot and hidden words on a tab whose page or language holds unsaved edits. The dot's place is kept when
 * there is none, so the tabs do not shift as it comes and goes.
 */
export function UnsavedMark({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full bg-accent', !show && 'invisible')} />
      {show && <span className="sr-only">({t('admin.editor.unsavedTab')})</span>}
    </>
  );
}

/** The language tabs of one page (en, de), each marked when it holds unsaved edits. */
export function LanguageTabsList({ kind, page }: { kind: TContentKind; page: ContentTarget['page'] }) {
  const { t } = useTranslation();
  const unsaved = useUnsavedTabs();
  return (
    <TabsList aria-label={t('admin.editor.languageLabel')}>
      {LOCALES.map((locale) => (
        <TabsTrigger key={locale} value={locale}>
          {t(`admin.editor.language.${locale}`)}
          <UnsavedMark show={unsaved.has(contentTabKey({ kind, page, locale }))} />
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

/** Loading, the load error (with a retry) and the lost session; null once the data is there. */
export function EditorLoadState({
  query,
  loginMessage,
  errorMessage,
}: {
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
  loginMessage: string;
  errorMessage: string;
}): ReactNode {
  const { t } = useTranslation();
  if (query.isError) {
    if (isAdminSessionMissing(query.error)) {
      return (
        <p role="alert" className="rounded-2xl bg-surface-sunken p-5">
          {loginMessage}
        </p>
      );
    }
    return (
      <div role="alert" className="rounded-2xl bg-surface-sunken p-5">
        <p>{errorMessage}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void query.refetch()}>
          {t('admin.editor.retry')}
        </Button>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-6 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.editor.loading')}
      </div>
    );
  }
  return null;
}

const MARK_DOTS: Record<ContentMark, string> = {
  unsaved: 'bg-accent',
  unpublished: 'bg-info',
  live: 'bg-success',
  default: 'bg-fg-muted',
  empty: 'bg-danger',
};

/** The marks of a text: words on a quiet chip, told apart at a glance by the colour of a dot. */
export function ContentMarks({ item, edits }: { item: TContentItem; edits: ContentEdits }) {
  const { t } = useTranslation();
  const marks = contentMarks(item, edits);
  return (
    <ul className="flex flex-wrap gap-1.5">
      {marks.map((mark) => (
        <li
          key={mark}
          className="inline-flex items-center gap-1.5 rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap"
        >
          <span aria-hidden="true" className={cn('size-1.5 rounded-full', MARK_DOTS[mark])} />
          {t(`admin.editor.mark.${mark}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The default, the live value and who saved last, under a field (plain text: a stored value is never
 * rendered as HTML). `id` is for the field's aria-describedby.
 */
export function StoredValues({ id, item }: { id: string; item: TContentItem }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const saved =
    item.updatedAt &&
    t('admin.editor.lastSaved', { date: formatDate(item.updatedAt), by: item.updatedBy ?? '—' });
  const published =
    item.publishedAt && t('admin.editor.lastPublished', { date: formatDate(item.publishedAt) });
  return (
    <div id={id} className="mt-2 space-y-1 text-sm text-fg-muted">
      <p className="line-clamp-3 whitespace-pre-wrap break-words">
        {item.defaultValue
          ? t('admin.editor.default', { value: item.defaultValue })
          : t('admin.editor.defaultNone')}
      </p>
      <p className="line-clamp-3 whitespace-pre-wrap break-words">
        {item.liveValue?.trim()
          ? t('admin.editor.live', { value: item.liveValue })
          : t('admin.editor.liveNone')}
      </p>
      {saved && <p>{[saved, published].filter(Boolean).join(', ')}</p>}
    </div>
  );
}

/**
 * Save and publish for one page and language. Publishing makes the saved drafts live, so it waits until the
 * edits on screen are saved.
 */
export function EditorActions({
  editor,
  pageLabel,
  locale,
  saveLabel,
}: {
  editor: ContentEditor;
  pageLabel: string;
  locale: TLocale;
  saveLabel: string;
}) {
  const { t } = useTranslation();
  const unsaved = editor.changedCount > 0;
  return (
    <div className="mt-6 rounded-2xl bg-surface-sunken p-4">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {unsaved
          ? t('admin.editor.changesCount', { count: editor.changedCount })
          : t('admin.editor.noChanges')}{' '}
        {unsaved ? t('admin.editor.publishNeedsSave') : t('admin.editor.publishHint')}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          type="submit"
          variant="secondary"
          disabled={!unsaved || editor.saving}
          aria-busy={editor.saving || undefined}
        >
          {editor.saving && <Spinner className="size-4" />}
          {editor.saving ? t('admin.editor.saving') : saveLabel}
        </Button>
        <Button
          type="button"
          disabled={unsaved || editor.publishing || editor.saving}
          aria-busy={editor.publishing || undefined}
          onClick={() => void editor.publishPage()}
        >
          {editor.publishing && <Spinner className="size-4" />}
          {editor.publishing
            ? t('admin.editor.publishing')
            : t('admin.editor.publish', { page: pageLabel, locale: locale.toUpperCase() })}
        </Button>
      </div>
    </div>
  );
}

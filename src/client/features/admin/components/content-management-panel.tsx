import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { CMS_VALUE_MAX_LENGTH } from '@shared/domain/admin';
import { type CmsPage, type CmsTextKey, hasBuiltInTexts, isCmsPage } from '@shared/domain/cms';
import { isLocale, LOCALES, type TLocale } from '@shared/domain/locale';
import type { TContentItem } from '@shared/schemas/admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContentEditor, useContentEditor, useUnsavedTabs } from '../hooks/use-content-editor';
import { CMS_PAGE_TABS, fieldValue, labelFromKey } from '../lib/content-editor';
import {
  ContentMarks,
  EditorActions,
  EditorLoadState,
  LanguageTabsList,
  StoredValues,
  UnsavedMark,
} from './content-editor-parts';
import { legalGaps, useLegalFieldNames } from './legal-notice-warning';

/**
 * The CMS text editor (spec §2 content management): a tab per page, a tab per language inside, every text
 * of that page with its default, live value and an editable draft; save the drafts, publish the page.
 */
export function ContentManagementPanel({
  page: shownPage,
  onPageChange,
}: {
  /** The page tab, when the dashboard chooses it (the legal notice's warning opens its tab). */
  page?: CmsPage;
  onPageChange?: (page: CmsPage) => void;
} = {}) {
  const { t } = useTranslation();
  const [ownPage, setOwnPage] = useState<CmsPage>('home');
  const page = shownPage ?? ownPage;
  const setPage = onPageChange ?? setOwnPage;
  const [locale, setLocale] = useState<TLocale>('en');
  const unsaved = useUnsavedTabs();

  return (
    <div>
      <p className="text-fg-muted">{t('admin.content.intro')}</p>
      <p className="mt-2 text-sm text-fg-muted">{t('admin.editor.precedence')}</p>
      <Tabs className="mt-5" value={page} onValueChange={(value) => isCmsPage(value) && setPage(value)}>
        <TabsList aria-label={t('admin.content.pagesLabel')}>
          {CMS_PAGE_TABS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {t(`admin.cmsPages.${id}`)}
              <UnsavedMark show={LOCALES.some((l) => unsaved.has(`texts/${id}/${l}`))} />
            </TabsTrigger>
          ))}
        </TabsList>
        {CMS_PAGE_TABS.map((id) => (
          <TabsContent key={id} value={id}>
            <Tabs value={locale} onValueChange={(value) => isLocale(value) && setLocale(value)}>
              <LanguageTabsList kind="texts" page={id} />
              {LOCALES.map((l) => (
                <TabsContent key={l} value={l}>
                  <TextsEditor page={id} locale={l} />
                </TabsContent>
              ))}
            </Tabs>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function TextsEditor({ page, locale }: { page: CmsPage; locale: TLocale }) {
  const { t } = useTranslation();
  const fieldNames = useLegalFieldNames();
  const pageLabel = t(`admin.cmsPages.${page}`);
  const editor = useContentEditor(
    { kind: 'texts', page, locale },
    {
      loadFailed: t('admin.content.loadFailed'),
      createFailed: t('admin.content.createFailed'),
      updateFailed: t('admin.content.updateFailed'),
      saved: t('admin.editor.savedToast'),
      publishFailed: t('admin.content.publishFailed'),
    },
  );

  const loadState = (
    <EditorLoadState
      query={editor.query}
      loginMessage={t('admin.content.loginRequired')}
      errorMessage={t('admin.content.loadFailed')}
    />
  );
  if (!editor.query.isSuccess) return loadState;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void editor.saveDrafts();
  };

  const missingLegal = page === 'legal' ? legalGaps(editor.items) : [];
  return (
    <form noValidate onSubmit={submit}>
      {missingLegal.length > 0 && (
        <p className="mb-4 rounded-2xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
          {t('admin.legalWarning.tab', { fields: fieldNames(missingLegal) })}
        </p>
      )}
      {editor.items.length === 0 && <p className="text-fg-muted">{t('admin.editor.empty')}</p>}
      {hasBuiltInTexts(page) && <p className="text-sm text-fg-muted">{t('admin.editor.emptyHint')}</p>}
      <ul className="mt-4 space-y-4">
        {editor.items.map((item) => (
          <TextField key={item.key} page={page} locale={locale} item={item} editor={editor} />
        ))}
      </ul>
      <EditorActions
        editor={editor}
        pageLabel={pageLabel}
        locale={locale}
        saveLabel={t('admin.editor.saveDrafts')}
      />
    </form>
  );
}

function TextField({
  page,
  locale,
  item,
  editor,
}: {
  page: CmsPage;
  locale: TLocale;
  item: TContentItem;
  editor: ContentEditor;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const storedId = `${id}-stored`;
  const labelKey = `admin.content.key.${item.key as CmsTextKey}` as const;
  // A key the server knows but no translation names yet still gets a readable label.
  const label: string = i18n.exists(labelKey) ? t(labelKey) : labelFromKey(item.key);
  return (
    <li className="rounded-2xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
          <p className="font-mono text-xs text-fg-muted">
            {page}: {item.key}
          </p>
        </div>
        <ContentMarks item={item} edits={editor.edits} />
      </div>
      <Textarea
        id={id}
        className="mt-3 min-h-24!"
        lang={locale}
        value={fieldValue(item, editor.edits)}
        maxLength={CMS_VALUE_MAX_LENGTH}
        aria-describedby={storedId}
        onChange={(event) => editor.setField(item, event.target.value)}
      />
      <StoredValues id={storedId} item={item} />
    </li>
  );
}

import { FieldError } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { CMS_VALUE_MAX_LENGTH } from '@shared/domain/admin';
import { isLocale, LOCALES, type TLocale } from '@shared/domain/locale';
import { isSeoPage, SEO_PAGE_IDS, type SeoKey, type SeoPage } from '@shared/domain/seo';
import type { TContentItem } from '@shared/schemas/admin';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContentEditor, useContentEditor, useUnsavedTabs } from '../hooks/use-content-editor';
import { type ContentEdits, fieldValue } from '../lib/content-editor';
import {
  displayUrl,
  groupOfKey,
  isJsonKey,
  isMultilineKey,
  isSeoGroup,
  type JsonCheck,
  jsonProblems,
  previewImageSrc,
  SEO_GROUP_IDS,
  SEO_GROUPS,
  type SeoGroup,
  seoCounter,
  seoPreview,
  truncateForPreview,
} from '../lib/seo-editor';
import {
  ContentMarks,
  EditorActions,
  EditorLoadState,
  LanguageTabsList,
  StoredValues,
  UnsavedMark,
} from './content-editor-parts';

const SELECT_CLASS = cn(
  'block h-12 w-full rounded-xl border border-border bg-surface-raised px-4 text-base text-fg transition',
);

/**
 * The SEO manager (spec §2, §3 SEO keys, §9 maximums): pick a page and a language, edit its values in four
 * tabs, see a search result and a social card built from them, save and publish.
 */
export function SeoManagementPanel() {
  const { t } = useTranslation();
  const pageId = useId();
  const [page, setPage] = useState<SeoPage>('home');
  const [locale, setLocale] = useState<TLocale>('en');
  const [group, setGroup] = useState<SeoGroup>('basic');
  const unsaved = useUnsavedTabs();

  return (
    <div>
      <p className="text-fg-muted">{t('admin.seo.intro')}</p>
      <p className="mt-2 text-sm text-fg-muted">{t('admin.editor.precedence')}</p>
      <Tabs className="mt-5" value={locale} onValueChange={(value) => isLocale(value) && setLocale(value)}>
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-full max-w-xs">
            <label htmlFor={pageId} className="block text-sm font-medium">
              {t('admin.seo.pageLabel')}
            </label>
            <select
              id={pageId}
              className={cn(SELECT_CLASS, 'mt-2')}
              value={page}
              onChange={(event) => isSeoPage(event.target.value) && setPage(event.target.value)}
            >
              {SEO_PAGE_IDS.map((id) => (
                <option key={id} value={id}>
                  {LOCALES.some((l) => unsaved.has(`seo/${id}/${l}`))
                    ? `${t(`admin.cmsPages.${id}`)} (${t('admin.editor.unsavedTab')})`
                    : t(`admin.cmsPages.${id}`)}
                </option>
              ))}
            </select>
          </div>
          <LanguageTabsList kind="seo" page={page} />
        </div>
        {LOCALES.map((l) => (
          <TabsContent key={l} value={l}>
            <SeoEditor key={page} page={page} locale={l} group={group} onGroupChange={setGroup} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function SeoEditor({
  page,
  locale,
  group,
  onGroupChange,
}: {
  page: SeoPage;
  locale: TLocale;
  group: SeoGroup;
  onGroupChange: (group: SeoGroup) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const pageLabel = t(`admin.cmsPages.${page}`);
  const editor = useContentEditor(
    { kind: 'seo', page, locale },
    {
      loadFailed: t('admin.seo.loadFailed'),
      createFailed: t('admin.seo.saveFailed'),
      updateFailed: t('admin.seo.saveFailed'),
      saved: t('admin.seo.savedToast'),
      publishFailed: t('admin.seo.publishFailed'),
    },
  );
  // JSON errors show once a field was left or a save was tried, not while the first brace is typed.
  const [checkedJson, setCheckedJson] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const fieldId = (key: string) => `${formId}-${key}`;

  useEffect(() => {
    if (!focusKey) return;
    document.getElementById(`${formId}-${focusKey}`)?.focus();
    setFocusKey(null);
  }, [focusKey, formId]);

  const loadState = (
    <EditorLoadState
      query={editor.query}
      loginMessage={t('admin.seo.loginRequired')}
      errorMessage={t('admin.seo.loadFailed')}
    />
  );
  if (!editor.query.isSuccess) return loadState;

  const problems = jsonProblems(editor.items, editor.edits);
  const problemKeys = Object.keys(problems);
  const itemOf = (key: SeoKey) => editor.items.find((item) => item.key === key);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [first] = problemKeys;
    if (first) {
      setCheckedJson(new Set([...checkedJson, ...problemKeys]));
      onGroupChange(groupOfKey(first) ?? 'technical');
      setFocusKey(first);
      toast.error(t('admin.seo.saveFailed'), { description: t('admin.seo.fixJson') });
      return;
    }
    void editor.saveDrafts();
  };

  return (
    <form noValidate onSubmit={submit}>
      <Tabs value={group} onValueChange={(value) => isSeoGroup(value) && onGroupChange(value)}>
        <TabsList aria-label={t('admin.seo.groupsLabel')}>
          {SEO_GROUP_IDS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {t(`admin.seo.group.${id}`)}
              <UnsavedMark show={SEO_GROUPS[id].some((key) => editor.edits[key] !== undefined)} />
            </TabsTrigger>
          ))}
        </TabsList>
        {SEO_GROUP_IDS.map((id) => (
          // Every group stays mounted (hidden when not chosen), so a save can show and focus a field of any tab.
          <TabsContent key={id} value={id} forceMount className="data-[state=inactive]:hidden">
            <ul className="space-y-4">
              {SEO_GROUPS[id].map((key) => {
                const item = itemOf(key);
                if (!item) return null;
                return (
                  <SeoField
                    key={key}
                    id={fieldId(key)}
                    item={item}
                    locale={locale}
                    editor={editor}
                    jsonProblem={checkedJson.has(key) ? problems[key] : undefined}
                    onBlur={() => isJsonKey(key) && setCheckedJson(new Set([...checkedJson, key]))}
                  />
                );
              })}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
      <SeoPreviewCards page={page} locale={locale} items={editor.items} edits={editor.edits} />
      <EditorActions editor={editor} pageLabel={pageLabel} locale={locale} saveLabel={t('admin.seo.save')} />
    </form>
  );
}

const HINT_KEYS: Partial<
  Record<
    SeoKey,
    `admin.seo.hint.${'seo_keywords' | 'seo_canonical_url' | 'seo_robots' | 'seo_og_image_url' | 'json'}`
  >
> = {
  seo_keywords: 'admin.seo.hint.seo_keywords',
  seo_canonical_url: 'admin.seo.hint.seo_canonical_url',
  seo_robots: 'admin.seo.hint.seo_robots',
  seo_og_image_url: 'admin.seo.hint.seo_og_image_url',
  seo_schema_webpage: 'admin.seo.hint.json',
  seo_schema_organization: 'admin.seo.hint.json',
};

function SeoField({
  id,
  item,
  locale,
  editor,
  jsonProblem,
  onBlur,
}: {
  id: string;
  item: TContentItem;
  locale: TLocale;
  editor: ContentEditor;
  jsonProblem: Exclude<JsonCheck, 'ok'> | undefined;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const key = item.key as SeoKey;
  const value = fieldValue(item, editor.edits);
  const counter = seoCounter(key, value);
  const hintKey = HINT_KEYS[key];
  const ids = { hint: `${id}-hint`, counter: `${id}-counter`, error: `${id}-error`, stored: `${id}-stored` };
  const describedBy = [
    hintKey && ids.hint,
    counter && ids.counter,
    jsonProblem && ids.error,
    ids.stored,
  ].filter(Boolean);
  const control = {
    id,
    value,
    lang: isJsonKey(key) ? undefined : locale,
    maxLength: CMS_VALUE_MAX_LENGTH,
    'aria-describedby': describedBy.join(' '),
    'aria-invalid': jsonProblem ? (true as const) : undefined,
    onBlur,
  };
  const onChange = (next: string) => editor.setField(item, next);

  return (
    <li className="rounded-2xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <label htmlFor={id} className="font-medium">
            {t(`admin.seo.field.${key}`)}
          </label>
          <p className="font-mono text-xs text-fg-muted">{key}</p>
        </div>
        <ContentMarks item={item} edits={editor.edits} />
      </div>
      <div className="mt-3">
        {isMultilineKey(key) ? (
          <Textarea
            {...control}
            className={isJsonKey(key) ? 'font-mono text-sm' : 'min-h-24!'}
            spellCheck={!isJsonKey(key)}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            {...control}
            inputMode={key.endsWith('_url') ? 'url' : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </div>
      {hintKey && (
        <p id={ids.hint} className="mt-2 text-sm text-fg-muted">
          {t(hintKey)}
        </p>
      )}
      {counter && (
        <p
          id={ids.counter}
          className={cn(
            'mt-2 text-sm tabular-nums',
            counter.over ? 'font-medium text-danger' : 'text-fg-muted',
          )}
        >
          {t(counter.over ? 'admin.seo.counterOver' : 'admin.seo.counter', {
            length: counter.length,
            limit: counter.limit,
          })}
        </p>
      )}
      {jsonProblem && (
        <FieldError id={ids.error} className="mt-2">
          {t(jsonProblem === 'invalid' ? 'admin.seo.jsonInvalid' : 'admin.seo.jsonNotObject')}
        </FieldError>
      )}
      <StoredValues id={ids.stored} item={item} />
    </li>
  );
}

/** The search result and the social card the page would get with the values on screen. */
function SeoPreviewCards({
  page,
  locale,
  items,
  edits,
}: {
  page: SeoPage;
  locale: TLocale;
  items: readonly TContentItem[];
  edits: ContentEdits;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const appUrl = window.location.origin;
  const preview = seoPreview({ page, locale, items, edits, appUrl });
  const imageSrc = previewImageSrc(preview.ogImage, appUrl);
  let imageHost = '';
  try {
    imageHost = new URL(preview.ogImage).host;
  } catch {
    imageHost = preview.ogImage;
  }

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {t('admin.seo.previewTitle')}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{t('admin.seo.previewNote')}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <figure className="min-w-0">
          <figcaption className="text-sm font-medium text-fg-muted">
            {t('admin.seo.searchPreview')}
          </figcaption>
          <div className="mt-2 rounded-2xl border border-border bg-surface p-4" lang={locale}>
            <p className="truncate text-sm text-fg-muted">{displayUrl(preview.url)}</p>
            <p className="mt-1 text-lg leading-snug break-words text-info">
              {truncateForPreview(preview.title, 60)}
            </p>
            <p className="mt-1 text-sm break-words">{truncateForPreview(preview.description, 160)}</p>
          </div>
        </figure>
        <figure className="min-w-0">
          <figcaption className="text-sm font-medium text-fg-muted">
            {t('admin.seo.socialPreview')}
          </figcaption>
          <div className="mt-2 overflow-hidden rounded-2xl border border-border bg-surface" lang={locale}>
            {imageSrc ? (
              <img
                src={imageSrc}
                alt={preview.ogImageAlt}
                loading="lazy"
                className="aspect-[1.91/1] w-full bg-surface-sunken object-cover"
              />
            ) : (
              <div className="flex aspect-[1.91/1] items-center justify-center bg-surface-sunken p-4 text-center text-sm text-fg-muted">
                {t('admin.seo.imageElsewhere', { host: imageHost })}
              </div>
            )}
            <div className="border-t border-border p-4">
              <p className="text-xs tracking-wide text-fg-muted uppercase">{preview.siteName}</p>
              <p className="mt-1 font-semibold break-words">{truncateForPreview(preview.ogTitle, 70)}</p>
              <p className="mt-1 line-clamp-3 text-sm break-words text-fg-muted">
                {truncateForPreview(preview.ogDescription, 200)}
              </p>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}

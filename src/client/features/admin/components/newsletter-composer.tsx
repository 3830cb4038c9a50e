import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FieldError } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { isLocale, LOCALES, type TLocale } from '@shared/domain/locale';
import {
  NEWSLETTER_FIELD_LIMITS,
  NEWSLETTER_NAME_MAX_LENGTH,
  type NewsletterField,
  type NewsletterKind,
} from '@shared/domain/newsletters';
import type { TAdminSession } from '@shared/schemas/admin';
import type { TBilingualContent, TNewsletterDraft } from '@shared/schemas/newsletters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyPlus, History, Link2, RotateCcw, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing, onAdminSessionLost } from '../api/admin-request';
import {
  newsletterDefaultsQueryOptions,
  newsletterDraftsKey,
  useSaveNewsletterDraft,
} from '../api/newsletters';
import { adminSessionKey } from '../api/session';
import { useDraftOpenRequests } from '../hooks/use-draft-open-requests';
import { clearComposerBackup, readComposerBackup, writeComposerBackup } from '../lib/composer-backup';
import {
  COMPOSER_FIELDS,
  type ComposerState,
  changedLocales,
  composerFromDefaults,
  ctaLinkInvalid,
  fieldCounter,
  firstFieldOverLimit,
  hasUnsavedChanges,
  isMultilineField,
  localesWithInvalidCta,
  saveBody,
} from '../lib/newsletter-composer';
import { EditorLoadState, UnsavedMark, useFormatDate } from './content-editor-parts';
import { NewsletterDrafts } from './newsletter-drafts';
import { NewsletterGifUpload } from './newsletter-gif-upload';
import { NewsletterPreview } from './newsletter-preview';
import { NewsletterSendPanel } from './newsletter-send-panel';
import { NewsletterTestSend } from './newsletter-test-send';

/**
 * The composer of a newsletter or of the GDPR confirmation e-mail (spec §2, §4, §5): a name, the texts in
 * English and German, the GIF, a live preview of the e-mail as sent, and the saved drafts. It starts with the
 * built-in texts of its kind.
 */
export function NewsletterComposer({ kind }: { kind: NewsletterKind }) {
  const { t } = useTranslation();
  const defaults = useQuery(newsletterDefaultsQueryOptions(kind));
  if (!defaults.isSuccess) {
    return (
      <EditorLoadState
        query={defaults}
        loginMessage={t('admin.newsletters.loginRequired')}
        errorMessage={t('admin.newsletters.defaultsFailed')}
      />
    );
  }
  return <ComposerForm kind={kind} defaults={defaults.data.content} />;
}

/** When the screen was last saved or loaded, for the status line; null for texts never saved. */
type SavedInfo = { updatedAt: string } | null;

type ComposerSession = {
  staffId: string | null;
  state: ComposerState;
  baseline: ComposerState | null;
  savedInfo: SavedInfo;
  language: TLocale;
};

/**
 * The work on screen per kind, kept while its section is closed: the dashboard unmounts closed sections, and
 * closing one must not throw away unsaved texts. A lost session empties it: after signing in again the work
 * comes back from the browser's copy (composer-backup), with a notice saying so.
 */
const openSessions = new Map<NewsletterKind, ComposerSession>();
onAdminSessionLost(() => openSessions.clear());

/** Where the composer starts: the work of this visit, the browser's copy of unsaved work, or nothing. */
function startingSession(
  kind: NewsletterKind,
  staffId: string | null,
): (ComposerSession & { restoredFrom: string | null }) | undefined {
  const open = openSessions.get(kind);
  if (open && open.staffId === staffId) return { ...open, restoredFrom: null };
  const kept = staffId ? readComposerBackup(staffId, kind) : null;
  return kept ? { ...kept, staffId, restoredFrom: kept.keptAt } : undefined;
}

function ComposerForm({ kind, defaults }: { kind: NewsletterKind; defaults: TBilingualContent }) {
  const { t } = useTranslation();
  const formId = useId();
  const formatDate = useFormatDate();
  const save = useSaveNewsletterDraft();
  const queryClient = useQueryClient();
  const [staffId] = useState(
    () => queryClient.getQueryData<TAdminSession | null>(adminSessionKey)?.staff.id ?? null,
  );
  const [session] = useState(() => startingSession(kind, staffId));
  // When the unsaved work shown was kept by the browser (before a sign-in, a reload), for the notice.
  const [restoredFrom, setRestoredFrom] = useState<string | null>(session?.restoredFrom ?? null);
  const [state, setState] = useState<ComposerState>(() => session?.state ?? composerFromDefaults(defaults));
  // What the screen is compared with: the defaults it started from, the last save or the loaded draft.
  const [baseline, setBaseline] = useState<ComposerState | null>(() =>
    session ? session.baseline : composerFromDefaults(defaults),
  );
  const [savedInfo, setSavedInfo] = useState<SavedInfo>(session?.savedInfo ?? null);
  const [language, setLanguage] = useState<TLocale>(session?.language ?? 'en');
  // Link errors show once the field was left or a save was tried, not while the address is being typed.
  const [checkedCta, setCheckedCta] = useState<ReadonlySet<TLocale>>(new Set());
  const [focusField, setFocusField] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRename, setConfirmRename] = useState(false);

  const unsaved = hasUnsavedChanges(state, baseline);
  const changed = new Set(changedLocales(state, baseline));
  const fieldId = (locale: TLocale, field: NewsletterField) => `${formId}-${locale}-${field}`;

  useEffect(() => {
    openSessions.set(kind, { staffId, state, baseline, savedInfo, language });
    if (!staffId) return;
    // Saved, sent or reset: nothing left to keep.
    if (!unsaved) clearComposerBackup(staffId, kind);
    else {
      writeComposerBackup(staffId, kind, {
        state,
        baseline,
        savedInfo,
        language,
        keptAt: new Date().toISOString(),
      });
    }
  }, [kind, staffId, state, baseline, savedInfo, language, unsaved]);

  useEffect(() => {
    if (!focusField) return;
    document.getElementById(focusField)?.focus();
    setFocusField(null);
  }, [focusField]);

  const setField = (locale: TLocale, field: NewsletterField, value: string) =>
    setState((current) => ({
      ...current,
      content: { ...current.content, [locale]: { ...current.content[locale], [field]: value } },
    }));

  const startFrom = (next: ComposerState, info: SavedInfo) => {
    setRestoredFrom(null);
    setState(next);
    setBaseline(next);
    setSavedInfo(info);
    setCheckedCta(new Set());
  };

  const loadDraft = (draft: TNewsletterDraft) => {
    openDraft(draft);
    toast.success(
      t('admin.newsletters.loaded', { name: draft.name.trim() || t('admin.newsletters.drafts.untitled') }),
    );
  };

  const openDraft = (draft: TNewsletterDraft) =>
    startFrom(
      { draftId: draft.id, version: draft.version, name: draft.name, content: draft.content },
      { updatedAt: draft.updatedAt },
    );

  const resetToDefaults = () => {
    startFrom(composerFromDefaults(defaults), null);
    setConfirmReset(false);
  };

  const draftsDeleted = (ids: readonly string[]) => {
    if (!state.draftId || !ids.includes(state.draftId)) return;
    // The texts stay on screen; the next save makes a new draft of them.
    setState((current) => ({ ...current, draftId: null, version: null }));
    setBaseline(null);
    setSavedInfo(null);
  };

  const showField = (locale: TLocale, field: NewsletterField) => {
    setLanguage(locale);
    setFocusField(fieldId(locale, field));
  };

  // A duplicated campaign opens here, its subject line focused (so the composer scrolls into view).
  useDraftOpenRequests(kind, {
    unsaved,
    onOpen: (draft) => {
      loadDraft(draft);
      showField(language, 'subjectLine');
    },
  });

  /** The checks the server would refuse the texts by, before a save or a send; shows the first problem. */
  const checkTexts = (failTitle: string): boolean => {
    const tooLong = firstFieldOverLimit(state.content);
    if (tooLong) {
      showField(tooLong.locale, tooLong.field);
      toast.error(failTitle, { description: t('admin.newsletters.tooLong') });
      return false;
    }
    const invalid = localesWithInvalidCta(state.content, kind);
    const [first] = invalid;
    if (first) {
      setCheckedCta(new Set([...checkedCta, ...invalid]));
      showField(first, 'ctaLink');
      toast.error(failTitle, { description: t('errors.invalid_cta_link') });
      return false;
    }
    return true;
  };

  /** After a send the composer starts over with the default texts, a new draft. */
  const startOver = () => startFrom(composerFromDefaults(defaults), null);

  const sendRefused = (code: string) => {
    if (code === 'invalid_cta_link') setCheckedCta(new Set(LOCALES));
    // The loaded draft was deleted meanwhile: the next send saves the texts as a new one.
    if (code === 'not_found' && state.draftId) draftsDeleted([state.draftId]);
  };

  /**
   * Saves the screen: as the next version of the loaded draft, or (`asNew`, or nothing loaded) as a new
   * draft that leaves the loaded one as it is (decision 047).
   */
  const saveTexts = (asNew: boolean) => {
    if (save.isPending) return;
    setConfirmRename(false);
    if (!checkTexts(t('admin.newsletters.saveFailed'))) return;
    const sent = state;
    const fromDraft = asNew ? null : sent.draftId;
    save.mutate(
      { id: fromDraft, baseVersion: asNew ? null : sent.version, body: saveBody(sent, kind) },
      {
        onSuccess: (draft) => {
          const saved = {
            draftId: draft.id,
            version: draft.version,
            name: draft.name,
            content: draft.content,
          };
          setBaseline(saved);
          // Typing during the save stays on screen; only the draft, its version and the trimmed name come
          // from the server.
          setState((current) =>
            current === sent ? saved : { ...current, draftId: draft.id, version: draft.version },
          );
          setSavedInfo({ updatedAt: draft.updatedAt });
          const message =
            kind === 'gdpr'
              ? t('admin.gdprEmail.saved')
              : !fromDraft
                ? sent.draftId
                  ? t('admin.newsletters.savedAsNew')
                  : t('admin.newsletters.saved')
                : draft.version === sent.version
                  ? t('admin.newsletters.savedUnchanged', { version: draft.version })
                  : t('admin.newsletters.savedVersion', { version: draft.version });
          toast.success(message);
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'invalid_cta_link') setCheckedCta(new Set(LOCALES));
          if (code === 'not_found' && fromDraft) draftsDeleted([fromDraft]);
          if (code === 'draft_version_conflict') {
            // Their version shows in the list; the text on screen stays, to be saved as a new draft.
            void queryClient.invalidateQueries({ queryKey: newsletterDraftsKey(kind) });
            toast.error(t('admin.newsletters.saveFailed'), {
              description: t('errors.draft_version_conflict'),
              duration: Number.POSITIVE_INFINITY,
              action: { label: t('admin.newsletters.saveAsNew'), onClick: () => saveTexts(true) },
            });
            return;
          }
          toast.error(t('admin.newsletters.saveFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  // A loaded draft given another name: ask whether it is a rename or meant as a new draft.
  const renaming = Boolean(
    state.draftId &&
      baseline?.draftId === state.draftId &&
      baseline.name.trim() &&
      baseline.name.trim() !== state.name.trim(),
  );
  const requestSave = () => {
    if (save.isPending) return;
    if (renaming) setConfirmRename(true);
    else saveTexts(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A dialog's own form (rename, reset) is rendered in a portal, but its submit bubbles up here in React.
    if (event.target !== event.currentTarget) return;
    requestSave();
  };

  const nextVersion = state.version !== null ? state.version + 1 : null;
  const untitled = t('admin.newsletters.drafts.untitled');
  const sendNote =
    state.draftId && nextVersion !== null && unsaved
      ? t('admin.campaigns.confirm.savesVersion', {
          name: baseline?.name.trim() || untitled,
          version: nextVersion,
        })
      : undefined;

  const status = !state.draftId
    ? t('admin.newsletters.status.new')
    : [
        savedInfo
          ? t('admin.newsletters.status.saved', { date: formatDate(savedInfo.updatedAt) })
          : t('admin.newsletters.status.draft'),
        state.version !== null && t('admin.newsletters.status.version', { version: state.version }),
      ]
        .filter(Boolean)
        .join(' ');

  /** Drops the restored work: back to what it was edited from (the loaded draft), or the built-in texts. */
  const discardRestored = () => {
    if (baseline) startFrom(baseline, savedInfo);
    else startFrom(composerFromDefaults(defaults), null);
    toast.success(t('admin.newsletters.restoredText.discarded'));
  };

  return (
    <div>
      {restoredFrom && (
        <RestoredNotice
          at={formatDate(restoredFrom)}
          onKeep={() => setRestoredFrom(null)}
          onDiscard={discardRestored}
        />
      )}
      <form noValidate onSubmit={submit}>
        <div className="max-w-xl">
          <label htmlFor={`${formId}-name`} className="block text-sm font-medium">
            {t('admin.newsletters.name')}
          </label>
          <Input
            id={`${formId}-name`}
            className="mt-2"
            value={state.name}
            maxLength={NEWSLETTER_NAME_MAX_LENGTH}
            autoComplete="off"
            placeholder={t('admin.newsletters.namePlaceholder')}
            aria-describedby={`${formId}-name-hint`}
            onChange={(event) => setState((current) => ({ ...current, name: event.target.value }))}
          />
          <p id={`${formId}-name-hint`} className="mt-2 text-sm text-fg-muted">
            {t('admin.newsletters.nameHint')}
          </p>
        </div>

        <Tabs
          className="mt-6"
          value={language}
          onValueChange={(value) => isLocale(value) && setLanguage(value)}
        >
          <TabsList aria-label={t('admin.editor.languageLabel')}>
            {LOCALES.map((locale) => (
              <TabsTrigger key={locale} value={locale}>
                {t(`admin.editor.language.${locale}`)}
                <UnsavedMark show={changed.has(locale)} />
              </TabsTrigger>
            ))}
          </TabsList>
          {LOCALES.map((locale) => (
            // Both stay mounted (hidden when not chosen), so a save can show and focus a field of either.
            <TabsContent key={locale} value={locale} forceMount className="data-[state=inactive]:hidden">
              <div className="grid gap-5 sm:grid-cols-2">
                {COMPOSER_FIELDS.map((field) => (
                  <ComposerField
                    key={field}
                    id={fieldId(locale, field)}
                    kind={kind}
                    field={field}
                    locale={locale}
                    value={state.content[locale][field]}
                    showLinkError={checkedCta.has(locale)}
                    onChange={(value) => setField(locale, field, value)}
                    onBlur={() => field === 'ctaLink' && setCheckedCta(new Set([...checkedCta, locale]))}
                  />
                ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>

        <NewsletterGifUpload kind={kind} />

        <div className="mt-8 rounded-2xl bg-surface-sunken p-4">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {status}{' '}
            {unsaved ? t('admin.newsletters.status.unsaved') : t('admin.newsletters.status.noChanges')}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <ConfirmDialog
              trigger={
                <Button type="button" variant="secondary">
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {t('admin.newsletters.reset')}
                </Button>
              }
              open={confirmReset}
              onOpenChange={(next) => {
                if (next && !unsaved) resetToDefaults();
                else setConfirmReset(next);
              }}
              title={t('admin.newsletters.discard.title')}
              description={t('admin.newsletters.discard.resetDescription')}
              confirmLabel={t('admin.newsletters.discard.reset')}
              cancelLabel={t('admin.newsletters.discard.cancel')}
              pendingLabel={t('admin.newsletters.discard.reset')}
              onConfirm={resetToDefaults}
            />
            {state.draftId && (
              <Button
                type="button"
                variant="secondary"
                disabled={save.isPending}
                onClick={() => saveTexts(true)}
              >
                <CopyPlus className="size-4" aria-hidden="true" />
                {t('admin.newsletters.saveAsNew')}
              </Button>
            )}
            <ConfirmDialog
              tone="default"
              trigger={
                <Button type="button" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                  {save.isPending && <Spinner className="size-4" />}
                  {save.isPending
                    ? t('admin.newsletters.saving')
                    : nextVersion !== null
                      ? t('admin.newsletters.saveVersion', { version: nextVersion })
                      : t('admin.newsletters.saveNew')}
                </Button>
              }
              open={confirmRename}
              onOpenChange={(next) => {
                if (next) requestSave();
                else setConfirmRename(false);
              }}
              title={t('admin.newsletters.rename.title', {
                from: baseline?.name.trim() ?? '',
                to: state.name.trim() || untitled,
              })}
              description={t('admin.newsletters.rename.description', {
                from: baseline?.name.trim() ?? '',
                to: state.name.trim() || untitled,
                version: nextVersion ?? 1,
              })}
              confirmLabel={t('admin.newsletters.rename.confirm')}
              cancelLabel={t('admin.newsletters.discard.cancel')}
              pendingLabel={t('admin.newsletters.saving')}
              pending={save.isPending}
              onConfirm={() => saveTexts(false)}
            >
              <Button type="button" variant="secondary" className="w-full" onClick={() => saveTexts(true)}>
                <CopyPlus className="size-4" aria-hidden="true" />
                {t('admin.newsletters.saveAsNew')}
              </Button>
            </ConfirmDialog>
          </div>
          {state.draftId && (
            <p className="mt-3 text-sm text-fg-muted sm:text-right">{t('admin.newsletters.versionHint')}</p>
          )}
        </div>
      </form>

      <NewsletterPreview kind={kind} language={language} content={state.content[language]} />

      {kind === 'newsletter' && <NewsletterTestSend content={state.content} checkTexts={checkTexts} />}

      {kind === 'newsletter' && (
        <NewsletterSendPanel
          composer={state}
          checkTexts={checkTexts}
          showSubject={(locale) => showField(locale, 'subjectLine')}
          onSent={startOver}
          onRefused={sendRefused}
          draftNote={sendNote}
        />
      )}

      <NewsletterDrafts
        kind={kind}
        currentId={state.draftId}
        unsaved={unsaved}
        onLoad={loadDraft}
        onRestored={openDraft}
        onDeleted={draftsDeleted}
      />
    </div>
  );
}

/** Says that unsaved text came back from the browser's copy, with a way to drop it. */
function RestoredNotice({
  at,
  onKeep,
  onDiscard,
}: {
  at: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <History className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          <span className="font-semibold">{t('admin.newsletters.restoredText.title')}</span>{' '}
          {t('admin.newsletters.restoredText.body', { date: at })}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDiscard}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('admin.newsletters.restoredText.discard')}
        </Button>
        <Button type="button" size="sm" onClick={onKeep}>
          {t('admin.newsletters.restoredText.keep')}
        </Button>
      </div>
    </div>
  );
}

/** Fields that take a whole row of the grid; the short ones sit side by side on wider screens. */
const WIDE_FIELDS: readonly NewsletterField[] = [
  'subjectLine',
  'heroTitle',
  'introText',
  'secondTextBlock',
  'footerText',
  'gifAltText',
];

function ComposerField({
  id,
  kind,
  field,
  locale,
  value,
  showLinkError,
  onChange,
  onBlur,
}: {
  id: string;
  kind: NewsletterKind;
  field: NewsletterField;
  locale: TLocale;
  value: string;
  showLinkError: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const wide = WIDE_FIELDS.includes(field);
  const label = t(`admin.newsletters.field.${field}`);

  if (field === 'ctaLink' && kind === 'gdpr') {
    // Not a field: every recipient's button leads to their own confirmation link.
    return (
      <div className={cn(wide && 'sm:col-span-2')}>
        <p className="text-sm font-medium">{label}</p>
        <p className="mt-2 flex min-h-12 items-center gap-2 rounded-xl border border-border bg-surface-sunken px-4 py-2 text-fg-muted">
          <Link2 className="size-4 shrink-0" aria-hidden="true" />
          {t('admin.gdprEmail.ctaLinkFixed')}
        </p>
      </div>
    );
  }

  const counter = fieldCounter(field, value);
  const linkError = field === 'ctaLink' && showLinkError && ctaLinkInvalid(value, kind);
  const hint = field === 'ctaLink' ? t('admin.newsletters.ctaLinkHint') : null;
  const describedBy = [hint && `${id}-hint`, counter && `${id}-counter`, linkError && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const control = {
    id,
    value,
    lang: field === 'ctaLink' ? undefined : locale,
    // A little past the limit, so the red counter can say by how much before the server refuses it.
    maxLength: NEWSLETTER_FIELD_LIMITS[field] + 100,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': linkError || counter?.over ? (true as const) : undefined,
    onBlur,
  };

  return (
    <div className={cn(wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-2">
        {isMultilineField(field) ? (
          <Textarea
            {...control}
            className={field === 'footerText' ? 'min-h-24!' : 'min-h-32!'}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            {...control}
            type={field === 'ctaLink' ? 'url' : 'text'}
            inputMode={field === 'ctaLink' ? 'url' : undefined}
            spellCheck={field !== 'ctaLink'}
            placeholder={field === 'ctaLink' ? 'https://' : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-2 text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {counter && (
        <p
          id={`${id}-counter`}
          className={cn(
            'mt-2 text-sm tabular-nums',
            counter.over ? 'font-medium text-danger' : 'text-fg-muted',
          )}
        >
          {t(counter.over ? 'admin.newsletters.counterOver' : 'admin.newsletters.counter', {
            length: counter.length,
            limit: counter.limit,
          })}
        </p>
      )}
      {linkError && (
        <FieldError id={`${id}-error`} className="mt-2">
          {t('errors.invalid_cta_link')}
        </FieldError>
      )}
    </div>
  );
}

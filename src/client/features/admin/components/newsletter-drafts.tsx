import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import type { NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterDraft, TNewsletterVersion } from '@shared/schemas/newsletters';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, FolderOpen, History, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  fetchNewsletterDraft,
  newsletterDraftsQueryOptions,
  newsletterVersionsQueryOptions,
  useDeleteAllNewsletterDrafts,
  useDeleteNewsletterDraft,
  useRestoreNewsletterVersion,
} from '../api/newsletters';
import { useFormatDate } from './content-editor-parts';

/**
 * The saved drafts of one kind, the latest change first: load one into the composer (asking before unsaved
 * changes are dropped), see its versions and restore one (decision 047), delete one, delete all. For the
 * GDPR e-mail the first one is the e-mail in use.
 */
export function NewsletterDrafts({
  kind,
  currentId,
  unsaved,
  onLoad,
  onRestored,
  onDeleted,
}: {
  kind: NewsletterKind;
  /** The draft open in the composer. */
  currentId: string | null;
  /** Whether the composer holds changes a load would drop. */
  unsaved: boolean;
  onLoad: (draft: TNewsletterDraft) => void;
  /** An earlier version was restored as the draft's next version: open it in the composer. */
  onRestored: (draft: TNewsletterDraft) => void;
  /** Ids of drafts that are gone (every one after "delete all"). */
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const drafts = useQuery(newsletterDraftsQueryOptions(kind));
  const failed = drafts.isError && !isAdminSessionMissing(drafts.error);

  // Spec §8: the toast, once per failed load.
  useEffect(() => {
    if (failed) toast.error(t('admin.newsletters.drafts.loadFailed'));
  }, [failed, t]);

  const list = drafts.data?.drafts ?? [];
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={headingId} className="font-display text-xl font-semibold">
          {t('admin.newsletters.drafts.title')}
        </h3>
        {list.length > 0 && <DeleteAllDrafts kind={kind} count={list.length} onDeleted={onDeleted} />}
      </div>
      {kind === 'gdpr' && <p className="mt-2 text-sm text-fg-muted">{t('admin.gdprEmail.draftsNote')}</p>}
      {failed ? (
        <div role="alert" className="mt-4 rounded-2xl bg-surface-sunken p-5">
          <p>{t('admin.newsletters.drafts.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void drafts.refetch()}>
            {t('admin.editor.retry')}
          </Button>
        </div>
      ) : drafts.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-3 text-fg-muted">
          <Spinner className="size-5 text-accent" />
          {t('admin.editor.loading')}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-surface-sunken p-5 text-fg-muted">
          {kind === 'gdpr' ? t('admin.gdprEmail.draftsEmpty') : t('admin.newsletters.drafts.empty')}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.map((draft, index) => (
            <DraftRow
              key={draft.id}
              draft={draft}
              kind={kind}
              inUse={kind === 'gdpr' && index === 0}
              open={draft.id === currentId}
              unsaved={unsaved}
              onLoad={onLoad}
              onRestored={onRestored}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftRow({
  draft,
  kind,
  inUse,
  open,
  unsaved,
  onLoad,
  onRestored,
  onDeleted,
}: {
  draft: TNewsletterDraft;
  kind: NewsletterKind;
  inUse: boolean;
  open: boolean;
  unsaved: boolean;
  onLoad: (draft: TNewsletterDraft) => void;
  onRestored: (draft: TNewsletterDraft) => void;
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const remove = useDeleteNewsletterDraft(kind);
  const [confirmLoad, setConfirmLoad] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [loading, setLoading] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const versionsId = useId();
  const title = draft.name.trim() || t('admin.newsletters.drafts.untitled');
  const updated = draft.updatedBy
    ? t('admin.newsletters.drafts.updatedBy', { date: formatDate(draft.updatedAt), by: draft.updatedBy })
    : t('admin.newsletters.drafts.updated', { date: formatDate(draft.updatedAt) });

  const load = async () => {
    setLoading(true);
    try {
      onLoad(await fetchNewsletterDraft(draft.id));
      setConfirmLoad(false);
    } catch (error) {
      setConfirmLoad(false);
      if (!isAdminSessionMissing(error)) {
        toast.error(t('admin.newsletters.drafts.loadOneFailed'), { description: t(errorMessageKey(error)) });
      }
    } finally {
      setLoading(false);
    }
  };

  const confirmRemove = () =>
    remove.mutate(draft.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        onDeleted([draft.id]);
        toast.success(t('admin.newsletters.drafts.deleted', { name: title }));
      },
      onError: (error) => {
        setConfirmDelete(false);
        if (!isAdminSessionMissing(error)) toast.error(t('admin.newsletters.drafts.deleteFailed'));
      },
    });

  return (
    <li className="rounded-2xl border border-border p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className={cn('font-medium break-words', !draft.name.trim() && 'text-fg-muted italic')}>
              {title}
            </span>
            {inUse && <Badge tone="success">{t('admin.gdprEmail.inUse')}</Badge>}
            {open && <Badge tone="accent">{t('admin.newsletters.drafts.open')}</Badge>}
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            {t('admin.newsletters.drafts.version', { version: draft.version })} · {updated}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {draft.version > 1 && (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={showVersions}
              aria-controls={versionsId}
              aria-label={t('admin.newsletters.versions.showNamed', { name: title })}
              onClick={() => setShowVersions((shown) => !shown)}
            >
              <History className="size-4" aria-hidden="true" />
              {t('admin.newsletters.versions.show')}
              <ChevronDown
                className={cn('size-4 transition-transform', showVersions && 'rotate-180')}
                aria-hidden="true"
              />
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button
                variant="secondary"
                size="sm"
                disabled={loading}
                aria-busy={loading || undefined}
                aria-label={t('admin.newsletters.drafts.loadNamed', { name: title })}
              >
                {loading ? (
                  <Spinner className="size-4" />
                ) : (
                  <FolderOpen className="size-4" aria-hidden="true" />
                )}
                {t('admin.newsletters.drafts.load')}
              </Button>
            }
            open={confirmLoad}
            onOpenChange={(next) => {
              // Nothing to lose: load at once instead of asking.
              if (next && !unsaved) void load();
              else setConfirmLoad(next);
            }}
            title={t('admin.newsletters.discard.title')}
            description={t('admin.newsletters.discard.loadDescription', { name: title })}
            confirmLabel={t('admin.newsletters.discard.load')}
            cancelLabel={t('admin.newsletters.discard.cancel')}
            pendingLabel={t('admin.newsletters.drafts.loading')}
            pending={loading}
            onConfirm={() => void load()}
          />
          <ConfirmDialog
            trigger={
              <button
                type="button"
                className={cn(DANGER_OUTLINE_BUTTON_CLASS, 'min-h-9 px-3 text-sm')}
                aria-label={t('admin.newsletters.drafts.deleteNamed', { name: title })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('admin.newsletters.drafts.delete')}
              </button>
            }
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={t('admin.newsletters.drafts.deleteTitle')}
            description={
              inUse
                ? t('admin.gdprEmail.deleteInUseDescription', { name: title })
                : t('admin.newsletters.drafts.deleteDescription', { name: title })
            }
            confirmLabel={t('admin.newsletters.drafts.deleteConfirm')}
            cancelLabel={t('admin.newsletters.discard.cancel')}
            pendingLabel={t('admin.newsletters.drafts.deleting')}
            pending={remove.isPending}
            onConfirm={confirmRemove}
          />
        </div>
      </div>
      {showVersions && (
        <DraftVersions
          id={versionsId}
          draft={draft}
          title={title}
          unsaved={unsaved}
          onRestored={onRestored}
        />
      )}
    </li>
  );
}

/** The versions of one draft, the current one first, each earlier one restorable as the next version. */
function DraftVersions({
  id,
  draft,
  title,
  unsaved,
  onRestored,
}: {
  id: string;
  draft: TNewsletterDraft;
  title: string;
  unsaved: boolean;
  onRestored: (draft: TNewsletterDraft) => void;
}) {
  const { t } = useTranslation();
  const versions = useQuery(newsletterVersionsQueryOptions(draft.id));
  const failed = versions.isError && !isAdminSessionMissing(versions.error);
  return (
    <section id={id} aria-label={t('admin.newsletters.versions.title', { name: title })} className="mt-4">
      {failed ? (
        <div role="alert" className="rounded-xl bg-surface-sunken p-4">
          <p>{t('admin.newsletters.versions.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void versions.refetch()}>
            {t('admin.editor.retry')}
          </Button>
        </div>
      ) : !versions.data ? (
        <p role="status" className="flex items-center gap-3 text-sm text-fg-muted">
          <Spinner className="size-4 text-accent" />
          {t('admin.editor.loading')}
        </p>
      ) : (
        <ol className="space-y-2 border-l-2 border-border pl-4">
          {versions.data.versions.map((version) => (
            <VersionRow
              key={version.version}
              draft={draft}
              version={version}
              title={title}
              unsaved={unsaved}
              onRestored={onRestored}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function VersionRow({
  draft,
  version,
  title,
  unsaved,
  onRestored,
}: {
  draft: TNewsletterDraft;
  version: TNewsletterVersion;
  title: string;
  unsaved: boolean;
  onRestored: (draft: TNewsletterDraft) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const restore = useRestoreNewsletterVersion();
  const [confirm, setConfirm] = useState(false);
  const noSubject = t('admin.newsletters.versions.noSubject');
  const next = draft.version + 1;
  const line = {
    version: version.version,
    date: formatDate(version.savedAt),
    by: version.savedBy ?? '',
  };

  const confirmRestore = () =>
    restore.mutate(
      { id: draft.id, version: version.version, baseVersion: draft.version },
      {
        onSuccess: (restored) => {
          setConfirm(false);
          onRestored(restored);
          toast.success(
            t('admin.newsletters.versions.restored', { version: version.version, next: restored.version }),
          );
        },
        onError: (error) => {
          setConfirm(false);
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.newsletters.versions.restoreFailed'), {
            description: t(errorMessageKey(error)),
          });
        },
      },
    );

  return (
    <li className="flex flex-col gap-2 rounded-xl bg-surface-sunken p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{version.name.trim() || t('admin.newsletters.drafts.untitled')}</span>
          {version.current && <Badge tone="accent">{t('admin.newsletters.versions.current')}</Badge>}
        </p>
        <p className="mt-1 text-fg-muted">
          {version.savedBy
            ? t('admin.newsletters.versions.lineBy', line)
            : t('admin.newsletters.versions.line', line)}
        </p>
        <p className="mt-1 break-words text-fg-muted">
          {t('admin.newsletters.versions.subjects', {
            en: version.subjects.en.trim() || noSubject,
            de: version.subjects.de.trim() || noSubject,
          })}
        </p>
      </div>
      {!version.current && (
        <ConfirmDialog
          tone="default"
          trigger={
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start sm:self-center"
              aria-label={t('admin.newsletters.versions.restoreNamed', { version: version.version })}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('admin.newsletters.versions.restore')}
            </Button>
          }
          open={confirm}
          onOpenChange={setConfirm}
          title={t('admin.newsletters.versions.restoreTitle', { version: version.version })}
          description={t(
            unsaved
              ? 'admin.newsletters.versions.restoreDescriptionUnsaved'
              : 'admin.newsletters.versions.restoreDescription',
            { next, name: title },
          )}
          confirmLabel={t('admin.newsletters.versions.restore')}
          cancelLabel={t('admin.newsletters.discard.cancel')}
          pendingLabel={t('admin.newsletters.versions.restoring')}
          pending={restore.isPending}
          onConfirm={confirmRestore}
        />
      )}
    </li>
  );
}

function DeleteAllDrafts({
  kind,
  count,
  onDeleted,
}: {
  kind: NewsletterKind;
  count: number;
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const removeAll = useDeleteAllNewsletterDrafts(kind);
  const [confirm, setConfirm] = useState(false);
  const drafts = useQuery(newsletterDraftsQueryOptions(kind));

  const confirmRemoveAll = () => {
    const ids = drafts.data?.drafts.map((draft) => draft.id) ?? [];
    removeAll.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        setConfirm(false);
        onDeleted(ids);
        toast.success(t('admin.newsletters.drafts.deletedAll', { count: deleted }));
      },
      onError: (error) => {
        setConfirm(false);
        if (!isAdminSessionMissing(error)) toast.error(t('admin.newsletters.drafts.deleteAllFailed'));
      },
    });
  };

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={cn(DANGER_OUTLINE_BUTTON_CLASS, 'min-h-9 px-3 text-sm')}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('admin.newsletters.drafts.deleteAll')}
        </button>
      }
      open={confirm}
      onOpenChange={setConfirm}
      title={t('admin.newsletters.drafts.deleteAllTitle', { count })}
      description={
        kind === 'gdpr'
          ? t('admin.gdprEmail.deleteAllDescription', { count })
          : t('admin.newsletters.drafts.deleteAllDescription', { count })
      }
      confirmLabel={t('admin.newsletters.drafts.deleteAllConfirm')}
      cancelLabel={t('admin.newsletters.discard.cancel')}
      pendingLabel={t('admin.newsletters.drafts.deleting')}
      pending={removeAll.isPending}
      onConfirm={confirmRemoveAll}
    />
  );
}

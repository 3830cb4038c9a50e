import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import type { TStorageFile } from '@shared/schemas/media';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { adminStorageQueryOptions, useDeleteStorageFile } from '../api/videos';
import { isDeletableFile, storageUsage, unusedFileCount } from '../lib/video-list';
import { formatFileSize } from '../lib/video-upload';
import { BackgroundVideosCard } from './video-background-card';

const USAGE_TONES = {
  video: 'bg-success/12 text-success',
  thumbnail: 'bg-success/12 text-success',
  background: 'bg-info/12 text-info',
  unused: 'bg-accent-soft text-accent',
} as const;

/** Like a badge, but a long video title wraps instead of widening the table. */
function UsageLabel({ file }: { file: TStorageFile }) {
  const { t } = useTranslation();
  const usage = storageUsage(file);
  let text: string;
  switch (usage.kind) {
    case 'video':
    case 'thumbnail':
      text = t(`admin.videos.storage.usage.${usage.kind}`, { title: usage.title });
      break;
    case 'background':
    case 'unused':
      text = t(`admin.videos.storage.usage.${usage.kind}`);
      break;
  }
  return (
    <span
      className={cn(
        'inline-block max-w-full rounded-lg px-2.5 py-0.5 text-xs font-semibold break-words',
        USAGE_TONES[usage.kind],
      )}
    >
      {text}
    </span>
  );
}

function DeleteFileButton({ file, onDeleted }: { file: TStorageFile; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteStorageFile();
  const [open, setOpen] = useState(false);
  const confirm = () => {
    remove.mutate(file.name, {
      onSuccess: () => {
        toast.success(t('admin.videos.storage.deleted'), { description: file.name });
        onDeleted();
      },
      onError: (error) => {
        if (isAdminSessionMissing(error)) return;
        toast.error(t('admin.videos.storage.deleteFailed'), { description: t(errorMessageKey(error)) });
      },
      onSettled: () => setOpen(false),
    });
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      pending={remove.isPending}
      title={
        <span className="break-all">
          {t('admin.videos.storage.deleteConfirm.title', { name: file.name })}
        </span>
      }
      description={t('admin.videos.storage.deleteConfirm.body')}
      confirmLabel={t('admin.videos.storage.deleteConfirm.confirm')}
      cancelLabel={t('admin.videos.cancel')}
      pendingLabel={t('admin.videos.manage.deleteConfirm.pending')}
      onConfirm={confirm}
      trigger={
        <button
          type="button"
          className={DANGER_OUTLINE_BUTTON_CLASS}
          aria-label={t('admin.videos.storage.deleteNamed', { name: file.name })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('admin.videos.manage.delete')}
        </button>
      }
    />
  );
}

/** One stored file: a table row on wide screens; on narrow ones its details sit under the name. */
function FileRow({
  file,
  formatDate,
  onDeleted,
}: {
  file: TStorageFile;
  formatDate: (iso: string) => string;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const unused = isDeletableFile(file);
  const size = formatFileSize(file.size, i18n.language);
  const created = <time dateTime={file.createdAt}>{formatDate(file.createdAt)}</time>;
  return (
    <tr data-unused={unused || undefined} className="border-t border-border data-unused:bg-accent-soft/35">
      <td className="py-3 pr-4 pl-4 align-top">
        <a
          href={file.url}
          target="_blank"
          rel="noreferrer"
          className="font-mono text-sm break-all underline-offset-2 hover:underline"
        >
          {file.name}
        </a>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted md:hidden">
          {created}
          <span className="tabular-nums">{size}</span>
          <span>{file.contentType}</span>
        </span>
        <span className="mt-2 block md:hidden">
          <UsageLabel file={file} />
        </span>
      </td>
      <td className="hidden py-3 pr-4 align-top text-sm whitespace-nowrap text-fg-muted md:table-cell">
        {created}
      </td>
      <td className="hidden py-3 pr-4 align-top text-sm whitespace-nowrap text-fg-muted tabular-nums md:table-cell">
        {size}
      </td>
      <td className="hidden py-3 pr-4 align-top text-sm text-fg-muted lg:table-cell">{file.contentType}</td>
      <td className="hidden py-3 pr-4 align-top md:table-cell">
        <UsageLabel file={file} />
      </td>
      <td className="py-2 pr-4 text-right align-top">
        {unused ? (
          <DeleteFileButton file={file} onDeleted={onDeleted} />
        ) : (
          <span className="inline-block py-2 text-sm whitespace-nowrap text-fg-muted">
            {t('admin.videos.storage.inUse')}
          </span>
        )}
      </td>
    </tr>
  );
}

function FilesSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="flex items-center gap-4 rounded-xl border border-border p-4">
          <div className="h-4 flex-1 animate-pulse rounded bg-surface-sunken" />
          <div className="hidden h-4 w-24 animate-pulse rounded bg-surface-sunken md:block" />
          <div className="h-9 w-20 animate-pulse rounded-full bg-surface-sunken" />
        </div>
      ))}
    </div>
  );
}

/**
 * The Storage tab (spec §2): the files of bucket `videos` with their date, size, type and use. Files nothing
 * uses are highlighted and can be deleted after a confirmation; below, the background videos.
 */
export function VideoStoragePanel() {
  const { t, i18n } = useTranslation();
  const list = useQuery(adminStorageQueryOptions);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The deleted row and its button are gone: focus goes to the list's heading instead of the page.
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());

  const loadFailedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (loadFailedAt === 0 || isAdminSessionMissing(list.error)) return;
    toast.error(t('admin.videos.storage.loadError'), { description: t(errorMessageKey(list.error)) });
  }, [loadFailedAt, list.error, t]);

  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => dates.format(new Date(iso));
  const files = list.data?.files;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label={t('admin.videos.storage.loading')}>
        <FilesSkeleton />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
        <p className="font-semibold">{t('admin.videos.storage.loadError')}</p>
        <p className="mt-1 text-fg-muted">{t(errorMessageKey(list.error))}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void list.refetch()}>
          {t('admin.videos.retry')}
        </Button>
      </div>
    );
  } else if (list.data.files.length === 0) {
    body = (
      <p className="rounded-2xl border border-dashed border-border px-5 py-10 text-center text-fg-muted">
        {t('admin.videos.storage.empty')}
      </p>
    );
  } else {
    body = (
      <div className="-mx-5 overflow-x-auto sm:mx-0 sm:rounded-2xl sm:border sm:border-border">
        <table className="w-full text-left">
          <caption className="sr-only">{t('admin.videos.storage.heading')}</caption>
          <thead className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            <tr>
              <th scope="col" className="py-3 pr-4 pl-4">
                {t('admin.videos.storage.column.name')}
              </th>
              <th scope="col" className="hidden py-3 pr-4 md:table-cell">
                {t('admin.videos.storage.column.created')}
              </th>
              <th scope="col" className="hidden py-3 pr-4 md:table-cell">
                {t('admin.videos.storage.column.size')}
              </th>
              <th scope="col" className="hidden py-3 pr-4 lg:table-cell">
                {t('admin.videos.storage.column.type')}
              </th>
              <th scope="col" className="hidden py-3 pr-4 md:table-cell">
                {t('admin.videos.storage.column.usage')}
              </th>
              <th scope="col" className="py-3 pr-4 text-right">
                <span className="sr-only">{t('admin.videos.storage.column.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.files.map((file) => (
              <FileRow key={file.name} file={file} formatDate={formatDate} onDeleted={focusHeading} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <Card asChild className="p-5 sm:p-8">
        <section aria-labelledby={headingId}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 ref={heading} id={headingId} tabIndex={-1} className="font-display text-2xl font-semibold">
                {t('admin.videos.storage.heading')}
              </h2>
              <p className="mt-2 text-fg-muted">{t('admin.videos.storage.intro')}</p>
              {files && files.length > 0 && (
                <p className="mt-2 text-sm text-fg-muted">
                  {t('admin.videos.storage.count', { count: files.length })}
                  {' · '}
                  {t('admin.videos.storage.unusedCount', { count: unusedFileCount(files) })}
                </p>
              )}
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void list.refetch()}
              aria-busy={list.isFetching || undefined}
            >
              <RefreshCw className={list.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('admin.videos.storage.refresh')}
            </Button>
          </div>
          <div className="mt-6">{body}</div>
        </section>
      </Card>
      <BackgroundVideosCard />
    </div>
  );
}

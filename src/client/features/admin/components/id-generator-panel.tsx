import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { ADMIN_STORAGE_KEYS } from '@shared/domain/admin';
import {
  checkIdConfig,
  formatId,
  ID_PADDING_MAX,
  ID_PADDING_MIN,
  ID_PREFIX_MAX_LENGTH,
  type IdConfigError,
  type IdGeneratorConfig,
  idRangeEnd,
} from '@shared/domain/id-generator';
import { useQuery } from '@tanstack/react-query';
import { Copy, RotateCcw, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { issuedIdsQueryOptions, useIssueId, useResetIds } from '../api/ids';
import { copyText, readStored, writeStored } from '../lib/browser';
import { parseIdConfig } from '../lib/id-generator-storage';

type ConfigDraft = { start: string; prefix: string; padding: string };

/** The typed values as a configuration; text that is not a whole number becomes NaN, which the check refuses. */
function toConfig(draft: ConfigDraft): IdGeneratorConfig {
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  return { start: whole(draft.start), prefix: draft.prefix, padding: whole(draft.padding) };
}

function CopyButton({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const copy = () =>
    copyText(id).then(
      () => toast.success(t('admin.idGenerator.copied', { id })),
      () => toast.error(t('admin.toast.copyFailed')),
    );
  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={label}>
      <Copy className="size-4" aria-hidden="true" />
      <span aria-hidden="true" className="max-sm:sr-only">
        {t('admin.idGenerator.copy')}
      </span>
    </Button>
  );
}

/**
 * The ID generator (spec §5, §9; issue 16): a random number from the start value up to the largest the
 * padding allows, shown with its prefix, issued by the server in a transaction so no two staff members (or
 * browsers) ever get the same ID. The issued list, with who issued each and when, is the server's; only the
 * configuration is kept in this browser.
 */
export function IdGeneratorPanel() {
  const { t, i18n } = useTranslation();
  const issued = useQuery(issuedIdsQueryOptions);
  const issue = useIssueId();
  const resetIds = useResetIds();
  const [draft, setDraft] = useState<ConfigDraft>(() => {
    const stored = parseIdConfig(readStored(ADMIN_STORAGE_KEYS.idGeneratorConfig));
    return { start: String(stored.start), prefix: stored.prefix, padding: String(stored.padding) };
  });
  const recent = issued.data?.ids ?? [];
  const usedCount = issued.data?.total ?? 0;
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const [current, setCurrent] = useState<string | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const startRef = useRef<HTMLInputElement>(null);
  const paddingRef = useRef<HTMLInputElement>(null);
  const recentHeadingId = useId();

  const config = toConfig(draft);
  const problem = checkIdConfig(config);
  const configJson = problem === null ? JSON.stringify(config) : null;
  useEffect(() => {
    if (configJson) writeStored(ADMIN_STORAGE_KEYS.idGeneratorConfig, configJson);
  }, [configJson]);

  const errorText = (error: IdConfigError) =>
    error === 'startAboveRange'
      ? t('admin.idGenerator.error.startAboveRange', { max: idRangeEnd(config.padding) })
      : t(`admin.idGenerator.error.${error}`);
  const startError =
    problem === 'startTooSmall' || problem === 'startAboveRange' ? errorText(problem) : undefined;
  const paddingError = problem === 'paddingOutOfRange' ? errorText(problem) : undefined;

  const generate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem) {
      (problem === 'paddingOutOfRange' ? paddingRef : startRef).current?.focus();
      return;
    }
    if (issue.isPending) return;
    issue.mutate(config, {
      onSuccess: ({ issued: id }) => setCurrent(id.id),
      onError: (error) => {
        if (isAdminSessionMissing(error)) return;
        if (error instanceof ApiError && error.code === 'ids_exhausted')
          toast.error(t('admin.idGenerator.exhausted'));
        else toast.error(t(errorMessageKey(error)));
      },
    });
  };

  const reset = () => {
    resetIds.mutate(undefined, {
      onSuccess: () => {
        setCurrent(null);
        toast.success(t('admin.idGenerator.resetDone'));
      },
      onError: (error) => {
        if (!isAdminSessionMissing(error)) toast.error(t(errorMessageKey(error)));
      },
      onSettled: () => setResetOpen(false),
    });
  };

  const rangeHint =
    problem === null
      ? t('admin.idGenerator.rangeHint', {
          first: formatId(config, config.start),
          last: formatId(config, idRangeEnd(config.padding)),
        })
      : undefined;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form noValidate onSubmit={generate} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('admin.idGenerator.start')} error={startError}>
            {(control) => (
              <Input
                {...control}
                ref={startRef}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={draft.start}
                onChange={(event) => setDraft({ ...draft, start: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('admin.idGenerator.prefix')}>
            {(control) => (
              <Input
                {...control}
                maxLength={ID_PREFIX_MAX_LENGTH}
                autoComplete="off"
                spellCheck={false}
                value={draft.prefix}
                onChange={(event) => setDraft({ ...draft, prefix: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('admin.idGenerator.padding')} error={paddingError}>
            {(control) => (
              <Input
                {...control}
                ref={paddingRef}
                type="number"
                inputMode="numeric"
                min={ID_PADDING_MIN}
                max={ID_PADDING_MAX}
                step={1}
                value={draft.padding}
                onChange={(event) => setDraft({ ...draft, padding: event.target.value })}
              />
            )}
          </Field>
        </div>
        <p className="text-sm text-fg-muted">
          {rangeHint && <span>{rangeHint} · </span>}
          {t('admin.idGenerator.used', { count: usedCount })}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" aria-busy={issue.isPending || undefined}>
            <Sparkles className="size-4" aria-hidden="true" />
            {t('admin.idGenerator.generate')}
          </Button>
          <ConfirmDialog
            trigger={
              <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
                <RotateCcw className="size-4" aria-hidden="true" />
                {t('admin.idGenerator.reset')}
              </button>
            }
            open={resetOpen}
            onOpenChange={setResetOpen}
            title={t('admin.idGenerator.resetConfirm.title')}
            description={t('admin.idGenerator.resetConfirm.body')}
            confirmLabel={t('admin.idGenerator.resetConfirm.action')}
            cancelLabel={t('common.cancel')}
            pendingLabel={t('admin.idGenerator.resetConfirm.pending')}
            pending={resetIds.isPending}
            onConfirm={reset}
          />
        </div>
      </form>

      <div className="space-y-6">
        <div className="rounded-2xl bg-surface-sunken p-5">
          <p className="text-sm font-medium text-fg-muted">{t('admin.idGenerator.current')}</p>
          <div className="mt-2 flex min-h-14 flex-wrap items-center justify-between gap-3">
            <output aria-live="polite" className="font-mono text-4xl font-semibold break-all sm:text-5xl">
              {current ?? (
                <span className="text-base font-normal text-fg-muted">{t('admin.idGenerator.noneYet')}</span>
              )}
            </output>
            {current && <CopyButton id={current} label={t('admin.idGenerator.copyId', { id: current })} />}
          </div>
        </div>

        <section aria-labelledby={recentHeadingId}>
          <h3 id={recentHeadingId} className="font-semibold">
            {t('admin.idGenerator.recent')}
          </h3>
          {recent.length === 0 ? (
            <p className="mt-2 text-sm text-fg-muted">{t('admin.idGenerator.recentEmpty')}</p>
          ) : (
            <ol className="mt-2 divide-y divide-border rounded-2xl border border-border">
              {recent.map(({ id, issuedBy, issuedAt }) => (
                <li key={id} className="flex items-center justify-between gap-3 py-1 pr-2 pl-4">
                  <span className="min-w-0">
                    <span className="block font-mono break-all">{id}</span>
                    <span className="block text-xs text-fg-muted break-all">
                      {t('admin.idGenerator.issuedBy', {
                        staff: issuedBy ?? '—',
                        date: dates.format(new Date(issuedAt)),
                      })}
                    </span>
                  </span>
                  <CopyButton id={id} label={t('admin.idGenerator.copyId', { id })} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

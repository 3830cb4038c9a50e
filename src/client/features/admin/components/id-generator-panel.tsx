import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/lib/toast';
import { ADMIN_STORAGE_KEYS } from '@shared/domain/admin';
import {
  checkIdConfig,
  formatId,
  generateId,
  ID_PADDING_MAX,
  ID_PADDING_MIN,
  ID_PREFIX_MAX_LENGTH,
  type IdConfigError,
  type IdGeneratorConfig,
  idRangeEnd,
  pushRecentId,
} from '@shared/domain/id-generator';
import { Copy, RotateCcw, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, readStored, writeStored } from '../lib/browser';
import { parseIdConfig, parseRecentIds, parseUsedIds, serializeUsedIds } from '../lib/id-generator-storage';

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
 * The ID generator (spec §5, §9): a random number from the start value up to the largest the padding
 * allows, never one handed out before, shown with its prefix. The configuration, the used numbers and the
 * last 20 IDs are kept in this browser's localStorage.
 */
export function IdGeneratorPanel() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ConfigDraft>(() => {
    const stored = parseIdConfig(readStored(ADMIN_STORAGE_KEYS.idGeneratorConfig));
    return { start: String(stored.start), prefix: stored.prefix, padding: String(stored.padding) };
  });
  const [used, setUsed] = useState<ReadonlySet<number>>(() =>
    parseUsedIds(readStored(ADMIN_STORAGE_KEYS.idGeneratorUsed)),
  );
  const [recent, setRecent] = useState<string[]>(() =>
    parseRecentIds(readStored(ADMIN_STORAGE_KEYS.idGeneratorRecent)),
  );
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
    const result = generateId(config, used);
    if (!result.ok) {
      if (result.error === 'exhausted') toast.error(t('admin.idGenerator.exhausted'));
      return;
    }
    const nextUsed = new Set(used).add(result.value);
    const nextRecent = pushRecentId(recent, result.id);
    setUsed(nextUsed);
    setRecent(nextRecent);
    setCurrent(result.id);
    writeStored(ADMIN_STORAGE_KEYS.idGeneratorUsed, serializeUsedIds(nextUsed));
    writeStored(ADMIN_STORAGE_KEYS.idGeneratorRecent, JSON.stringify(nextRecent));
  };

  const reset = () => {
    setUsed(new Set());
    setRecent([]);
    setCurrent(null);
    writeStored(ADMIN_STORAGE_KEYS.idGeneratorUsed, '[]');
    writeStored(ADMIN_STORAGE_KEYS.idGeneratorRecent, '[]');
    setResetOpen(false);
    toast.success(t('admin.idGenerator.resetDone'));
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
          {t('admin.idGenerator.used', { count: used.size })}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">
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
              {recent.map((id) => (
                <li key={id} className="flex items-center justify-between gap-3 py-1 pr-2 pl-4">
                  <span className="font-mono break-all">{id}</span>
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

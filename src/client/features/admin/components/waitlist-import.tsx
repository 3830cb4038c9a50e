import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TLocale } from '@shared/domain/locale';
import { WAITLIST_IMPORT_MAX_BYTES } from '@shared/domain/waitlist-list';
import type { TWaitlistImportResult } from '@shared/schemas/waitlist-list';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { useImportWaitlist } from '../api/waitlist';

const selectClass =
  'mt-2 block h-11 w-full rounded-xl border border-border bg-surface-raised px-3 text-base text-fg';

/**
 * Importing addresses from a CSV (issue 16). Nobody is marked confirmed: each new address gets the double
 * opt-in e-mail through the outbox, paced; the report says who was added, who was on the list already and
 * which rows were not addresses.
 */
export function WaitlistImport() {
  const { t } = useTranslation();
  const fileId = useId();
  const languageId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<TLocale>('en');
  const [report, setReport] = useState<TWaitlistImportResult | null>(null);
  const importList = useImportWaitlist();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast.error(t('admin.waitlist.import.noFile'));
      return;
    }
    if (file.size > WAITLIST_IMPORT_MAX_BYTES) {
      toast.error(t('errors.payload_too_large'));
      return;
    }
    const csv = await file.text();
    importList.mutate(
      { csv, defaultLanguage: language },
      {
        onSuccess: (result) => setReport(result),
        onError: (error) => {
          if (!isAdminSessionMissing(error))
            toast.error(t('admin.waitlist.import.failed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${fileId}-title`} className="rounded-2xl border border-border p-4 sm:p-5">
      <h3 id={`${fileId}-title`} className="font-semibold">
        {t('admin.waitlist.import.title')}
      </h3>
      <p id={hintId} className="mt-1 text-sm text-fg-muted">
        {t('admin.waitlist.import.hint')}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium">
            {t('admin.waitlist.import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={hintId}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setReport(null);
            }}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface-sunken file:px-3 file:py-2 file:text-fg"
          />
        </div>
        <div>
          <label htmlFor={languageId} className="block text-sm font-medium">
            {t('admin.waitlist.import.language')}
          </label>
          <select
            id={languageId}
            className={selectClass}
            value={language}
            onChange={(event) => setLanguage(event.target.value as TLocale)}
          >
            <option value="en">{t('language.en')}</option>
            <option value="de">{t('language.de')}</option>
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={importList.isPending}>
          {importList.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Upload className="size-4" aria-hidden="true" />
          )}
          {t('admin.waitlist.import.submit')}
        </Button>
      </form>
      {report && (
        <div role="status" className="mt-4 rounded-xl bg-surface-sunken p-4 text-sm">
          <p className="font-medium">
            {t('admin.waitlist.import.report', {
              added: report.added,
              already: report.alreadyOnList,
              duplicate: report.duplicateInFile,
              invalid: report.invalid,
            })}
          </p>
          <p className="mt-1 text-fg-muted">
            {report.held
              ? t('admin.waitlist.import.held', { count: report.queued })
              : t('admin.waitlist.import.queued', { count: report.queued })}
          </p>
          {report.suppressed > 0 && (
            <p className="mt-1 text-fg-muted">
              {t('admin.waitlist.import.suppressed', { count: report.suppressed })}
            </p>
          )}
          {report.invalidRows.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-fg-muted">
              {report.invalidRows.map((row) => (
                <li key={row.line}>
                  {t('admin.waitlist.import.invalidRow', { line: row.line, value: row.value || '—' })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

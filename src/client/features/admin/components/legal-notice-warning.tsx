import { Button } from '@client/components/ui/button';
import { effectiveCmsValue, type LegalRequiredKey, missingLegalKeys } from '@shared/domain/cms';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import type { TContentItem } from '@shared/schemas/admin';
import { useQueries } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { contentQueryOptions } from '../api/content';
import { JUST_READ_MS } from '../api/session';

/**
 * The required legal texts (operator, address, contact) that a language of the legal notice lacks, judged
 * as the public page shows them: the live value, else the saved draft (decision 049).
 */
export function legalGaps(items: readonly TContentItem[]): LegalRequiredKey[] {
  const byKey = new Map(items.map((item) => [item.key, item]));
  return missingLegalKeys((key) => effectiveCmsValue(byKey.get(key)));
}

/** The names of missing legal texts as a list in the reader's language ("Address and Contact"). */
export function useLegalFieldNames() {
  const { t, i18n } = useTranslation();
  return (keys: readonly LegalRequiredKey[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      keys.map((key) => t(`admin.content.key.${key}`)),
    );
}

/**
 * The legal notice's texts in a language, as the warning reads them. Read afresh on each visit of /list, but
 * not again when /list's loader has just read them (decision 058).
 */
export function legalTextsQueryOptions(locale: TLocale) {
  return { ...contentQueryOptions({ kind: 'texts', page: 'legal', locale }), staleTime: JUST_READ_MS };
}

/**
 * A warning at the top of the staff dashboard while the legal notice lacks the operator's details in a
 * language, with the way to the editor. Nothing while it is complete, loading, or cannot be read.
 */
export function LegalNoticeWarning({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation();
  const fieldNames = useLegalFieldNames();
  const pages = useQueries({
    queries: LOCALES.map(legalTextsQueryOptions),
  });
  const gaps = LOCALES.flatMap((locale: TLocale, index) => {
    const items = pages[index]?.data?.items;
    const missing = items ? legalGaps(items) : [];
    return missing.length > 0 ? [{ locale, missing }] : [];
  });
  if (gaps.length === 0) return null;
  return (
    <section
      aria-labelledby="legal-warning-title"
      className="mt-8 rounded-3xl border border-danger/40 bg-danger/10 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="legal-warning-title" className="font-semibold">
            {t('admin.legalWarning.title')}
          </h2>
          <p className="mt-1 text-fg-muted">{t('admin.legalWarning.body')}</p>
          <ul className="mt-3 space-y-1">
            {gaps.map(({ locale, missing }) => (
              <li key={locale}>
                {t('admin.legalWarning.missing', {
                  language: t(`admin.editor.language.${locale}`),
                  fields: fieldNames(missing),
                })}
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" className="mt-4" onClick={onEdit}>
            {t('admin.legalWarning.open')}
          </Button>
        </div>
      </div>
    </section>
  );
}

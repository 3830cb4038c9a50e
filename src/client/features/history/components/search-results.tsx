import { useJournalLabels } from '@client/lib/journal-labels';
import { formatDayDate } from '@shared/domain/journal';
import { href } from '@shared/routes';
import type { TSearchResult } from '@shared/schemas/history';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HighlightedText } from './highlighted-text';

/** The reflections a search found, newest first, each a snippet with the words marked, linked to its week. */
export function SearchResults({ result, query }: { result: TSearchResult; query: string }) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  if (result.total === 0) return <p className="text-fg-muted">{t('history.search.none', { query })}</p>;
  return (
    <>
      <p className="mb-4 text-sm font-medium text-fg-muted">
        {t('history.search.results', { count: result.total, query })}
      </p>
      <ol className="space-y-3">
        {result.hits.map((hit) => (
          <li key={`${hit.weekStart}-${hit.day}`}>
            <Link
              to={`${href('historyWeek', { week: hit.weekStart }, { q: query })}#day-${hit.day}`}
              className="block rounded-2xl border border-border bg-surface-raised p-5 transition hover:border-accent/60 hover:shadow-md"
            >
              <span className="block text-sm text-fg-muted">
                {formatDayDate(i18n.language, hit.date, 'full')} · {labels.topic(hit.topic)}
              </span>
              <span className="mt-2 block leading-relaxed break-words">
                <HighlightedText text={hit.snippet} ranges={hit.ranges} />
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}

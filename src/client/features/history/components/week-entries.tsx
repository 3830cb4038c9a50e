import { useJournalLabels } from '@client/lib/journal-labels';
import { formatDayDate } from '@shared/domain/journal';
import { findMatches } from '@shared/domain/text-search';
import type { THistoryEntry } from '@shared/schemas/history';
import { useTranslation } from 'react-i18next';
import { HighlightedText } from './highlighted-text';

/**
 * A past week's reflections, read-only, each with its day, date, topic and the prompt it answered. Words of
 * a search (`terms`, folded) are marked. Each reflection can be reached as `#day-<n>`.
 */
export function WeekEntries({
  entries,
  terms,
  headingLevel,
}: {
  entries: readonly THistoryEntry[];
  terms: readonly string[];
  headingLevel: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (entries.length === 0) return <p className="text-fg-muted">{t('history.noEntries')}</p>;
  return (
    <ol className="space-y-6">
      {entries.map((entry) => (
        <li key={entry.day} id={`day-${entry.day}`} className="scroll-mt-6">
          <article className="rounded-2xl border border-border bg-surface-raised p-5 sm:p-6">
            <p className="text-sm text-fg-muted">
              {t('history.dayOfWeek', {
                day: entry.day,
                date: formatDayDate(i18n.language, entry.date, 'long'),
              })}
            </p>
            <Heading className="mt-1 font-display text-xl font-semibold text-balance">
              {labels.topic(entry.topic)}
            </Heading>
            {entry.prompt && (
              <figure className="mt-3 border-l-2 border-accent/40 pl-4">
                <figcaption className="text-xs font-semibold tracking-[0.14em] text-accent uppercase">
                  {t('history.prompt')}
                </figcaption>
                <blockquote className="mt-1 text-fg-muted italic">{entry.prompt}</blockquote>
              </figure>
            )}
            <p className="mt-4 leading-relaxed break-words whitespace-pre-wrap">
              <HighlightedText
                text={entry.contentText}
                ranges={findMatches(entry.contentText, terms) ?? []}
              />
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}

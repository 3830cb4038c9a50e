import { formatDateRange, formatDayDate, topicMessageKey } from '@shared/domain/journal';
import type { TLocale } from '@shared/domain/locale';
import type { THistoryWeek } from '@shared/schemas/history';
import { translate } from '../site/service';

/**
 * The readable export (issue 15): a person's reflections as one Markdown file, week by week, oldest first:
 * a heading per week with its dates, each day's prompt and answer, and the week's insight. Headings, dates
 * and topics are in the person's language; what they wrote stays exactly as written, escaped only so that
 * Markdown cannot read it as structure (a line of theirs starting with `#` is no heading of the file).
 */

/** Characters Markdown gives a meaning to inside a line. */
const INLINE_MARKUP = /[\\`*_[\]<>]/g;

/**
 * One line of a person's text, safe to put into the file: shown as written, never read as markup. Its
 * indentation goes (four spaces would make it code, where the escapes would show).
 */
function escapeLine(line: string): string {
  return line
    .trim()
    .replace(INLINE_MARKUP, '\\$&')
    .replace(/^(#|[-+=|]|~~~)/, '\\$1')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2');
}

/**
 * A person's text as Markdown paragraphs: blank lines part paragraphs as in what they wrote, and a single
 * line break stays a line break (two spaces at the end of the line).
 */
export function markdownText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  return lines
    .map((line, index) => {
      const escaped = escapeLine(line);
      const next = lines[index + 1];
      const breaks = next !== undefined && next.trim() !== '' && escaped.trim() !== '';
      return breaks ? `${escaped}  ` : escaped;
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** The same text as a Markdown quote (for a prompt). */
function quoted(text: string): string {
  return markdownText(text)
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function isoWeekNumber(isoWeek: string): string {
  return String(Number(isoWeek.split('-W')[1] ?? '0'));
}

export type ReflectionsMarkdownInput = {
  locale: TLocale;
  /** The person's weeks, in the order the file lists them. */
  weeks: readonly THistoryWeek[];
  /** The day of the export, yyyy-MM-dd. */
  exportedOn: string;
};

/** The whole file. Weeks without any written reflection and without an insight are left out. */
export function reflectionsMarkdown({ locale, weeks, exportedOn }: ReflectionsMarkdownInput): string {
  const t = (key: string, params?: Record<string, string>) => translate(locale, key, params);
  const shown = weeks.filter((week) => week.entries.length > 0 || week.insight);
  const reflections = shown.reduce((sum, week) => sum + week.entries.length, 0);
  const parts = [
    `# ${t('history.markdown.title')}`,
    t('history.markdown.exported', {
      date: formatDayDate(locale, exportedOn, 'full'),
      count: t(reflections === 1 ? 'history.markdown.count_one' : 'history.markdown.count_other', {
        count: String(reflections),
      }),
    }),
  ];
  if (shown.length === 0) parts.push(t('history.markdown.empty'));
  for (const week of shown) {
    parts.push(
      `## ${t('history.markdown.week', {
        number: isoWeekNumber(week.isoWeek),
        dates: formatDateRange(locale, week.startDate, week.endDate),
      })}`,
    );
    if (week.current) parts.push(`*${t('history.markdown.current')}*`);
    for (const entry of week.entries) {
      const topicKey = topicMessageKey(entry.topic);
      const topic = t(topicKey) === topicKey ? entry.topic : t(topicKey);
      parts.push(
        `### ${t('history.markdown.day', {
          day: String(entry.day),
          date: formatDayDate(locale, entry.date, 'long'),
          topic: escapeLine(topic),
        })}`,
      );
      if (entry.prompt) parts.push(quoted(entry.prompt));
      parts.push(markdownText(entry.contentText));
    }
    if (week.insight) {
      parts.push(`### ${t('history.markdown.insight')}`, markdownText(week.insight.paragraph));
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** The file's name, in the person's language: `mirror-reflections-2026-11-28.md`. */
export function reflectionsFileName(locale: TLocale, exportedOn: string): string {
  return `${translate(locale, 'history.markdown.fileName')}-${exportedOn}.md`;
}

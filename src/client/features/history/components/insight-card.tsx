import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { useJournalLabels } from '@client/lib/journal-labels';
import { formatDateRange, LANES } from '@shared/domain/journal';
import type { TInsight } from '@shared/schemas/insights';
import { Feather, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function FactList({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt className="text-xs font-semibold tracking-[0.14em] text-fg-muted uppercase">{label}</dt>
      <dd className="mt-2">
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item}>
              <Badge tone="accent" wrap className="px-3 py-1 text-sm font-medium">
                {item}
              </Badge>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

/**
 * What a week's insight says (issue 14): the paragraph (in the language it was written in, marked so), how
 * many days and words, the themes, the people, the lane, and who wrote it: Mirror, or the AI model the
 * person chose. Without a card of its own, for inside a week's card.
 */
export function InsightBody({ insight }: { insight: TInsight }) {
  const { t, i18n } = useTranslation();
  const labels = useJournalLabels();
  const numbers = new Intl.NumberFormat(i18n.language);
  const people = insight.people.map((person) =>
    person.kind === 'name' ? person.name : t(`insights.person.${person.role}`),
  );
  const SourceIcon = insight.source === 'ai' ? Sparkles : Feather;
  return (
    <div className="space-y-5">
      <p
        lang={insight.locale === i18n.language ? undefined : insight.locale}
        className="font-display text-lg leading-relaxed text-pretty sm:text-xl"
      >
        {insight.paragraph}
      </p>
      <p className="flex flex-wrap gap-2">
        <Badge tone="neutral" className="px-3 py-1 text-sm">
          {t('insight.days', { count: insight.daysReflected })}
        </Badge>
        <Badge tone="neutral" className="px-3 py-1 text-sm">
          {t('insight.words', { count: insight.words, formatted: numbers.format(insight.words) })}
        </Badge>
      </p>
      <dl className="grid gap-4 sm:grid-cols-3">
        <FactList
          label={t('insight.themes')}
          items={insight.themes.map((theme) => t(`insights.theme.${theme}`))}
        />
        <FactList label={t('insight.people')} items={people} />
        <FactList
          label={t('insight.lane')}
          items={insight.lane ? [labels.topic(LANES[insight.lane as keyof typeof LANES].topic)] : []}
        />
      </dl>
      <p className="flex items-start gap-2 text-sm text-fg-muted">
        <SourceIcon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {insight.source === 'ai' ? t('insight.ai') : t('insight.computed')}
      </p>
    </div>
  );
}

/** An insight in its own card, with the week's dates above it and room for links below. */
export function InsightCard({
  insight,
  title,
  headingId,
  headingLevel = 2,
  dated = true,
  actions,
  className,
}: {
  insight: TInsight;
  title: string;
  headingId?: string;
  headingLevel?: 2 | 3;
  /** Shows the week's dates above the title (not where the page's heading says them already). */
  dated?: boolean;
  actions?: ReactNode;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('p-6 sm:p-8', className)}>
      {dated && (
        <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          {formatDateRange(i18n.language, insight.weekStart, insight.weekEnd)}
        </p>
      )}
      <Heading id={headingId} className="mb-5 font-display text-2xl font-semibold">
        {title}
      </Heading>
      <InsightBody insight={insight} />
      {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
    </Card>
  );
}

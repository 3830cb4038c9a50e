import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ALL, type Bubble, type CategoryChoice } from '@shared/domain/bubbles';
import { Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BubbleField } from './bubble-field';

/**
 * The profile's canvas (spec §2 Profile): the bubbles with a legend, the detail overlay of the bubble clicked,
 * in All mode how many are shown and "load more (50)" while there are more.
 */
export function ProfileBubbles({
  category,
  bubbles,
  total,
  layoutSeed,
  ownIds,
  rounds,
  highlightId,
  onLoadMore,
  loadMoreCount,
}: {
  category: CategoryChoice;
  bubbles: readonly Bubble[];
  /** How many there are in all (All mode shows a part). */
  total: number;
  layoutSeed: number;
  ownIds: ReadonlySet<string>;
  rounds: ReadonlyMap<string, number>;
  highlightId: string | null;
  /** Null when there is nothing more to load. */
  onLoadMore: (() => void) | null;
  loadMoreCount: number;
}) {
  const { t } = useTranslation();
  const countRef = useRef<HTMLParagraphElement>(null);
  const countId = useId();
  const all = category === ALL;
  const highlighted = highlightId ? bubbles.find((bubble) => bubble.id === highlightId) : undefined;

  const loadMore = () => {
    if (!onLoadMore) return;
    onLoadMore();
    // The button goes once everything is shown: focus then stays near, on the count.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) countRef.current?.focus();
    });
  };

  return (
    <Card className="mx-auto w-fit p-3 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-2 pt-1 pb-3 text-sm text-fg-muted">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
          <li className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3.5 rounded-full bg-accent-soft ring-2 ring-accent ring-offset-2 ring-offset-surface-raised"
            />
            {t('bubbles.canvas.legendOwn')}
          </li>
          <li className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="size-3.5 rounded-full bg-accent-soft" />
            {t('bubbles.canvas.legendExamples')}
          </li>
        </ul>
        {all && (
          <p id={countId} ref={countRef} tabIndex={-1} aria-live="polite" className="outline-none">
            {t('bubbles.canvas.shown', { shown: bubbles.length, total })}
          </p>
        )}
      </div>

      <BubbleField
        page="profile"
        bubbles={bubbles}
        layoutSeed={layoutSeed}
        regionLabel={t('bubbles.canvas.label')}
        caption={all ? 'categoryAndName' : 'name'}
        ownIds={ownIds}
        rounds={rounds}
        highlightId={highlightId}
        empty={t('bubbles.canvas.empty')}
      />

      <p role="status" className="sr-only">
        {highlighted ? t('bubbles.canvas.newBubble', { name: highlighted.name }) : ''}
      </p>

      {all && onLoadMore && (
        <div className="flex justify-center pt-4 pb-2">
          <Button variant="secondary" onClick={loadMore} aria-describedby={countId}>
            <Plus className="size-4" aria-hidden="true" />
            {t('bubbles.profile.loadMore', { n: loadMoreCount })}
          </Button>
        </div>
      )}
    </Card>
  );
}

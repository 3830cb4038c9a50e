import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import {
  ALL,
  type Bubble,
  type Category,
  type CategoryChoice,
  DEFAULT_CATEGORY,
} from '@shared/domain/bubbles';
import { href } from '@shared/routes';
import { MessageCircleQuestion, Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryName } from '../lib/bubble-text';
import type { CanvasView } from '../lib/profile-lists';
import { BubbleField } from './bubble-field';

/**
 * The profile's canvas (spec §2 Profile): the bubbles, the detail overlay of the bubble clicked, in All mode
 * how many are shown and "load more (50)" while there are more. A visitor's canvas holds the spec's mock
 * bubbles, marked as examples beside a legend; a signed-in person's holds their own moments alone, and where
 * there are none yet it says so and leads to the first question (issue 34).
 */
export function ProfileBubbles({
  view,
  category,
  bubbles,
  total,
  layoutSeed,
  ownIds,
  rounds,
  highlightId,
  onLoadMore,
  loadMoreCount,
  onAnswer,
}: {
  /** 'loading' until it is known whose bubbles there are to show. */
  view: CanvasView;
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
  /** Called before going to the questionnaire from the invitation of an empty canvas. */
  onAnswer: (category: Category) => void;
}) {
  const { t } = useTranslation();
  const countRef = useRef<HTMLParagraphElement>(null);
  const countId = useId();
  const all = category === ALL;
  const examples = view === 'examples';
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
      {examples && (
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-2 pt-1 pb-2">
          <Badge tone="accent">{t('bubbles.canvas.examplesBadge')}</Badge>
          <p className="min-w-0 flex-1 basis-56 text-sm text-fg-muted">{t('bubbles.canvas.examplesNote')}</p>
        </div>
      )}
      {view !== 'loading' && (examples || bubbles.length > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-2 pt-1 pb-3 text-sm text-fg-muted">
          {examples && (
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
          )}
          {(all || !examples) && (
            <p id={countId} ref={countRef} tabIndex={-1} aria-live="polite" className="ml-auto outline-none">
              {bubbles.length < total
                ? t('bubbles.canvas.shown', { shown: bubbles.length, total })
                : t('bubbles.canvas.count', { count: total })}
            </p>
          )}
        </div>
      )}

      <BubbleField
        page="profile"
        bubbles={view === 'loading' ? [] : bubbles}
        layoutSeed={layoutSeed}
        regionLabel={examples ? t('bubbles.canvas.labelExamples') : t('bubbles.canvas.label')}
        caption={all ? 'categoryAndName' : 'name'}
        ownIds={ownIds}
        rounds={rounds}
        highlightId={highlightId}
        empty={
          view === 'loading' ? (
            <span role="status" className="inline-flex items-center gap-3">
              <Spinner className="size-5 text-accent" />
              {t('bubbles.canvas.loading')}
            </span>
          ) : examples ? (
            t('bubbles.canvas.empty')
          ) : (
            <EmptyInvitation category={category} onAnswer={onAnswer} />
          )
        }
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

/**
 * A signed-in person's empty canvas (issue 34): that there is nothing yet, in the category or in the whole
 * profile, and the way to the first answer (the category's questionnaire; for the whole profile, Trust's).
 */
function EmptyInvitation({
  category,
  onAnswer,
}: {
  category: CategoryChoice;
  onAnswer: (category: Category) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const whole = category === ALL;
  const target = whole ? DEFAULT_CATEGORY : category;
  const name = categoryName(t, target);
  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-md flex-col items-center gap-3">
      <span aria-hidden="true" className="mb-2 flex items-start gap-2">
        <span className="size-10 rounded-full border-2 border-dashed border-accent/60" />
        <span className="mt-5 size-6 rounded-full border-2 border-dashed border-accent/45" />
        <span className="mt-1 size-8 rounded-full border-2 border-dashed border-accent/30" />
      </span>
      <h2 id={headingId} className="font-display text-xl font-semibold text-balance text-fg">
        {whole ? t('bubbles.empty.profileTitle') : t('bubbles.empty.categoryTitle', { category: name })}
      </h2>
      <p className="leading-relaxed text-balance">
        {whole ? t('bubbles.empty.profileText', { category: name }) : t('bubbles.empty.categoryText')}
      </p>
      <Button asChild className="mt-3 h-auto min-h-11 py-2.5 text-center leading-snug">
        <Link to={href('app', { category: target })} onClick={() => onAnswer(target)}>
          <MessageCircleQuestion className="size-5 shrink-0" aria-hidden="true" />
          {whole ? t('bubbles.empty.profileCta') : t('bubbles.empty.categoryCta', { category: name })}
        </Link>
      </Button>
    </section>
  );
}

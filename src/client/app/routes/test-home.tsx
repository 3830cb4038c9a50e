import { BackgroundVideo } from '@client/components/background-video';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { BubbleField } from '@client/features/bubbles/components/bubble-field';
import { useBubbleLists } from '@client/features/bubbles/hooks/use-bubble-lists';
import { seedFor } from '@client/features/bubbles/lib/sample';
import { CategorySelect } from '@client/features/test-home/components/category-select';
import { RedBubbles } from '@client/features/test-home/components/red-bubbles';
import { testHomeChoice } from '@client/features/test-home/selection';
import { ALL, type CategoryChoice, TEST_HOME_ALL_COUNT } from '@shared/domain/bubbles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The test home (spec §2 "/testhome"): the background video with its debug banner, the three red bubbles,
 * and below them the canvas of moments: the chosen category's bubbles, or in All mode a shuffled sample of
 * 100 from every category, each showing its category in lowercase and opening the detail overlay
 * "{category} - {n}". The canvas holds the person's own answers beside the mock bubbles, which are labelled
 * as examples (issue 34: on the profile, a signed-in person sees their own alone).
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = testHomeChoice(searchParams.get('category'));
  const { seed, lists, rounds, ownIds, allOrder } = useBubbleLists('testHome');
  const bubbles = useMemo(
    () => (choice === ALL ? allOrder.slice(0, TEST_HOME_ALL_COUNT) : lists[choice]),
    [choice, allOrder, lists],
  );

  const choose = (next: CategoryChoice) => {
    const params = new URLSearchParams(searchParams);
    if (next === ALL) params.delete('category');
    else params.set('category', next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="relative isolate flex flex-1 flex-col">
      <BackgroundVideo debug />
      <PageHeader actions={<CategorySelect value={choice} onChange={choose} />} />
      <h1 className="sr-only">{t('testHome.heading')}</h1>

      <div className="flex min-h-[calc(100svh-13rem)] items-center justify-center py-8">
        <RedBubbles />
      </div>

      <div className="flex flex-col items-center pb-10">
        <div className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1 px-5">
          <h2 className="font-display text-2xl font-semibold">{t('testHome.bubblesHeading')}</h2>
          <Badge tone="accent">{t('bubbles.canvas.examplesBadge')}</Badge>
          <p className="text-sm text-fg-muted">{t('testHome.bubblesCount', { count: bubbles.length })}</p>
        </div>
        <p className="mt-1 px-5 text-center text-sm text-fg-muted">{t('testHome.examplesNote')}</p>
        <BubbleField
          page="testHome"
          bubbles={bubbles}
          layoutSeed={seedFor(seed, `layout:${choice}`)}
          regionLabel={t('testHome.bubblesHeading')}
          caption="categoryLower"
          ownIds={ownIds}
          rounds={rounds}
          surface="dark"
        />
      </div>
    </div>
  );
}

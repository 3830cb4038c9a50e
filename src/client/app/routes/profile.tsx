import { MemberHeader } from '@client/app/member-nav';
import { ProfileBubbles } from '@client/features/bubbles/components/profile-bubbles';
import { ProfilePanel } from '@client/features/bubbles/components/profile-panel';
import { UnknownCategory } from '@client/features/bubbles/components/unknown-category';
import { useBubbleLists } from '@client/features/bubbles/hooks/use-bubble-lists';
import { useNewBubbleHighlight } from '@client/features/bubbles/hooks/use-new-bubble-highlight';
import { rememberCountBeforeAnswering } from '@client/features/bubbles/lib/highlight';
import { allModeShown, seedFor } from '@client/features/bubbles/lib/sample';
import {
  ALL,
  ALL_SAMPLE_SIZE,
  CATEGORIES,
  type Category,
  type CategoryChoice,
  categoryFromQuery,
  isUnknownCategoryQuery,
} from '@shared/domain/bubbles';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The bubble profile (spec §2 "/profile", issue 5): the My Profile card beside (on small screens above) the
 * canvas of bubbles, the detail overlay, the new-bubble highlight after answering, and All mode's sample with
 * "load more". A signed-in person sees their own moments alone, with true counts, and an invitation where
 * there are none yet; a visitor sees theirs beside the category's mock bubbles, marked as examples (issue 34).
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('category');
  const category = categoryFromQuery(query, true);
  const { real, view, seed, lists, rounds, ownIds, allOrder } = useBubbleLists('profile');
  const [pages, setPages] = useState(1);

  const all = category === ALL;
  const { shown, hasMore } = allModeShown(allOrder.length, pages);
  const bubbles = useMemo(
    () => (all ? allOrder.slice(0, shown) : lists[category]),
    [all, allOrder, shown, lists, category],
  );
  const ownInCategory = all ? [] : real.byCategory[category];
  const ownShown = useMemo(
    () => (all ? CATEGORIES.flatMap((each) => real.byCategory[each]) : real.byCategory[category]),
    [all, category, real.byCategory],
  );
  const highlightId = useNewBubbleHighlight(all ? null : category, ownInCategory, real.ready);
  // A signed-in person's canvas waits for the account's bubbles before it says there are none.
  const canvasView = view === 'own' && !real.loaded && ownShown.length === 0 ? 'loading' : view;
  const rememberCount = (chosen: Category) =>
    rememberCountBeforeAnswering(chosen, real.byCategory[chosen].length);

  const chooseCategory = (next: CategoryChoice) => {
    setPages(1);
    setSearchParams({ category: next }, { preventScrollReset: true });
  };

  if (query !== null && isUnknownCategoryQuery(query, true))
    return <UnknownCategory value={query} header={<MemberHeader />} />;
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-5 pt-4 pb-16 sm:px-8 md:items-start md:max-lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-8 min-[1180px]:grid-cols-[minmax(0,1fr)_auto]">
        <div className="md:max-lg:sticky md:max-lg:top-6 min-[1180px]:sticky min-[1180px]:top-6">
          <ProfilePanel
            category={category}
            onCategoryChange={chooseCategory}
            onAnswer={rememberCount}
            own={ownShown}
            syncFailed={real.syncFailed}
            onRetrySync={real.retrySync}
          />
        </div>
        <ProfileBubbles
          view={canvasView}
          category={category}
          bubbles={bubbles}
          total={all ? allOrder.length : bubbles.length}
          layoutSeed={seedFor(seed, `layout:${category}`)}
          ownIds={ownIds}
          rounds={rounds}
          highlightId={highlightId}
          onLoadMore={all && hasMore ? () => setPages((value) => value + 1) : null}
          loadMoreCount={ALL_SAMPLE_SIZE}
          onAnswer={rememberCount}
        />
      </div>
    </div>
  );
}

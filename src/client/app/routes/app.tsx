import { MemberHeader } from '@client/app/member-nav';
import { Questionnaire } from '@client/features/bubbles/components/questionnaire';
import { UnknownCategory } from '@client/features/bubbles/components/unknown-category';
import { useRealBubbles } from '@client/features/bubbles/hooks/use-real-bubbles';
import {
  categoryFromQuery,
  DEFAULT_CATEGORY,
  isCategory,
  isUnknownCategoryQuery,
} from '@shared/domain/bubbles';
import { useSearchParams } from 'react-router';

/** The category questionnaire (spec §2 "/app"): `?category=` names one of the ten; missing is Trust, unknown is not found. */
export function Component() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('category');
  const choice = categoryFromQuery(query, false);
  const category = isCategory(choice) ? choice : DEFAULT_CATEGORY;
  const real = useRealBubbles();
  if (query !== null && isUnknownCategoryQuery(query, false))
    return <UnknownCategory value={query} header={<MemberHeader />} />;
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      {/* A new category starts a new questionnaire. */}
      <Questionnaire key={category} category={category} countBefore={real.byCategory[category].length} />
    </div>
  );
}

import { MemberHeader } from '@client/app/member-nav';
import { Questionnaire } from '@client/features/bubbles/components/questionnaire';
import { useRealBubbles } from '@client/features/bubbles/hooks/use-real-bubbles';
import { categoryFromQuery, DEFAULT_CATEGORY, isCategory } from '@shared/domain/bubbles';
import { useSearchParams } from 'react-router';

/** The category questionnaire (spec §2 "/app"): `?category=` names one of the ten; anything else is Trust. */
export function Component() {
  const [searchParams] = useSearchParams();
  const choice = categoryFromQuery(searchParams.get('category'), false);
  const category = isCategory(choice) ? choice : DEFAULT_CATEGORY;
  const real = useRealBubbles();
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      {/* A new category starts a new questionnaire. */}
      <Questionnaire key={category} category={category} countBefore={real.byCategory[category].length} />
    </div>
  );
}

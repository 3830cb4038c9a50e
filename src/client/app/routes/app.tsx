import { MemberHeader } from '@client/app/member-nav';
import { Spinner } from '@client/components/ui/spinner';
import { Questionnaire } from '@client/features/bubbles/components/questionnaire';
import { UnknownCategory } from '@client/features/bubbles/components/unknown-category';
import { useRealBubbles } from '@client/features/bubbles/hooks/use-real-bubbles';
import {
  categoryFromQuery,
  DEFAULT_CATEGORY,
  isCategory,
  isUnknownCategoryQuery,
} from '@shared/domain/bubbles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The category questionnaire (spec §2 "/app"): `?category=` names one of the ten; missing is Trust, unknown is not found. */
export function Component() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('category');
  const choice = categoryFromQuery(query, false);
  const category = isCategory(choice) ? choice : DEFAULT_CATEGORY;
  const real = useRealBubbles();
  const { t } = useTranslation();
  if (query !== null && isUnknownCategoryQuery(query, false))
    return <UnknownCategory value={query} header={<MemberHeader />} />;
  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      {real.ready ? (
        // A new category or person starts a new questionnaire, from their own answer in progress.
        <Questionnaire
          key={`${category} ${real.userId}`}
          category={category}
          countBefore={real.byCategory[category].length}
          owner={real.userId}
        />
      ) : (
        // Whose answer in progress to take up is known with the session.
        <div className="flex flex-1 items-center justify-center py-24">
          <span role="status" className="inline-flex items-center gap-3 text-fg-muted">
            <Spinner className="size-5 text-accent" />
            {t('bubbles.questionnaire.loading')}
          </span>
        </div>
      )}
    </div>
  );
}

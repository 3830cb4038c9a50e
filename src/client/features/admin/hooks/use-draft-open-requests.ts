import { toast } from '@client/lib/toast';
import type { NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterDraft } from '@shared/schemas/newsletters';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeDraftOpenRequests, takeDraftOpenRequest } from '../lib/draft-open-requests';

/**
 * Opens the drafts other parts of the page ask for (a duplicated campaign) in the newsletter composer. Unsaved
 * changes are never dropped unasked: the draft is saved already, and a toast offers to open it anyway.
 */
export function useDraftOpenRequests(
  kind: NewsletterKind,
  composer: { unsaved: boolean; onOpen: (draft: TNewsletterDraft) => void },
): void {
  const { t } = useTranslation();
  const latest = useRef({ ...composer, t });
  latest.current = { ...composer, t };

  useEffect(() => {
    if (kind !== 'newsletter') return;
    const take = () => {
      const draft = takeDraftOpenRequest();
      if (!draft) return;
      const { unsaved, onOpen, t } = latest.current;
      if (!unsaved) {
        onOpen(draft);
        return;
      }
      const name = draft.name.trim() || t('admin.newsletters.drafts.untitled');
      toast.info(t('admin.campaigns.duplicate.keptUnsaved', { name }), {
        duration: 20_000,
        action: { label: t('admin.campaigns.duplicate.openAnyway'), onClick: () => onOpen(draft) },
      });
    };
    take();
    return subscribeDraftOpenRequests(take);
  }, [kind]);
}

import { Button } from '@client/components/ui/button';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { usePageCursors } from '../hooks/use-page-cursors';

/** Previous and next under a keyset-paged list, with the page number between them. */
export function KeysetPager({
  pages,
  nextCursor,
  waiting,
}: {
  pages: ReturnType<typeof usePageCursors>;
  /** The server's cursor after this page, or null on the last one. */
  nextCursor: string | null | undefined;
  /** The page on screen is the previous one, still shown while the next loads. */
  waiting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.pages.label')} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={!pages.hasPrevious} onClick={pages.previous}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('admin.pages.previous')}
      </Button>
      <span className="text-sm text-fg-muted">{t('admin.pages.page', { page: pages.page })}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor || waiting}
        onClick={() => nextCursor && pages.next(nextCursor)}
      >
        {t('admin.pages.next')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
